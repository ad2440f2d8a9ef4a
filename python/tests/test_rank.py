"""tourney.rank against `tourney rank --format json`: every model, files and DataFrames."""

import warnings

import pandas as pd
import pytest

import tourney
from conftest import assert_board_equals_json, cli_json, shared_path, tourney_cli

# Every model on WMT13 fr-en (k-way rankings); the samplers with settings that keep the test
# short, passed to both sides.
MODELS = [
    ("expected-wins", {}, []),
    ("expected-wins-ties", {}, []),
    ("bradley-terry", {}, []),
    ("newman", {}, []),
    ("rao-kupper", {}, []),
    ("plackett-luce", {}, []),
    ("elo", {}, []),
    ("counting", {}, []),
    ("average-win-rate", {}, []),
    ("eigen", {}, []),
    ("pagerank", {}, []),
    ("trueskill", {"budget": 2000}, ["--budget", "2000"]),
    ("trueskill", {"selection": "none", "mode": "ffa"}, ["--selection", "none", "--mode", "ffa"]),
    ("hopkins-may", {"iterations": 100, "chains": 2},
     ["--iterations", "100", "--chains", "2"]),
]


@pytest.mark.parametrize("model,kwargs,flags", MODELS, ids=[
    m[0] + ("-" + "-".join(m[2][1::2]) if m[2] else "") for m in MODELS])
def test_rank_equals_cli_on_wmt13(model, kwargs, flags):
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    want = cli_json("rank", train, "--model", model, "--seed", "7", *flags)
    got = tourney.rank(train, model=model, seed=7, **kwargs)
    assert_board_equals_json(got, want)


def test_ties_and_options_reach_the_model():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    want = cli_json("rank", train, "--model", "bradley-terry", "--tie-weight", "0.25",
                    "--interval-level", "0.9")
    got = tourney.rank(train, model="bradley-terry", ties=0.25, interval_level=0.9)
    assert_board_equals_json(got, want)


@pytest.fixture(scope="module")
def battles(tmp_path_factory):
    """A small simulated Arena log with ties (JSON lines), from the command line."""
    path = tmp_path_factory.mktemp("battles") / "battles.jsonl"
    out = tourney_cli("simulate-battles", "--systems", "12", "--battles", "5000", "--seed", "3")
    path.write_text(out.stdout)
    return path


def test_battle_log_file_and_dataframe_equal_cli(battles):
    want = cli_json("rank", battles, "--model", "bradley-terry")
    assert_board_equals_json(tourney.rank(str(battles), model="bradley-terry"), want)
    frame = pd.read_json(battles, lines=True)
    assert_board_equals_json(tourney.rank(frame, model="bradley-terry"), want)
    # Categoricals (other category orders than the file's) give the same board.
    cats = frame[["model_a", "model_b", "winner"]].astype("category")
    cats["model_b"] = cats["model_b"].cat.reorder_categories(
        sorted(cats["model_b"].cat.categories, reverse=True))
    assert_board_equals_json(tourney.rank(cats, model="bradley-terry"), want)


def test_pairwise_csv_dataframe_equals_cli():
    path = shared_path("fixtures", "pairwise-peers", "llmfao.csv")
    for model in ("bradley-terry", "newman", "elo", "pagerank"):
        want = cli_json("rank", path, "--model", model)
        got = tourney.rank(pd.read_csv(path)[["left", "right", "winner"]], model=model)
        assert_board_equals_json(got, want)


def test_read_keeps_counts():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    data = tourney.read(train)
    board = cli_json("rank", train)
    assert data.num_rankings == int(board["rankings"])
    assert data.num_comparisons == int(board["comparisons"])
    assert sorted(data.systems) == sorted(e["system"] for e in board["entries"])
    assert_board_equals_json(tourney.rank(data), board)


def test_model_names_are_the_cli_models():
    names = tourney.model_names()
    assert names[:4] == ["expected-wins", "expected-wins-ties", "hopkins-may", "trueskill"]
    assert "bradley-terry" in names and "pagerank" in names


def test_style_control_equals_cli(tmp_path):
    path = tmp_path / "styled.jsonl"
    path.write_text(tourney_cli("simulate-battles", "--systems", "8", "--battles", "4000",
                                "--seed", "5", "--style-effect", "0.3").stdout)
    want = cli_json("rank", path, "--model", "bradley-terry", "--covariates", "len_diff")
    frame = pd.read_json(path, lines=True)
    for data in (str(path), frame):
        got = tourney.rank(data, model="bradley-terry", covariates=["len_diff"])
        assert_board_equals_json(got, want)
        effects = got.attrs["board"]["covariate_effects"]
        assert [e["name"] for e in effects] == ["len_diff"]
        for key in ("coefficient", "standard_error", "lo", "hi"):
            assert abs(effects[0][key] - want["covariate_effects"][0][key]) <= 1e-12, key
    with pytest.raises(tourney.InputError, match="bradley-terry"):
        tourney.rank(frame, model="elo", covariates=["len_diff"])


def test_comparisons_round_trip():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    pairs = tourney.comparisons(train)
    board = cli_json("rank", train, "--model", "bradley-terry")
    assert len(pairs) == int(board["comparisons"])
    assert set(pairs["winner"].cat.categories) == {"left", "right", "tie"}
    again = tourney.rank(pairs, model="bradley-terry").set_index("system")
    for entry in board["entries"]:
        assert abs(again.loc[entry["system"], "score"] - entry["score"]) < 1e-9


# issue 45: the engine's warnings stayed in attrs and were never raised.
def test_engine_warnings_are_raised_as_tourney_warnings():
    # Two pairs never compared with each other: the board warns (and keeps the warning).
    battles = pd.DataFrame({"model_a": ["a", "a", "c", "c"], "model_b": ["b", "b", "d", "d"],
                            "winner": ["model_a", "model_b", "model_a", "model_b"]})
    with pytest.warns(tourney.TourneyWarning) as caught:
        board = tourney.rank(battles, model="bradley-terry")
    assert board.attrs["board"]["warnings"]
    assert [str(w.message) for w in caught] == board.attrs["board"]["warnings"]
    assert caught[0].filename == __file__  # pointed at the caller
    # A board without warnings raises none.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tourney.rank(pd.DataFrame({"model_a": ["a", "b"], "model_b": ["b", "a"],
                                   "winner": ["model_a", "model_a"]}))
