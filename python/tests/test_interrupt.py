"""Ctrl-C stops a long bootstrap: the engine's cancellation hook, polled while the GIL is
released, raises KeyboardInterrupt within a fraction of a second."""

import os
import subprocess
import sys

from conftest import shared_path

SCRIPT = r"""
import os, signal, sys, threading, time
import tourney
data = tourney.read(sys.argv[1])
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.perf_counter()
try:
    tourney.cluster(data, model="bradley-terry", bootstrap=100000, threads=2)
    print("finished")
except KeyboardInterrupt:
    print("interrupted after %.2f s" % (time.perf_counter() - start))
"""


def test_ctrl_c_interrupts_cluster():
    path = shared_path("fixtures", "pairwise-peers", "llmfao.csv")
    done = subprocess.run([sys.executable, "-c", SCRIPT, path], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("interrupted after"), done.stdout
    assert float(done.stdout.split()[2]) < 5.0
