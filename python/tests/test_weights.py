"""Per-battle weights (weighted Bradley-Terry) and Arena's inverse pair-count reweighting:
against duplicated battles, against an independent scipy fit of the weighted likelihood and a
numpy sandwich, and weights by hand."""

import numpy as np
import pandas as pd
import pytest
from scipy import optimize

import tourney

from conftest import shared_path

ELO = 400 / np.log(10)


def llmfao():
    return pd.read_csv(shared_path("fixtures", "pairwise-peers", "llmfao.csv"))


def test_a_weight_of_two_is_the_battle_twice():
    frame = llmfao()[["left", "right", "winner"]]
    twice = np.arange(len(frame)) % 3 == 0
    weights = np.where(twice, 2.0, 1.0)
    duplicated = pd.concat([frame, frame[twice]], ignore_index=True)
    weighted = tourney.rank(frame, model="bradley-terry", weights=weights)
    plain = tourney.rank(duplicated, model="bradley-terry")
    assert list(weighted["system"]) == list(plain["system"])
    np.testing.assert_allclose(weighted["score"], plain["score"], rtol=0, atol=1e-7)
    # Unweighted counts: the board counts the data's battles, not the weights.
    assert weighted["comparisons"].sum() == 2 * len(frame)


def test_unit_weights_are_the_unweighted_board():
    frame = llmfao()
    plain = tourney.rank(frame, model="bradley-terry")
    ones = tourney.rank(frame, model="bradley-terry", weights=np.ones(len(frame)))
    pd.testing.assert_frame_equal(ones, plain, rtol=1e-9)


def weighted_fit(frame, weights):
    """The weighted Bradley-Terry MLE (ties as half wins) by scipy, and the sandwich standard
    errors of theta under sum(theta) = 0, each battle one observation (weight squared in the
    score variance). Returns (names, theta, se)."""
    codes, names = pd.factorize(pd.concat([frame["left"], frame["right"]]))
    a, b = codes[:len(frame)], codes[len(frame):]
    y = frame["winner"].map({"left": 1.0, "right": 0.0, "tie": 0.5}).to_numpy()
    n = len(names)

    def loss(free):
        theta = np.append(free, -free.sum())
        d = theta[a] - theta[b]
        return -np.sum(weights * (y * d - np.logaddexp(0, d)))

    def grad(free):
        theta = np.append(free, -free.sum())
        d = theta[a] - theta[b]
        g = weights * (y - 1 / (1 + np.exp(-d)))
        full = -(np.bincount(a, g, n) - np.bincount(b, g, n))
        return full[:-1] - full[-1]

    fit = optimize.minimize(loss, np.zeros(n - 1), jac=grad, method="BFGS",
                            options={"gtol": 1e-11, "maxiter": 10000})
    theta = np.append(fit.x, -fit.x.sum())
    p = 1 / (1 + np.exp(-(theta[a] - theta[b])))
    info, meat = np.zeros((n, n)), np.zeros((n, n))
    for matrix, values in ((info, weights * p * (1 - p)), (meat, (weights * (y - p)) ** 2)):
        np.add.at(matrix, (a, a), values)
        np.add.at(matrix, (b, b), values)
        np.add.at(matrix, (a, b), -values)
        np.add.at(matrix, (b, a), -values)
    pinv = np.linalg.pinv(info)
    se = np.sqrt(np.diag(pinv @ meat @ pinv))
    return list(names), theta, se


def test_arena_reweighting_equals_an_independent_weighted_fit():
    frame = llmfao()
    weights = tourney.inverse_pair_count_weights(frame, min_pair_count=5)
    board = tourney.rank(frame, model="bradley-terry", weights=weights)
    names, theta, se = weighted_fit(frame, weights)
    want_score = pd.Series(1000 + ELO * theta, index=names)
    np.testing.assert_allclose(board["score"], want_score[board.index], rtol=0, atol=1e-4)
    np.testing.assert_allclose(board["sigma"], pd.Series(se, index=names)[board.index],
                               rtol=1e-5)
    # The reweighting moves the board: it is not the unweighted fit.
    plain = tourney.rank(frame, model="bradley-terry")
    assert np.max(np.abs(plain.loc[board.index, "score"] - board["score"])) > 1.0


