"""tourney.sample and tourney.estimate against `tourney sample` / `tourney estimate` on WMT20
en-de MQM, and hand-computed values on small tables."""

import io

import numpy as np
import pandas as pd
import pytest

import tourney
from conftest import assert_board_equals_json, cli_json, close, shared_path, tourney_cli


def _mqm():
    return shared_path("data", "wmt20-mqm", "en-de.tsv.gz")


def _cli_tsv(*args):
    """`tourney sample ... --format tsv`: (the design line, the table as a DataFrame)."""
    text = tourney_cli("sample", *args, "--format", "tsv").stdout
    note, body = text.split("\n", 1)
    return note, pd.read_csv(io.StringIO(body), sep="\t", dtype={"seg": str})


@pytest.mark.parametrize("args", [["--n", "150", "--design", "docs-prop", "--seed", "7"],
                                  ["--pct", "4", "--design", "metrics-opt", "--seed", "3",
                                   "--system", "Human-B.0"]])
def test_sample_equals_cli(args):
    path = _mqm()
    want = cli_json("sample", path, *args)
    note, rows = _cli_tsv(path, *args)
    kw = {"n": 150} if args[0] == "--n" else {"pct": 4}
    got = tourney.sample(path, design=args[3], seed=int(args[5]),
                         system=args[7] if len(args) > 6 else None, **kw)
    meta = got.attrs["sample"]
    assert meta["segments"] == want["segments"]
    assert (meta["design"], str(meta["seed"]), meta["n"], meta["test_set"]) == (
        want["design"], want["seed"], want["n"], want["test_set"])
    assert meta["note"] == note
    assert list(got.columns) == list(rows.columns)
    assert list(got["system"]) == list(rows["system"])
    assert list(got["seg"]) == list(rows["seg"])
    assert got["mqm"].isna().all() and rows["mqm"].isna().all()
    assert (got["sampled"].to_numpy() == rows["sampled"].to_numpy()).all()
    for column in ["inclusion", "chrF", "bleurt-combi"]:
        assert np.allclose(got[column], rows[column], rtol=1e-12, atol=0)
    if "order" in rows:
        assert (got["order"].to_numpy() == rows["order"].to_numpy()).all()
    # Every system gets the same segments.
    drawn = got[got["sampled"] == 1]
    assert drawn.groupby("system")["seg"].apply(frozenset).nunique() == 1


def _annotated(tmp_path):
    """A docs-prop sample of 120 segments with the true MQM scores filled in: its TSV path
    (as the command line wrote it) and the same as tourney.sample's DataFrame."""
    path = _mqm()
    truth = pd.read_csv(path, sep="\t", dtype={"seg": str})
    truth = truth[truth["system"] != "Human-A.0"].set_index(["system", "seg"])["mqm"]
    args = ["--n", "120", "--seed", "5", "--exclude-system", "Human-A.0"]
    note, rows = _cli_tsv(path, *args)
    key = pd.MultiIndex.from_frame(rows[["system", "seg"]])
    rows["mqm"] = np.where(rows["sampled"] == 1, truth.reindex(key).to_numpy(), np.nan)
    annotated = tmp_path / "annotated.tsv"
    annotated.write_text(note + "\n" + rows.to_csv(sep="\t", index=False, na_rep=""))
    frame = tourney.sample(path, n=120, seed=5, exclude_system=["Human-A.0"])
    frame["mqm"] = rows["mqm"].to_numpy()
    return str(annotated), frame


def _assert_estimates_equal(got, want):
    assert list(got["system"]) == [s["name"] for s in want["systems"]]
    for i, s in enumerate(want["systems"]):
        for key in ("estimate", "lo", "hi", "half_width", "max_side", "annotated", "segments",
                    "segments_needed"):
            if key in s:
                assert close(float(got[key].iloc[i]), s[key]), (s["name"], key)
        if "within_tolerance" in s:
            assert bool(got["within_tolerance"].iloc[i]) == s["within_tolerance"]
    pairs = got.attrs["pairs"]
    assert len(pairs) == len(want["pairs"])
    for i, p in enumerate(want["pairs"]):
        assert (pairs["better"][i], pairs["worse"][i]) == (p["better"], p["worse"])
        assert pairs["paired"][i] == p["paired"] and pairs["separated"][i] == p["separated"]
        for key in ("difference", "lo", "hi"):
            assert close(pairs[key][i], p[key]) if key in p else np.isnan(pairs[key][i])
    assert_board_equals_json(got.attrs["board"], want["leaderboard"])
    assert list(got["cluster"]) == [e["cluster"] for e in want["leaderboard"]["entries"]]


def test_estimate_equals_cli(tmp_path):
    annotated, frame = _annotated(tmp_path)
    want = cli_json("estimate", annotated, "--lower-is-better", "--tolerance", "0.5",
                    "--confidence", "0.9", "--seed", "3", "--pairs", "all")
    for data in (annotated, frame):
        # As the command line warns: bootstrap-t and a tolerance make a stop from the data.
        with pytest.warns(UserWarning, match="bootstrap-t holds its confidence"):
            got = tourney.estimate(data, lower_is_better=True, tolerance=0.5, confidence=0.9,
                                   seed=3, pairs="all", threads=2)
        _assert_estimates_equal(got, want)
        assert got.attrs["design"] == "docs-prop"


