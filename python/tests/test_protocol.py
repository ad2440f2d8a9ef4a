"""tourney.protocol and tourney.pearmut_ranking against `tourney cluster|rank --protocol P`
(--format json, and csv for Pearmut's table) on the WMT22 cs-en DA data, an Appraise ESA
export, the Appraise WMT22 DA export, WMT21 TED en-de MQM and the hand-made Pearmut log."""

import csv
import io
import math
import os

import pytest

import tourney
from conftest import ROOT, assert_board_equals_json, cli_json, close, shared_path, tourney_cli

PEARMUT_LOG = os.path.join(ROOT, "tests", "data", "pearmut", "esa_log.jsonl")


def esa_export():
    return shared_path("data", "peer-formats", "appraise-exports", "ErrorSpanAnnotation", "data",
                       "campaign-ruction-rc5", "240521rc6ESA.scores.csv")


def mqm_tsv():
    return shared_path("data", "wmt21-ted-mqm-texts", "en-de.mqm.tsv.gz")


@pytest.mark.parametrize("protocol", ["wmt-da", "wmt-da-holm"])
def test_wmt_da_equals_cli(protocol):
    path = shared_path("data", "wmt22-toen-da", "ad-csen-good-stnd.csv.gz")
    want = cli_json("cluster", path, "--protocol", protocol)
    got = tourney.protocol(path, protocol)
    assert_board_equals_json(got, want)
    if protocol == "wmt-da":
        assert "raw" in got.columns and got["cluster"].iloc[0] == 1


@pytest.mark.parametrize("protocol", ["wmt-da", "wmt-da-holm"])
def test_wmt_da_of_an_appraise_export_equals_cli(protocol):
    path = shared_path("data", "peer-formats", "appraise-exports", "wmt22-news-systems",
                       "humaneval", "DA+SQM", "scores",
                       "WMT22.Appraise.SegLvlLivRef.20221031.filtered.csv")
    want = cli_json("cluster", path, "--protocol", protocol)
    assert_board_equals_json(tourney.protocol(path, protocol), want)
    named = tourney.protocol(path, protocol, input_format="appraise-csv")
    assert_board_equals_json(named, want)


@pytest.mark.parametrize("protocol", ["esa", "esa-holm"])
@pytest.mark.parametrize("qc_filter", [False, True])
def test_esa_equals_cli(protocol, qc_filter):
    path = esa_export()
    flags = ["--qc-filter"] if qc_filter else []
    want = cli_json("cluster", path, "--protocol", protocol, *flags)
    got = tourney.protocol(path, protocol, qc_filter=qc_filter)
    assert_board_equals_json(got, want)
    assert got.attrs["board"]["model"] == protocol
    # rank --protocol esa prints the same board.
    assert_board_equals_json(tourney.protocol(path, protocol, command="rank",
                                              qc_filter=qc_filter),
                             cli_json("rank", path, "--protocol", protocol, *flags))


@pytest.mark.parametrize("protocol", ["mqm", "mqm-holm"])
def test_mqm_clusters_equal_cli(protocol):
    path = mqm_tsv()
    want = cli_json("cluster", path, "--protocol", protocol)
    got = tourney.protocol(path, protocol)
    assert_board_equals_json(got, want)
    assert got.attrs["board"]["model"] == protocol and got["cluster"].iloc[0] == 1
    weights = "Major:10,Minor:1,Neutral:0,No-error:0,Non-translation!:25"
    want = cli_json("cluster", path, "--protocol", protocol, "--mqm-weights", weights)
    assert_board_equals_json(tourney.protocol(path, protocol, mqm_weights=weights), want)


def test_mqm_rank_equals_cli():
    path = mqm_tsv()
    want = cli_json("rank", path, "--protocol", "mqm")
    got = tourney.protocol(path, "mqm", command="rank")
    assert_board_equals_json(got, want)
    assert "cluster" not in got.columns
    weights = "Major:10,Minor:1,Neutral:0,No-error:0,Non-translation!:25"
    want = cli_json("rank", path, "--protocol", "mqm", "--mqm-weights", weights)
    assert_board_equals_json(tourney.protocol(path, "mqm", command="rank", mqm_weights=weights),
                             want)