def test_inverse_pair_count_weights_by_hand():
    frame = pd.DataFrame({"model_a": ["a", "b", "a", "a", "c"],
                          "model_b": ["b", "a", "b", "c", "b"],
                          "winner": ["model_a", "tie", "model_b", "model_a", "model_b"]})
    # Pairs: a-b 3 battles (either order), a-c 1, b-c 1.
    np.testing.assert_allclose(tourney.inverse_pair_count_weights(frame, min_pair_count=2),
                               [1 / 3, 1 / 3, 1 / 3, 1 / 2, 1 / 2])
    np.testing.assert_allclose(tourney.inverse_pair_count_weights(frame), [1 / 50] * 5)
    np.testing.assert_allclose(tourney.inverse_pair_count_weights(frame, min_pair_count=0),
                               [1 / 3, 1 / 3, 1 / 3, 1, 1])


def test_weights_from_a_column_and_bad_weights():
    frame = pd.DataFrame({"model_a": ["a", "b", "a"], "model_b": ["b", "c", "c"],
                          "winner": ["model_a", "model_a", "model_b"], "w": [1.0, 2.0, 0.5]})
    by_name = tourney.rank(frame, model="bradley-terry", weights="w")
    by_values = tourney.rank(frame, model="bradley-terry", weights=frame["w"].to_numpy())
    pd.testing.assert_frame_equal(by_name, by_values)
    with pytest.raises(ValueError, match="^weights: 2 values for 3 battles"):
        tourney.rank(frame, model="bradley-terry", weights=[1, 2])
    with pytest.raises(ValueError, match="^weights: battle 2 has the weight -1.0"):
        tourney.rank(frame, model="bradley-terry", weights=[1, -1, 1])
    with pytest.raises(tourney.InputError, match="only model bradley-terry takes weights"):
        tourney.rank(frame, model="elo", weights="w")
    with pytest.raises(tourney.InputError, match="no column 'x'"):
        tourney.rank(frame, model="bradley-terry", weights="x")


def test_weighted_bootstrap_spread_by_the_delta_method():
    # Two systems; a won 60 battles (weight 1 each), b won 40 (weight 2 each). A replicate
    # draws 100 battles: theta_a - theta_b = log(A / B), A = sum of w y, B = sum of w (1 - y)
    # over the draws. Delta method, per battle X = w y, Z = w (1 - y):
    # var(log A - log B) = n (var X / EA^2 + var Z / EB^2 - 2 cov(X, Z) / (EA EB)),
    # EA = n E X, EB = n E Z; theta_a is half the difference.
    w = np.array([1.0] * 60 + [2.0] * 40)
    y = np.array([1.0] * 60 + [0.0] * 40)
    frame = pd.DataFrame({"left": ["a"] * 100, "right": ["b"] * 100,
                          "winner": ["left"] * 60 + ["right"] * 40})
    board = tourney.cluster(frame, model="bradley-terry", bootstrap=2000, seed=6, weights=w)
    x, z = w * y, w * (1 - y)
    n = 100
    var = n * (x.var() / (n * x.mean()) ** 2 + z.var() / (n * z.mean()) ** 2
               - 2 * np.mean((x - x.mean()) * (z - z.mean())) / (n * x.mean() * n * z.mean()))
    want = ELO * 0.5 * np.sqrt(var)
    assert board.loc["a", "stderr"] == pytest.approx(want, rel=0.08)
    # The full-data score is the weighted fit's: odds 60 : 80.
    assert board.loc["a", "score"] - board.loc["b", "score"] == pytest.approx(
        400 * np.log10(60 / 80), abs=1e-8)
    assert board.loc["b", "rank"] == 1
    with pytest.raises(tourney.InputError, match="only model bradley-terry"):
        tourney.cluster(frame, bootstrap=100, weights=w)
    with pytest.raises(tourney.InputError, match="anytime"):
        tourney.cluster(frame, anytime=True, weights=w)
