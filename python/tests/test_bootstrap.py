"""The bootstrap's standard errors and replicate distribution (cluster's stderr column and
replicates=True): checked against numpy on the returned replicates, against the board's own
rank ranges and score intervals recomputed from them, and against a binomial by hand."""

import math

import numpy as np
import pandas as pd
import pytest

import tourney

from conftest import shared_path


def llmfao():
    return pd.read_csv(shared_path("fixtures", "pairwise-peers", "llmfao.csv"))


def test_stderr_is_the_sd_of_the_returned_replicates():
    board, reps = tourney.cluster(llmfao(), model="bradley-terry", bootstrap=200, seed=5,
                                  replicates=True)
    assert reps.shape == (200, len(board))
    assert list(reps.columns) == list(board["system"])
    assert reps.index.name == "replicate" and list(reps.index) == list(range(200))
    want = np.std(reps.to_numpy(), axis=0, ddof=1)
    np.testing.assert_allclose(board["stderr"].to_numpy(), want, rtol=1e-12)
    # Without replicates=True the same board, stderr included.
    alone = tourney.cluster(llmfao(), model="bradley-terry", bootstrap=200, seed=5)
    pd.testing.assert_frame_equal(alone, board)


def test_rank_ranges_and_intervals_follow_from_the_replicates():
    # The WMT13 trim by hand: drop k = ceil(R (1 - 0.95) / 2) = 5 replicates at each end.
    board, reps = tourney.cluster(llmfao(), model="bradley-terry", bootstrap=200, seed=9,
                                  replicates=True)
    k = math.ceil(200 * 0.05 / 2)
    scores = reps.to_numpy()
    # Rank 1 = best score in each replicate (Bradley-Terry scores are never exactly tied).
    ranks = (-scores).argsort(axis=1).argsort(axis=1) + 1
    ranks.sort(axis=0)
    scores = np.sort(scores, axis=0)
    assert list(board["rank_lo"]) == list(ranks[k])
    assert list(board["rank_hi"]) == list(ranks[200 - 1 - k])
    np.testing.assert_allclose(board["score_lo"], scores[k], rtol=1e-12)
    np.testing.assert_allclose(board["score_hi"], scores[200 - 1 - k], rtol=1e-12)


def test_replicates_repeat_from_the_seed_at_any_thread_count():
    data = tourney.read(llmfao())
    _, one = tourney.cluster(data, model="bradley-terry", bootstrap=100, seed=11, threads=1,
                             replicates=True)
    _, two = tourney.cluster(data, model="bradley-terry", bootstrap=100, seed=11, threads=2,
                             replicates=True)
    _, other = tourney.cluster(data, model="bradley-terry", bootstrap=100, seed=12,
                               replicates=True)
    pd.testing.assert_frame_equal(one, two)
    assert not np.allclose(one.to_numpy(), other.to_numpy())


@pytest.mark.filterwarnings("ignore::tourney.TourneyWarning")  # counting ranks by volume
def test_counting_replicates_keep_every_comparison():
    # Counting scores a win 1 and a tie 1/2 to each side: a replicate of C comparisons drawn
    # with replacement hands out exactly C points.
    frame = llmfao()
    _, reps = tourney.cluster(frame, model="counting", bootstrap=50, seed=2, replicates=True)
    np.testing.assert_allclose(reps.sum(axis=1), len(frame), rtol=1e-12)


@pytest.mark.parametrize("count_sampler", ["poisson", "binomial"])
def test_stderr_of_a_win_count_is_the_binomial_sd(count_sampler):
    # Two systems, 100 comparisons, a won 30: a's win count in a replicate is Binomial(100,
    # 0.3), sd sqrt(100 * 0.3 * 0.7) = 4.583. With 4,000 replicates the sample sd is within
    # 3 of its own standard errors (about 1.1% each) of it.
    frame = pd.DataFrame({"left": ["a"] * 100, "right": ["b"] * 100,
                          "winner": ["left"] * 30 + ["right"] * 70})
    board = tourney.cluster(frame, model="counting", bootstrap=4000, seed=3,
                            count_sampler=count_sampler)
    want = math.sqrt(100 * 0.3 * 0.7)
    assert board.loc["a", "stderr"] == pytest.approx(want, rel=0.035)
    assert board.loc["b", "stderr"] == pytest.approx(want, rel=0.035)


def test_replicates_is_a_flag_and_needs_a_bootstrap():
    with pytest.raises(TypeError, match="^replicates:"):
        tourney.cluster(llmfao(), replicates="yes")
    with pytest.raises(tourney.InputError, match="replicates"):
        tourney.cluster(llmfao(), anytime=True, replicates=True)
    with pytest.raises(ValueError, match="^count_sampler:"):
        tourney.cluster(llmfao(), count_sampler="normal")
