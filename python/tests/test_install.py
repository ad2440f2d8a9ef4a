"""How the package installs (python/setup.py, docs/python.md "Installing"): a build that
cannot go on stops with a message saying how, and a package without its compiled module says
so instead of blaming a circular import. `bash tools/setup.sh python-wheel` is the slow
check: a wheel installed into a new venv passes these tests there."""

import os
import shutil
import subprocess
import sys

import tourney

from conftest import ROOT

PYTHON_DIR = os.path.join(ROOT, "python")


def test_the_tests_use_the_install_they_were_asked_to():
    # setup.sh python-wheel sets this: the tests must import the wheel's package, not a
    # source tree's.
    expected = os.environ.get("TOURNEY_EXPECT_INSTALLED")
    if expected:
        assert os.path.abspath(tourney.__file__).startswith(os.path.abspath(expected) + os.sep)
    assert tourney._tourney.model_names()  # the compiled module is there and loads


def test_a_package_without_its_module_says_how_to_build_it(tmp_path):
    package = tmp_path / "tourney"
    package.mkdir()
    for name in os.listdir(os.path.join(PYTHON_DIR, "tourney")):
        if name.endswith(".py"):
            shutil.copy(os.path.join(PYTHON_DIR, "tourney", name), package / name)
    done = subprocess.run(
        [sys.executable, "-c", "import tourney; tourney.rank('battles.jsonl')"],
        cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: tourney's compiled engine module"), done.stderr
    assert "circular" not in last
    assert str(package) in last and "pip install --no-build-isolation ./python" in last


def test_a_build_without_cmake_stops_and_says_how(tmp_path):
    # No cmake on the PATH: build_ext exits with a message naming what to install, and
    # writes no module.
    build_lib = tmp_path / "lib"
    done = subprocess.run(
        [sys.executable, os.path.join(PYTHON_DIR, "setup.py"), "-q", "build_ext",
         "--build-lib", str(build_lib), "--build-temp", str(tmp_path / "temp")],
        cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PATH": str(tmp_path / "empty"),
             "TOURNEY_BUILD_DIR": str(tmp_path / "build")})
    assert done.returncode != 0
    assert "error: tourney: building tourney's extension module needs CMake" in done.stderr
    assert "tools/setup.sh python" in done.stderr and "--no-build-isolation" in done.stderr
    assert not list(build_lib.rglob("_tourney*"))
