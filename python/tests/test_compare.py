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


# issue 45: an MQM board compared as higher-is-better gave tau = -1.0 for two identical
# orders.
# MQM by hand (Google's weights): Y one minor error over 2 segments = 0.5, X one major = 2.5,
# Z two majors = 5. Lower is better: Y, X, Z.
_MQM = ("system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
        "X\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n"
        "X\td\t1\t2\tr1\ts\tt\tNo-error\tNo-error\n"
        "Y\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMinor\n"
        "Y\td\t1\t2\tr1\ts\tt\tNo-error\tNo-error\n"
        "Z\td\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n"
        "Z\td\t1\t2\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n")


def test_compare_reads_an_mqm_board_as_lower_is_better(tmp_path):
    path = tmp_path / "m.tsv"
    path.write_text(_MQM)
    board = tourney.protocol(path, "mqm", command="rank")
    assert list(board["system"]) == ["Y", "X", "Z"]
    assert list(board["score"]) == [0.5, 2.5, 5.0]
    # Two identical orders: every measure 1 (tau was -1.0).
    same = tourney.compare(board, {"Y": 3, "X": 2, "Z": 1})
    assert same["kendall_tau_b"] == 1.0 and same["spearman_rho"] == 1.0
    assert tourney.compare(board, board)["kendall_tau_b"] == 1.0
    # A mapping of MQM points says so.
    points = {"Y": 0.5, "X": 2.5, "Z": 5.0}
    assert tourney.compare(board, points, lower_is_better=(None, True))["kendall_tau_b"] == 1.0
    assert tourney.compare(board, points)["kendall_tau_b"] == -1.0
