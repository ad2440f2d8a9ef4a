"""The package's Python conventions (docs/python.md "Conventions"): arguments checked with
TypeError/ValueError naming them, seeds from None or a numpy Generator, boards indexed by
system, read taking a DataFrame, plots as Plot objects, a readable Dataset repr, py.typed."""

import os
import warnings

import numpy as np
import pandas as pd
import pytest

import tourney

from conftest import cli_json, shared_path, tourney_cli

BATTLES = pd.DataFrame({"model_a": ["a", "a", "b", "c", "a"],
                        "model_b": ["b", "c", "c", "a", "b"],
                        "winner": ["model_a", "model_b", "tie", "model_a", "model_a"]})


@pytest.mark.parametrize("call, argument, error", [
    (lambda: tourney.cluster(BATTLES, bootstrap=10.9), "bootstrap", ValueError),
    (lambda: tourney.cluster(BATTLES, bootstrap="100"), "bootstrap", TypeError),
    (lambda: tourney.cluster(BATTLES, bootstrap=True), "bootstrap", TypeError),
    (lambda: tourney.cluster(BATTLES, confidence=1.5), "confidence", ValueError),
    (lambda: tourney.rank(BATTLES, threads=2.5), "threads", ValueError),
    (lambda: tourney.rank(BATTLES, seed="1"), "seed", TypeError),
    (lambda: tourney.rank(BATTLES, seed=-1), "seed", ValueError),
    (lambda: tourney.rank(BATTLES, seed=1.0), "seed", TypeError),
    (lambda: tourney.rank(BATTLES, model=3), "model", TypeError),
    (lambda: tourney.rank(BATTLES, ties="half"), "ties", TypeError),
    (lambda: tourney.rank(BATTLES, stopping="no"), "stopping", TypeError),
    (lambda: tourney.stability(BATTLES, repeats=2.5), "repeats", ValueError),
    (lambda: tourney.read(3), "paths", TypeError),
    (lambda: tourney.read(BATTLES, format="wmt"), "paths", ValueError),
])
def test_bad_arguments_name_the_argument(call, argument, error):
    # Before: the extension module's TypeError listing its C++ signature, or a silent int().
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert message.startswith(argument + ":"), message
    assert "incompatible function arguments" not in message and "Invoked with" not in message


def test_whole_floats_are_sizes():
    # bootstrap=1e2 is 100 replicates: the same board as the command line's --bootstrap 100.
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    board = tourney.cluster(train, bootstrap=1e2, seed=4)
    want = cli_json("cluster", train, "--bootstrap", "100", "--seed", "4")
    assert board.attrs["board"]["bootstrap_replicates"] == want["bootstrap_replicates"] == 100
    assert [int(e["rank_lo"]) for e in want["entries"]] == list(board["rank_lo"])


def test_seed_none_draws_a_seed_and_records_it():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    board = tourney.cluster(train, bootstrap=50, seed=None)
    seed = board.attrs["board"]["seed"]
    assert 0 <= seed < 2**63
    want = cli_json("cluster", train, "--bootstrap", "50", "--seed", seed)
    assert [int(e["rank_lo"]) for e in want["entries"]] == list(board["rank_lo"])
    assert [int(e["rank_hi"]) for e in want["entries"]] == list(board["rank_hi"])
    other = tourney.cluster(train, bootstrap=3, seed=None).attrs["board"]["seed"]
    assert other != seed  # 2**-63 to fail by chance


def test_a_numpy_generator_gives_its_next_integer_as_the_seed():
    rng = np.random.default_rng(2024)
    board = tourney.rank(BATTLES, seed=rng)
    want = int(np.random.default_rng(2024).integers(0, 2**63, dtype=np.int64))
    assert board.attrs["board"]["seed"] == want
    # The Generator advanced: the next call gets the next integer.
    second = tourney.rank(BATTLES, seed=rng).attrs["board"]["seed"]
    replay = np.random.default_rng(2024)
    replay.integers(0, 2**63, dtype=np.int64)
    assert second == int(replay.integers(0, 2**63, dtype=np.int64))


