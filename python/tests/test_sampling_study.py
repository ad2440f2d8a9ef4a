"""tourney.sampling_study against `tourney sampling-study --format json` (few draws), and
Ctrl-C during the draws."""

import math
import os
import subprocess
import sys

import tourney
from conftest import cli_json, close, shared_path

ARGS = dict(methods=["docs-prop", "cv-knn", "docs-prop+cv-knn"], sizes="10:20:10", draws=4,
            seed=3, range=4.0, stopping=[1.5])


def test_sampling_study_equals_cli():
    path = shared_path("data", "wmt20-mqm", "en-de.tsv.gz")
    keep = "Human-A.0,Human-B.0,Human-P.0,OPPO.1360"
    import pandas as pd
    everyone = pd.read_csv(path, sep="\t", usecols=["system"])["system"].unique()
    exclude = [s for s in everyone if s not in keep.split(",")]
    want = cli_json("sampling-study", path, "--exclude-system", ",".join(exclude),
                    "--methods", ",".join(ARGS["methods"]), "--sizes", ARGS["sizes"],
                    "--draws", "4", "--seed", "3", "--range", "4", "--stopping", "1.5",
                    "--threads", "2")
    got = tourney.sampling_study(path, exclude_system=exclude, threads=1, **ARGS)
    study = got.attrs["study"]
    assert study["systems"] == want["systems"] and study["sizes_pct"] == want["sizes_pct"]
    assert list(got["name"]) == [m["name"] for m in want["methods"]]
    per_size = got.attrs["per_size"]
    for i, m in enumerate(want["methods"]):
        for key in ("abs_error", "sdev", "bias", "win_pct"):
            if m[key] is None:
                assert math.isnan(got[key][i])
            else:
                assert close(got[key][i], m[key]), (m["name"], key)
        rows = per_size[per_size["method"] == m["name"]].reset_index(drop=True)
        for z, cell in enumerate(m["per_size"]):
            assert close(rows["abs_error"][z], cell["abs_error"])
            assert close(rows["size_pct"][z], cell["size_pct"])
    bounds = got.attrs["bounds"]
    assert len(bounds) == len(want["bounds"])
    for i, b in enumerate(want["bounds"]):
        assert (bounds["name"][i], bounds["method"][i]) == (b["name"], b["method"])
        for key in ("size_pct", "coverage", "slack", "t", "width"):
            assert close(bounds[key][i], b[key]), (b["name"], key)
    stopping = got.attrs["stopping"]
    assert len(stopping) == len(want["stopping"]) > 0
    for i, s in enumerate(want["stopping"]):
        assert stopping["bound"][i] == s["bound"]
        for key in ("tolerance", "coverage", "reached_pct", "segments_pct"):
            assert close(stopping[key][i], s[key]), (s["bound"], key)


SCRIPT = r"""
import signal, sys, threading, time
import pandas  # first: a signal must not land in its import
import tourney
start = None
def interrupt():
    time.sleep(0.7)
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
for name in ("sampling_study", "stability"):
    threading.Thread(target=interrupt).start()
    start = time.perf_counter()
    try:
        if name == "sampling_study":
            tourney.sampling_study(sys.argv[1], exclude_system=["Human-A.0"], draws=100000,
                                   sizes=[10], methods=["cv-knn"], threads=2)
        else:
            tourney.stability(sys.argv[2], repeats=100000, bootstrap=50, threads=2)
        print(name, "finished")
    except KeyboardInterrupt:
        print(name, "interrupted after %.2f s" % (time.perf_counter() - start))
"""


def test_ctrl_c_interrupts_sampling_study_and_stability():
    mqm = shared_path("data", "wmt20-mqm", "en-de.tsv.gz")
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    done = subprocess.run([sys.executable, "-c", SCRIPT, mqm, train], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0:2] for line in lines] == [["sampling_study", "interrupted"],
                                                     ["stability", "interrupted"]], lines
    assert all(float(line.split()[3]) < 5.0 for line in lines), lines
