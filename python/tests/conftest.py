"""Shared pieces of the Python package's tests: where the build, the command line and the
shared data are, and the command line's JSON to compare with.

Environment: TOURNEY_BIN_DIR (default build/bin), TOURNEY_SHARED_DIR (default ../shared);
tests that need the shared data skip, visibly, without it. ctest (tests/CMakeLists.txt) runs
them with PYTHONPATH at the build's staged package; .venv/bin/python3 -m pytest python/tests
runs them against the installed one.
"""

import json
import math
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN_DIR = os.environ.get("TOURNEY_BIN_DIR", os.path.join(ROOT, "build", "bin"))
SHARED = os.environ.get("TOURNEY_SHARED_DIR", os.path.join(ROOT, "..", "shared"))


def shared_path(*parts):
    """A file under the shared data folder; the test skips when it is absent."""
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        pytest.skip(f"shared data not found: {path} (set TOURNEY_SHARED_DIR)")
    return path


def tourney_cli(*args, check=True):
    """Runs build/bin/tourney with `args`; the CompletedProcess (text)."""
    binary = os.path.join(BIN_DIR, "tourney")
    if not os.access(binary, os.X_OK):
        pytest.skip(f"{binary} not built (set TOURNEY_BIN_DIR)")
    done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"tourney {' '.join(map(str, args))}: {done.stderr}")
    return done


def cli_json(*args):
    """The parsed output of `tourney ARGS --format json`."""
    return json.loads(tourney_cli(*args, "--format", "json").stdout)


def close(a, b, tol=1e-12):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def assert_board_equals_json(frame, board, tol=1e-12):
    """Every entry field of the command line's JSON `board` equals the DataFrame's column,
    row by row (numbers to `tol`, relative above 1), and every column is a JSON field (but
    the bootstrap boards' stderr, which the package adds)."""
    entries = board["entries"]
    assert list(frame["system"]) == [e["system"] for e in entries]
    fields = {k for e in entries for k in e}
    if "rank_lo" in fields and "stderr" in frame.columns:
        fields.add("stderr")
    assert set(frame.columns) == fields, (set(frame.columns) ^ fields)
    for i, entry in enumerate(entries):
        for key, value in entry.items():
            got = frame[key].iloc[i]
            if key == "system":
                continue
            want = float(value)  # int64 fields are strings in proto3 JSON
            assert not (got is None or (isinstance(got, float) and math.isnan(got))), (key, i)
            assert close(float(got), want, tol), (entry["system"], key, float(got), want)
    meta = frame.attrs["board"]
    for key in ("model", "connected", "bootstrap_replicates", "warnings"):
        assert meta[key] == board[key], key
    for key in ("judgments", "comparisons", "rankings", "seed"):
        assert meta[key] == int(board[key]), key
    assert close(meta["confidence"], board["confidence"])