def test_boards_are_indexed_by_system_and_keep_the_column():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    board = tourney.rank(train, model="bradley-terry")
    want = cli_json("rank", train, "--model", "bradley-terry")
    assert list(board.index) == [e["system"] for e in want["entries"]]
    assert list(board["system"]) == list(board.index)
    for entry in want["entries"]:
        assert abs(board.loc[entry["system"], "score"] - entry["score"]) < 1e-9
    # The system column still joins (an index named "system" would make this ambiguous).
    other = pd.DataFrame({"system": list(board["system"]), "x": range(len(board))})
    assert len(board.merge(other, on="system")) == len(board)


def test_read_takes_a_dataframe_and_ranks_as_the_cli(tmp_path):
    path = tmp_path / "battles.csv"
    BATTLES.to_csv(path, index=False)
    data = tourney.read(BATTLES)
    assert isinstance(data, tourney.Dataset) and data.is_battle_log
    assert sorted(data.systems) == ["a", "b", "c"] and data.num_rankings == 5
    board = tourney.rank(data, model="bradley-terry")
    want = cli_json("rank", path, "--model", "bradley-terry")
    for entry in want["entries"]:
        assert abs(board.loc[entry["system"], "score"] - entry["score"]) < 1e-9


def test_dataset_repr_says_what_it_holds():
    assert repr(tourney.read(BATTLES)) == "<tourney.Dataset '<DataFrame>': 3 systems, 5 battles>"
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    text = repr(tourney.read(train))
    # 13 systems; train.csv's 9,996 five-way rankings are 10 comparisons each.
    assert text == (f"<tourney.Dataset {train!r}: 13 systems, 9,996 rankings, 99,960 pairwise "
                    "comparisons>")


def test_plots_are_plot_objects_that_show_and_save(tmp_path):
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    cli_file = tmp_path / "cli.svg"
    tourney_cli("cluster", train, "--bootstrap", "20", "--seed", "2", "--plot", cli_file)
    plot = tourney.plot_ranks(train, bootstrap=20, seed=2)
    assert isinstance(plot, tourney.Plot) and isinstance(plot, str)
    want = cli_file.read_text(encoding="utf-8")
    assert plot._repr_svg_() == want and plot.svg == want
    plot.save(tmp_path / "saved.svg")
    assert (tmp_path / "saved.svg").read_text(encoding="utf-8") == want
    assert repr(plot).startswith("<tourney.Plot: SVG")
    with pytest.raises(ValueError, match="plots are SVG"):
        plot.save(tmp_path / "x.pdf")


def test_the_package_is_typed():
    assert os.path.exists(os.path.join(os.path.dirname(tourney.__file__), "py.typed"))
    hints = tourney.rank.__annotations__
    assert hints["model"] is str and hints["threads"] is int


def test_an_empty_frame_is_an_error_as_an_empty_file_is(tmp_path):
    # The command line refuses an empty battle file (exit status 2); so does a frame.
    path = tmp_path / "empty.csv"
    path.write_text("model_a,model_b,winner\n")
    done = tourney_cli("rank", path, check=False)
    assert done.returncode == 2 and "no battles" in done.stderr
    with pytest.raises(tourney.InputError, match="no battles"):
        tourney.rank(BATTLES.iloc[:0])


def test_warnings_are_the_cli_json_warnings(tmp_path):
    # Two pairs never compared with each other: the command line's JSON warns.
    battles = pd.DataFrame({"model_a": ["a", "a", "c", "c"], "model_b": ["b", "b", "d", "d"],
                            "winner": ["model_a", "model_b", "model_a", "model_b"]})
    path = tmp_path / "split.csv"
    battles.to_csv(path, index=False)
    want = cli_json("rank", path, "--model", "bradley-terry")["warnings"]
    assert want
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tourney.rank(battles, model="bradley-terry")
    assert [str(w.message) for w in caught if w.category is tourney.TourneyWarning] == want


def test_ties_errors_name_ties_not_the_command_lines_option():
    # Before: "option 'tie_weight' does not apply to model 'trueskill'" for ties=0.3.
    with pytest.raises(TypeError) as caught:
        tourney.rank(BATTLES, model="trueskill", ties=0.3)
    assert str(caught.value) == "ties: no tie weight in model 'trueskill'"
    with pytest.raises(ValueError, match="^ties: must be at most 1.0"):
        tourney.rank(BATTLES, model="bradley-terry", ties=2)