def test_pearmut_board_equals_cli():
    got = tourney.protocol(PEARMUT_LOG, "pearmut")
    assert_board_equals_json(got, cli_json("cluster", PEARMUT_LOG, "--protocol", "pearmut"))
    # By hand from tests/data/pearmut/README.md: the last score of each (model, item), averaged.
    means = {"DeepSeek-V3": (90 + 85 + 88 + 92 + 80) / 5, "ONLINE-W": (84 + 80 + 83 + 86 + 79) / 5,
             "Qwen2.5-7B": (60 + 55 + 58 + 62 + 50) / 5, "ONLINE-G": (58 + 54 + 59 + 60) / 4,
             "A": 85.0, "B": 20.0}
    assert dict(zip(got["system"], got["score"])) == pytest.approx(means, rel=1e-12)
    assert list(got["system"]) == sorted(means, key=lambda m: -means[m])


def test_pearmut_ranking_equals_cli_table():
    got = tourney.pearmut_ranking(PEARMUT_LOG)
    text = tourney_cli("cluster", PEARMUT_LOG, "--protocol", "pearmut", "--format", "csv").stdout
    rows = [r for r in csv.reader(io.StringIO(text)) if r]
    header = rows.index(["#", "model", "mean", "items", "shared (next)", "t (next)", "p (next)",
                         "line", "Holm cluster"])
    rows = rows[header + 1:]
    assert list(got["system"]) == [r[1] for r in rows]
    for i, r in enumerate(rows):
        assert close(got["score"].iloc[i], float(r[2])) and got["items"].iloc[i] == int(r[3])
        last = i + 1 == len(rows)
        if last:
            assert got["n"].iloc[i] == 0
        else:
            assert got["n"].iloc[i] == int(r[4])
            for col, cell in (("t", r[5]), ("p_value", r[6])):
                value = got[col].iloc[i]
                assert math.isnan(value) if cell == "-" else close(value, float(cell))
        assert bool(got["line_below"].iloc[i]) == (r[7] == "yes")
        assert got["holm_cluster"].iloc[i] == (0 if r[8] == "-" else int(r[8]))
    assert got.attrs["lines"] == int(got["line_below"].sum())
    caption = f"({got.attrs['surviving_lines']} of {got.attrs['lines']} lines survive)"
    assert text.splitlines()[0].endswith(caption)
    assert got.attrs["validation_scores"] == 2  # line 7: A and B on an attention check


def test_protocol_errors(tmp_path):
    with pytest.raises(tourney.InputError, match="not one of"):
        tourney.protocol("x.tsv", "wmt-mqm")
    with pytest.raises(tourney.FileError):
        tourney.protocol("/nonexistent/en-de.mqm.tsv", "mqm")
    with pytest.raises(tourney.InputError, match="does not apply"):
        tourney.protocol(PEARMUT_LOG, "pearmut", qc_filter=True)
    with pytest.raises(tourney.InputError, match="does not apply"):
        tourney.protocol(PEARMUT_LOG, "esa", mqm_weights="Major:5")
    with pytest.raises(tourney.InputError, match="input_format"):
        tourney.protocol(PEARMUT_LOG, "esa", input_format="google-mqm")
    with pytest.raises(tourney.InputError, match="rank's protocols"):
        tourney.protocol(PEARMUT_LOG, "wmt-da", command="rank")


def test_bad_pearmut_log_names_file_and_line(tmp_path):
    with open(PEARMUT_LOG, encoding="utf-8") as f:
        lines = f.read().splitlines()
    bad = tmp_path / "log.jsonl"
    bad.write_text("\n".join([lines[0], lines[1], "{not json", *lines[2:]]) + "\n",
                   encoding="utf-8")
    cli = tourney_cli("cluster", bad, "--protocol", "pearmut", check=False)
    assert cli.returncode == 2
    messages = []
    for call in (lambda: tourney.protocol(bad, "pearmut"),
                 lambda: tourney.pearmut_ranking(bad),
                 lambda: tourney.protocol(bad, "esa")):
        with pytest.raises(tourney.InputError) as caught:
            call()
        assert (caught.value.file, caught.value.line) == (str(bad), 3)
        messages.append(caught.value.message)
    assert cli.stderr.strip() == "tourney cluster: " + messages[0]
