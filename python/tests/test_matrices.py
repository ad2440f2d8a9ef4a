"""tourney.pairwise_matrices and tourney.win_probabilities (python/tourney/matrices.py):
head-to-head counts by hand and against the command line's board, and win probabilities
from Bradley-Terry's closed form and from evalica's reference strengths."""

import csv

import numpy as np
import pandas as pd
import pytest

import tourney

from conftest import cli_json, shared_path


def test_pairwise_matrices_of_a_small_file_by_hand():
    simple = shared_path("fixtures", "pairwise-peers", "simple.csv")
    m = tourney.pairwise_matrices(simple)
    # Counted from the file's 16 rows by hand: (winner, loser) and the tied pairs.
    won = {("1", "0"): 1, ("2", "0"): 1, ("3", "0"): 1, ("3", "1"): 1, ("3", "2"): 1,
           ("4", "0"): 1, ("4", "3"): 1}
    tied = {("0", "1"): 1, ("0", "2"): 1, ("0", "4"): 1, ("1", "2"): 2, ("1", "3"): 1,
            ("2", "4"): 1, ("3", "4"): 2}
    systems = ["0", "1", "2", "3", "4"]
    assert sorted(m.wins.index) == systems and list(m.wins.columns) == list(m.wins.index)
    for a in systems:
        for b in systems:
            assert m.wins.loc[a, b] == won.get((a, b), 0), (a, b)
            ties = tied.get((a, b), 0) + tied.get((b, a), 0)
            assert m.ties.loc[a, b] == ties, (a, b)
            assert m.comparisons.loc[a, b] == won.get((a, b), 0) + won.get((b, a), 0) + ties
    assert int(m.comparisons.to_numpy().sum()) == 2 * 16


def test_pairwise_matrices_agree_with_the_cli_board():
    llmfao = shared_path("fixtures", "pairwise-peers", "llmfao.csv")
    m = tourney.pairwise_matrices(llmfao)
    board = cli_json("rank", llmfao, "--model", "counting")
    for entry in board["entries"]:
        s = entry["system"]
        assert m.wins.loc[s].sum() == int(entry["wins"]), s
        assert m.wins[s].sum() == int(entry["losses"]), s
        assert m.ties.loc[s].sum() == int(entry["ties"]), s
        assert m.comparisons.loc[s].sum() == int(entry["comparisons"]), s
    with open(llmfao, newline="") as f:
        rows = sum(1 for row in csv.DictReader(f) if row["left"] != row["right"])
    assert int(m.comparisons.to_numpy().sum()) == 2 * rows


def test_pairwise_matrices_take_a_dataframe():
    frame = pd.DataFrame({"model_a": ["x", "y", "x"], "model_b": ["y", "x", "y"],
                          "winner": ["model_a", "model_a", "tie"]})
    m = tourney.pairwise_matrices(frame)
    assert m.wins.loc["x", "y"] == 1 and m.wins.loc["y", "x"] == 1
    assert m.ties.loc["x", "y"] == 1 and m.comparisons.loc["y", "x"] == 3


def test_bradley_terry_probability_of_three_wins_in_four():
    # Two systems, a beats b 3 times in 4: the MLE gives pi_a / pi_b = 3, so P = 3/4.
    frame = pd.DataFrame({"model_a": ["a"] * 4, "model_b": ["b"] * 4,
                          "winner": ["model_a"] * 3 + ["model_b"]})
    p = tourney.win_probabilities(tourney.rank(frame, model="bradley-terry"))
    assert list(p.index) == ["a", "b"] and list(p.columns) == ["a", "b"]
    assert abs(p.loc["a", "b"] - 0.75) < 1e-9 and abs(p.loc["b", "a"] - 0.25) < 1e-9
    assert p.loc["a", "a"] == 0.5


def test_win_probabilities_equal_evalicas_strengths():
    # evalica's pairwise_scores on its Bradley-Terry strengths: p_a / (p_a + p_b).
    llmfao = shared_path("fixtures", "pairwise-peers", "llmfao.csv")
    golden = shared_path("fixtures", "pairwise-peers", "llmfao-golden.csv")
    strength = {}
    with open(golden, newline="") as f:
        for row in csv.DictReader(f):
            if row["algorithm"] == "bradley_terry":
                strength[row["item"]] = float(row["score"])
    board = tourney.rank(llmfao, model="bradley-terry")
    p = tourney.win_probabilities(board)
    assert list(p.index) == list(board["system"])
    worst = 0.0
    for a in p.index:
        for b in p.columns:
            want = strength[a] / (strength[a] + strength[b])
            worst = max(worst, abs(p.loc[a, b] - want))
    assert worst < 1e-9, worst
    # docs/python.md: evalica's strengths are 10 ** (score / 400) normalised to sum 1.
    power = 10.0 ** (board["score"] / 400.0)
    power = power / power.sum()
    assert max(abs(power[k] - v) for k, v in strength.items()) < 1e-9
    assert np.allclose(p.to_numpy() + p.to_numpy().T, 1.0)
    # Rows in the board's order: the sums fall as the scores do.
    sums = p.sum(axis=1).to_numpy()
    assert np.all(np.diff(sums) <= 1e-12)


def test_strength_models_use_evalicas_formula():
    simple = shared_path("fixtures", "pairwise-peers", "simple.csv")
    board = tourney.rank(simple, model="pagerank")
    p = tourney.win_probabilities(board)
    s = dict(zip(board["system"], board["score"]))
    assert abs(p.loc["4", "0"] - s["4"] / (s["4"] + s["0"])) < 1e-15


def test_win_probabilities_refuse_models_without_them():
    frame = pd.DataFrame({"model_a": ["a", "b"], "model_b": ["b", "a"],
                          "winner": ["model_a", "model_a"]})
    with pytest.raises(ValueError, match="model: 'expected-wins' scores are not"):
        tourney.win_probabilities(tourney.rank(frame))
    with pytest.raises(TypeError, match="board: a leaderboard DataFrame"):
        tourney.win_probabilities({"a": 1.0})
