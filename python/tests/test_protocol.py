"""tourney.protocol against `tourney cluster --protocol wmt-da` and `tourney rank --protocol
mqm` (--format json) on the WMT22 cs-en DA and WMT21 TED en-de MQM data."""

import pytest

import tourney
from conftest import assert_board_equals_json, cli_json, shared_path


@pytest.mark.parametrize("protocol", ["wmt-da", "wmt-da-holm"])
def test_wmt_da_equals_cli(protocol):
    path = shared_path("data", "wmt22-toen-da", "ad-csen-good-stnd.csv.gz")
    want = cli_json("cluster", path, "--protocol", protocol)
    got = tourney.protocol(path, protocol)
    assert_board_equals_json(got, want)
    if protocol == "wmt-da":
        assert "raw" in got.columns and got["cluster"].iloc[0] == 1


def test_mqm_equals_cli():
    path = shared_path("data", "wmt21-ted-mqm-texts", "en-de.mqm.tsv.gz")
    want = cli_json("rank", path, "--protocol", "mqm")
    got = tourney.protocol(path, "mqm")
    assert_board_equals_json(got, want)
    weights = "Major:10,Minor:1,Neutral:0,No-error:0,Non-translation!:25"
    want = cli_json("rank", path, "--protocol", "mqm", "--mqm-weights", weights)
    assert_board_equals_json(tourney.protocol(path, "mqm", mqm_weights=weights), want)


def test_protocol_errors():
    with pytest.raises(tourney.InputError, match="not one of"):
        tourney.protocol("x.tsv", "wmt-mqm")
    with pytest.raises(tourney.FileError):
        tourney.protocol("/nonexistent/en-de.mqm.tsv", "mqm")
