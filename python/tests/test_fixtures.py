"""The evalica fixtures (../shared/fixtures/pairwise-peers, README there) through the Python
API: each algorithm's golden scores from tourney.rank on the comparisons as a DataFrame, to
evalica's own tolerance (relative 1e-5; the C++ tests check the same values, exactly where
evalica's scores are exact). evalica's `eigen` (the left power iteration of the win matrix)
is no model of the command line's, whose `eigen` is Keener's vector: eigenvector_test.cc
checks that fixture on the engine function."""

import math

import numpy as np
import pandas as pd
import pytest

import tourney
from conftest import shared_path

DATASETS = ["simple", "food", "llmfao"]
# evalica's algorithm -> (tourney's model, how its golden score is read from the board).
ALGORITHMS = {
    "counting": ("counting", "score"),
    "average_win_rate": ("average-win-rate", "score"),
    "bradley_terry": ("bradley-terry", "strength"),
    "newman": ("newman", "mu"),
    "elo": ("elo", "score"),
    "pagerank": ("pagerank", "normalised"),
}


def golden(dataset):
    table = pd.read_csv(shared_path("fixtures", "pairwise-peers", f"{dataset}-golden.csv"),
                        dtype={"item": str})
    return {a: dict(zip(g["item"], g["score"])) for a, g in table.groupby("algorithm")}


@pytest.mark.parametrize("dataset", DATASETS)
@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_fixture(dataset, algorithm):
    comparisons = pd.read_csv(shared_path("fixtures", "pairwise-peers", f"{dataset}.csv"),
                              dtype={"left": str, "right": str})
    model, reading = ALGORITHMS[algorithm]
    board = tourney.rank(comparisons[["left", "right", "winner"]], model=model)
    if reading == "strength":  # log-strengths, as strengths summing to 1
        values = np.exp(board["mu"].to_numpy())
        values /= values.sum()
    elif reading == "mu":  # Newman's strengths, as the fixture scales them
        values = board["mu"].to_numpy()
    elif reading == "normalised":
        values = board["score"].to_numpy() / board["score"].sum()
    else:
        values = board["score"].to_numpy()
    want = golden(dataset)[algorithm]
    assert set(board["system"]) == set(want)
    for system, value in zip(board["system"], values):
        assert math.isclose(value, want[system], rel_tol=1e-5, abs_tol=1e-12), \
            (system, value, want[system])
