"""tourney.compare against `tourney compare --format json` on two tourney leaderboards."""

import json

import tourney
from conftest import close, shared_path, tourney_cli


def test_compare_equals_cli(tmp_path):
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    a_path, b_path = tmp_path / "a.json", tmp_path / "b.json"
    a_path.write_text(tourney_cli("cluster", train, "--bootstrap", "100", "--format",
                                  "json").stdout)
    b_path.write_text(tourney_cli("cluster", train, "--model", "bradley-terry", "--bootstrap",
                                  "100", "--format", "json").stdout)
    want = json.loads(tourney_cli("compare", a_path, b_path, "--format", "json").stdout)
    got = tourney.compare(tourney.cluster(train, bootstrap=100),
                          tourney.cluster(train, model="bradley-terry", bootstrap=100))
    for key in ("kendall_tau_b", "spearman_rho", "pearson_r", "pearson_rank", "rbo", "rbo_p"):
        assert close(got[key], want[key]), key
    for key in ("systems_a", "systems_b", "common", "only_in_a", "only_in_b", "clusters"):
        assert got[key] == want[key], key


def test_compare_mappings_without_clusters():
    got = tourney.compare({"x": 3, "y": 2, "z": 1}, {"x": 1, "y": 2, "z": 3, "w": 0})
    assert got["kendall_tau_b"] == -1.0
    assert got["only_in_b"] == ["w"] and got["clusters"] is None
