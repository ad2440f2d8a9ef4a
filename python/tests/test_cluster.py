"""tourney.cluster against `tourney cluster --format json`; seeds give the same board at any
thread count."""

import pandas as pd

import tourney
from conftest import assert_board_equals_json, cli_json, shared_path


def test_bootstrap_clusters_equal_cli():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    want = cli_json("cluster", train, "--bootstrap", "200", "--seed", "5", "--threads", "2")
    got = tourney.cluster(train, bootstrap=200, seed=5, threads=2)
    assert_board_equals_json(got, want)
    assert {"rank_lo", "rank_hi", "cluster"} <= set(got.columns)
    assert got.attrs["board"]["bootstrap_replicates"] == 200


def test_bradley_terry_bootstrap_equals_cli():
    path = shared_path("fixtures", "pairwise-peers", "llmfao.csv")
    want = cli_json("cluster", path, "--model", "bradley-terry", "--bootstrap", "100",
                    "--confidence", "0.9", "--seed", "2")
    got = tourney.cluster(pd.read_csv(path), model="bradley-terry", bootstrap=100,
                          confidence=0.9, seed=2)
    assert_board_equals_json(got, want)


def test_same_seed_same_board_at_any_thread_count():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    data = tourney.read(train)
    boards = [tourney.cluster(data, bootstrap=100, seed=11, threads=t) for t in (1, 2, 3)]
    for board in boards[1:]:
        pd.testing.assert_frame_equal(board, boards[0], check_exact=True)
    ranked = [tourney.rank(data, model="hopkins-may", iterations=60, chains=3, threads=t)
              for t in (1, 3)]
    pd.testing.assert_frame_equal(ranked[0], ranked[1], check_exact=True)


def test_anytime_board_equals_cli():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    for board in ("pooled", "pairwise"):
        want = cli_json("cluster", train, "--anytime", "--delta", "0.1", "--epsilon", "0.02",
                        "--anytime-board", board)
        got = tourney.cluster(train, anytime=True, delta=0.1, epsilon=0.02, anytime_board=board)
        assert_board_equals_json(got, want)


def test_planned_looks_equal_cli():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    want = cli_json("cluster", train, "--bootstrap", "100", "--looks", "4", "--looks-budget",
                    "15000")
    got = tourney.cluster(train, bootstrap=100, looks=4, looks_budget=15000)
    assert_board_equals_json(got, want)
    assert "planned look" in got.attrs["board"]["warnings"][0]
