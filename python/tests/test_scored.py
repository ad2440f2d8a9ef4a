"""Scored-pair Bradley-Terry (tourney.rank_scored): the fit against an independent scipy fit
of the same soft outcomes on WMT20 MQM en-de, the bootstrap over items against numpy on its
replicates and against the delta method by hand, and bad input."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import optimize

import tourney

from conftest import shared_path

ELO = 400 / np.log(10)


def mqm():
    return pd.read_csv(shared_path("data", "wmt20-mqm", "en-de.tsv.gz"), sep="\t")


def soft_outcomes(frame, score, width):
    """Every pair of systems on one (doc, seg) item, built with pandas: (a, b, w)."""
    rows = frame.dropna(subset=[score])[["doc", "seg", "system", score]]
    pairs = rows.merge(rows, on=["doc", "seg"])
    pairs = pairs[pairs["system_x"] < pairs["system_y"]]
    w = np.clip(0.5 + (pairs[f"{score}_x"] - pairs[f"{score}_y"]) / (2 * width), 0, 1)
    return pairs["system_x"].to_numpy(), pairs["system_y"].to_numpy(), w.to_numpy()


def scipy_fit(a, b, w):
    names = sorted(set(a) | set(b))
    index = {name: k for k, name in enumerate(names)}
    ia, ib = np.array([index[x] for x in a]), np.array([index[x] for x in b])
    n = len(names)

    def loss(free):
        theta = np.append(free, -free.sum())
        d = theta[ia] - theta[ib]
        return np.sum(np.logaddexp(0, d) - w * d)

    def grad(free):
        theta = np.append(free, -free.sum())
        g = 1 / (1 + np.exp(-(theta[ia] - theta[ib]))) - w
        full = np.bincount(ia, g, n) - np.bincount(ib, g, n)
        return full[:-1] - full[-1]

    fit = optimize.minimize(loss, np.zeros(n - 1), jac=grad, method="BFGS",
                            options={"gtol": 1e-10, "maxiter": 10000})
    return pd.Series(np.append(fit.x, -fit.x.sum()), index=names)


def test_fit_equals_an_independent_fit_of_the_soft_outcomes():
    frame = mqm()
    board = tourney.rank_scored(frame, item=["doc", "seg"], score="mqm", lower_is_better=True,
                                bootstrap=0)
    negated = frame.assign(neg=-frame["mqm"])
    width = negated["neg"].max() - negated["neg"].min()
    a, b, w = soft_outcomes(negated, "neg", width)
    theta = scipy_fit(a, b, w)
    assert board.attrs["board"]["comparisons"] == len(w)
    assert board.attrs["board"]["score_range"] == width
    np.testing.assert_allclose(board["theta"], theta[board.index], atol=1e-7)
    np.testing.assert_allclose(board["score"], 1000 + ELO * theta[board.index], atol=1e-5)
    means = frame.groupby("system")["mqm"].mean()
    np.testing.assert_allclose(board["mean"], -means[board.index], rtol=1e-12)
    assert list(board["rank"]) == list(range(1, len(board) + 1))


def test_bootstrap_columns_follow_from_the_replicates():
    frame = mqm()
    board, reps = tourney.rank_scored(frame, item=["doc", "seg"], score="mqm",
                                      lower_is_better=True, bootstrap=100, seed=3, threads=2,
                                      replicates=True)
    assert list(reps.columns) == list(board["system"]) and reps.shape == (100, len(board))
    np.testing.assert_allclose(board["stderr"], reps.std(ddof=1), rtol=1e-12)
    k = math.ceil(100 * 0.05 / 2)
    values = np.sort(reps.to_numpy(), axis=0)
    np.testing.assert_allclose(board["score_lo"], values[k], rtol=1e-12)
    np.testing.assert_allclose(board["score_hi"], values[100 - 1 - k], rtol=1e-12)
    ranks = np.sort((-reps.to_numpy()).argsort(axis=1).argsort(axis=1) + 1, axis=0)
    assert list(board["rank_lo"]) == list(ranks[k])
    assert list(board["rank_hi"]) == list(ranks[100 - 1 - k])
    again, one_thread = tourney.rank_scored(frame, item=["doc", "seg"], score="mqm",
                                            lower_is_better=True, bootstrap=100, seed=3,
                                            threads=1, replicates=True)
    pd.testing.assert_frame_equal(reps, one_thread)
    pd.testing.assert_frame_equal(board, again)


def test_bootstrap_over_items_has_the_delta_method_spread():
    # Two systems on 400 items, a ahead by +20 on half and -20 on the other (R = 100): soft
    # wins 0.6 and 0.4, p = 1/2. A replicate's theta_a - theta_b = logit(mean of the drawn
    # w), whose sd is sd(w) / (sqrt(400) p (1 - p)) = 0.1 / 20 / 0.25 = 0.02; theta_a is
    # half of it: 0.01, 400 / ln 10 * 0.01 = 1.737 Elo points. 2,000 replicates estimate it
    # within 3 standard errors (1.6% each) plus the delta method's error.
    items = np.repeat(np.arange(400), 2)
    systems = np.tile(["a", "b"], 400)
    scores = np.where(systems == "a", np.where(items % 2 == 0, 70.0, 30.0), 50.0)
    frame = pd.DataFrame({"item": items, "system": systems, "score": scores})
    board = tourney.rank_scored(frame, score_range=100, bootstrap=2000, seed=4)
    assert board["score"].to_numpy() == pytest.approx([1000, 1000], abs=1e-9)
    want = ELO * 0.01
    assert board.loc["a", "stderr"] == pytest.approx(want, rel=0.06)
    assert board.loc["b", "stderr"] == pytest.approx(want, rel=0.06)


def test_score_range_forms_and_bad_input():
    frame = pd.DataFrame({"item": [1, 1, 2, 2], "system": ["a", "b", "a", "b"],
                          "score": [80.0, 60.0, 70.0, np.nan]})
    # One comparison (item 2 lost its b score): w = 0.5 + 20 / 200 = 0.6 for a.
    board = tourney.rank_scored(frame, score_range=(0, 100), bootstrap=0)
    assert board.loc["a", "theta"] - board.loc["b", "theta"] == pytest.approx(math.log(1.5))
    same = tourney.rank_scored(frame, score_range=100, bootstrap=0)
    pd.testing.assert_frame_equal(board, same)
    with pytest.warns(tourney.TourneyWarning, match="does not exist"):
        own = tourney.rank_scored(frame, bootstrap=0)  # R = 80 - 60: w = 1, a wins outright
    assert own.attrs["board"]["score_range"] == 20
    twice = pd.concat([frame, frame.iloc[:1]])
    with pytest.raises(tourney.InputError, match="twice"):
        tourney.rank_scored(twice, bootstrap=0)
    with pytest.raises(tourney.InputError, match="no column 'segment'"):
        tourney.rank_scored(frame, item="segment")
    with pytest.raises(tourney.InputError, match="score_range"):
        tourney.rank_scored(frame.assign(score=5.0), bootstrap=0)
    with pytest.raises(ValueError, match="^score_range"):
        tourney.rank_scored(frame, score_range=(100, 0))
