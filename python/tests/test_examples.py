"""The documented examples run (python/examples), so that they cannot rot."""

import os
import subprocess
import sys

from conftest import ROOT, SHARED, shared_path


def test_table1_script():
    shared_path("data", "wmt13-fr-en", "train.csv")
    done = subprocess.run([sys.executable, os.path.join(ROOT, "python", "examples", "table1.py")],
                          capture_output=True, text=True, env=dict(os.environ,
                                                                   TOURNEY_SHARED_DIR=SHARED))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "12 of 13 rank ranges as in Table 1" in done.stdout


def test_arena_style_control_script():
    done = subprocess.run([sys.executable,
                           os.path.join(ROOT, "python", "examples", "arena_style_control.py")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "style-controlled" in done.stdout


def test_segment_sampling_script():
    shared_path("data", "wmt20-mqm", "en-de.tsv.gz")
    done = subprocess.run([sys.executable,
                           os.path.join(ROOT, "python", "examples", "segment_sampling.py")],
                          capture_output=True, text=True, env=dict(os.environ,
                                                                   TOURNEY_SHARED_DIR=SHARED))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "intervals hold the true mean" in done.stdout
