"""Bad input raises tourney's exceptions with the file, line and field, as the command line
reports them."""

import pandas as pd
import pytest

import tourney
from conftest import tourney_cli

WMT_HEADER = ("srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Number,system1Id,"
              "system2Number,system2Id,system3Number,system3Id,system4Number,system4Id,"
              "system5Number,system5Id,system1rank,system2rank,system3rank,system4rank,"
              "system5rank\n")


def test_bad_rank_names_file_line_field(tmp_path):
    path = tmp_path / "judgments.csv"
    path.write_text(WMT_HEADER +
                    "fre,eng,1,d,1,j1,1,A,2,B,3,C,4,D,5,E,1,2,3,4,5\n"
                    "fre,eng,2,d,2,j1,1,A,2,B,3,C,4,D,5,E,1,2,7,4,5\n")
    with pytest.raises(tourney.InputError) as caught:
        tourney.rank(str(path))
    error = caught.value
    assert (error.file, error.line, error.field) == (str(path), 3, "system3rank")
    assert error.code == "invalid_argument"
    assert isinstance(error, ValueError)
    # The same words as the command line's, after "tourney rank: ".
    cli = tourney_cli("rank", path, check=False)
    assert cli.returncode == 2
    assert cli.stderr.strip() == "tourney rank: " + error.message


def test_battle_log_error_names_the_field(tmp_path):
    path = tmp_path / "battles.jsonl"
    path.write_text('{"model_a": "x", "model_b": "y", "winner": "model_a"}\n'
                    '{"model_a": "x", "model_b": "y", "winner": "nobody"}\n')
    with pytest.raises(tourney.InputError) as caught:
        tourney.read(str(path))
    assert (caught.value.line, caught.value.field) == (2, "winner")


def test_missing_file_is_a_file_error(tmp_path):
    with pytest.raises(tourney.FileError) as caught:
        tourney.read(str(tmp_path / "absent.csv"))
    assert isinstance(caught.value, OSError)
    assert "absent.csv" in caught.value.message


def test_dataframe_rows_are_checked():
    frame = pd.DataFrame({"model_a": ["a", "b", "c"], "model_b": ["b", "c", "c"],
                          "winner": ["model_a", "tie", "model_b"]})
    with pytest.raises(tourney.InputError) as caught:
        tourney.rank(frame)
    error = caught.value
    assert (error.file, error.line, error.field) == ("<DataFrame>", 3, "model_b")
    assert "same system" in error.message
    frame.loc[2, "model_b"] = None
    with pytest.raises(tourney.InputError, match="missing"):
        tourney.rank(frame)
    frame.loc[2, "model_b"] = "d"
    frame.loc[1, "winner"] = "draw"
    with pytest.raises(tourney.InputError) as caught:
        tourney.rank(frame)
    assert (caught.value.line, caught.value.field) == (2, "winner")
    with pytest.raises(tourney.InputError, match="columns"):
        tourney.rank(pd.DataFrame({"a": [1]}))


def test_bad_names_and_options():
    frame = pd.DataFrame({"left": ["a"], "right": ["b"], "winner": ["left"]})
    with pytest.raises(tourney.InputError, match="unknown model"):
        tourney.rank(frame, model="glicko")
    with pytest.raises(TypeError, match="chains"):
        tourney.rank(frame, model="bradley-terry", chains=4)
    with pytest.raises(tourney.InputError, match="tolerance"):
        tourney.rank(frame, model="bradley-terry", tolerance=-1)
    with pytest.raises(tourney.InputError, match="bootstrap"):
        tourney.cluster(frame, bootstrap=0)


def test_battle_names_that_differ_only_in_type_are_refused():
    # The integer 1 and the string "1" would be one system (issue 45): refused, naming both.
    battles = pd.DataFrame({"model_a": [1, "1"], "model_b": ["x", "x"],
                            "winner": ["model_a", "model_b"]})
    with pytest.raises(tourney.InputError, match="differ but both read as the name '1'"):
        tourney.rank(battles)


def test_an_empty_dataframe_is_a_value_error():
    # It gave an empty board (issue 45).
    empty = pd.DataFrame({"model_a": [], "model_b": [], "winner": []})
    with pytest.raises(ValueError, match="no battles"):
        tourney.rank(empty)


# issue 45: the 4,096-system limit was not checked for DataFrames.
def test_the_system_limit_holds_for_dataframes():
    n = 4097  # kMaxSystems + 1: a chain of battles s0-s1, s1-s2, ...
    battles = pd.DataFrame({"model_a": [f"s{i}" for i in range(n - 1)],
                            "model_b": [f"s{i + 1}" for i in range(n - 1)],
                            "winner": ["model_a"] * (n - 1)})
    with pytest.raises(tourney.InputError, match="4097 models; at most 4096"):
        tourney.rank(battles)
