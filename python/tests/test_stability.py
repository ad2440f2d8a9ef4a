"""tourney.stability against `tourney stability --format json`."""

import math

import tourney
from conftest import cli_json, close, shared_path


def test_stability_equals_cli():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    want = cli_json("stability", train, "--fractions", "0.3,1", "--repeats", "3",
                    "--bootstrap", "50", "--seed", "4", "--threads", "2")
    got = tourney.stability(train, fractions=[0.3, 1.0], repeats=3, bootstrap=50, seed=4,
                            threads=2)
    study = got.attrs["study"]
    for key in ("model", "unit", "total_units", "total_rankings", "reference_clusters",
                "reference_separations", "repeats", "seed", "notes"):
        assert study[key] == want[key], key
    assert len(got) == len(want["points"])
    for row, point in zip(got.itertuples(), want["points"]):
        assert close(row.fraction, point["fraction"]) and row.units == point["units"]
        for stat in ("kendall_tau_b", "spearman_rho", "pearson_rank", "clusters",
                     "flipped_share", "lost_share"):
            assert close(getattr(row, stat + "_mean"), point[stat]["mean"]), stat
            assert close(getattr(row, stat + "_sd"), point[stat]["sd"]), stat
        assert close(row.reproduced_share, point["reproduced_share"])
    repeats = got.attrs["repeats"]
    flat = [r for p in want["points"] for r in p["repeats"]]
    assert list(repeats["clusters"]) == [r["clusters"] for r in flat]
    for got_tau, r in zip(repeats["kendall_tau_b"], flat):
        assert (r["kendall_tau_b"] is None and math.isnan(got_tau)) or \
            close(got_tau, r["kendall_tau_b"])
    reference = got.attrs["reference"]
    assert list(reference["system"]) == [e["system"] for e in want["reference"]]
    assert list(reference["cluster"]) == [e["cluster"] for e in want["reference"]]