def test_estimate_bounds_and_cv_cs_equal_cli(tmp_path):
    annotated, frame = _annotated(tmp_path)
    want = cli_json("estimate", annotated, "--lower-is-better", "--tolerance", "1",
                    "--score-min", "0", "--score-max", "25", "--estimator", "cv-knn")
    got = tourney.estimate(frame, lower_is_better=True, tolerance=1, score_min=0,
                           score_max=25, estimator="cv-knn")
    assert got.attrs["bound"] == "cv-cs"
    _assert_estimates_equal(got, want)
    want = cli_json("estimate", annotated, "--lower-is-better", "--bound", "hoeffding",
                    "--estimator", "mean")
    got = tourney.estimate(annotated, lower_is_better=True, bound="hoeffding",
                           estimator="mean")
    _assert_estimates_equal(got, want)


def test_census_estimate_is_the_exact_mean():
    # Every segment annotated and test_set_size = the rows: a census, so the estimate is
    # each system's mean and its interval has no width. A: (1+2+3+6)/4 = 3; B: 0.5.
    frame = pd.DataFrame({"system": ["A"] * 4 + ["B"] * 4,
                          "doc": ["d1", "d1", "d2", "d2"] * 2,
                          "seg": ["1", "2", "3", "4"] * 2,
                          "mqm": [1.0, 2.0, 3.0, 6.0, 0.0, 1.0, 0.0, 1.0],
                          "m": [0.1, 0.7, 0.3, 0.9, 0.2, 0.4, 0.6, 0.8]})
    got = tourney.estimate(frame, lower_is_better=True, test_set_size=4, estimator="mean",
                           bound="clt")
    assert list(got["system"]) == ["B", "A"]
    assert list(got["estimate"]) == [0.5, 3.0]
    assert list(got["lo"]) == [0.5, 3.0] and list(got["hi"]) == [0.5, 3.0]
    assert got.attrs["pairs"]["difference"][0] == -2.5


def test_random_design_draws_every_segment_with_probability_n_over_n():
    frame = pd.DataFrame({"system": ["A"] * 10, "doc": ["d"] * 10,
                          "seg": [str(i) for i in range(10)], "mqm": [np.nan] * 10,
                          "m": np.linspace(0.05, 0.95, 10)})
    got = tourney.sample(frame, n=3, design="random", seed=2)
    assert np.allclose(got["inclusion"], 0.3, rtol=0, atol=1e-15)
    assert got["sampled"].sum() == 3 and sorted(got["order"]) == list(range(10))
    assert set(got.loc[got["order"] < 3, "seg"]) == set(got.attrs["sample"]["segments"])


def test_sampling_errors_name_the_row():
    frame = pd.DataFrame({"system": ["A", "A"], "doc": ["d", "d"], "seg": ["1", "1"],
                          "mqm": [1.0, 2.0], "m": [0.1, 0.2]})
    with pytest.raises(tourney.InputError) as error:
        tourney.sample(frame, n=1)
    assert error.value.file == "<DataFrame>" and error.value.line == 2
    with pytest.raises(tourney.InputError, match="exactly one of n and pct"):
        tourney.sample(frame)
    with pytest.raises(tourney.InputError, match="n: 1..1"):
        tourney.sample(frame.iloc[:1], n=5)
    with pytest.raises(tourney.FileError):
        tourney.estimate("/nonexistent/scores.tsv")


# issue 45: DataFrame names changed on their way to the engine (sys "A" became sys ""A"",
# " A" became "A"), 1 and "1" merged, an empty frame was not refused.
def _scored(names):
    """A scored-segment table: each of `names` on 6 segments in 2 documents, 4 annotated
    with score = the system's position + the segment's number % 2."""
    rows = []
    for k, name in enumerate(names):
        for i in range(6):
            rows.append({"system": name, "doc": f"d{i // 3}", "seg": f"s{i}",
                         "mqm": float(k + i % 2) if i < 4 else np.nan, "m": 0.1 * i + 0.01 * k})
    return pd.DataFrame(rows)


def test_dataframe_names_come_back_exactly():
    names = ['sys "A"', " A", "B "]
    frame = _scored(names)
    got = tourney.estimate(frame, design="random", estimator="mean", bound="clt",
                           lower_is_better=True)
    assert sorted(got["system"]) == sorted(names)
    sample = tourney.sample(frame, n=2, design="random", seed=1)
    assert list(dict.fromkeys(sample["system"])) == names
    # The mean of each system's 4 annotated scores: k + 0.5.
    by_name = got.set_index("system")["estimate"]
    for k, name in enumerate(names):
        assert by_name[name] == pytest.approx(k + 0.5, abs=1e-12)


def test_scored_table_names_that_differ_only_in_type_are_refused():
    frame = _scored(["A", "B"])
    frame["system"] = frame["system"].map({"A": 1, "B": "1"})
    with pytest.raises(tourney.InputError, match="the values 1 and '1' differ"):
        tourney.estimate(frame, design="random", estimator="mean", bound="clt")


def test_an_empty_scored_table_is_a_value_error():
    with pytest.raises(ValueError, match="no rows"):
        tourney.estimate(_scored(["A"]).iloc[0:0])
