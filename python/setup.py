"""Builds tourney's extension module `_tourney` with the repository's CMake, for pip.

    python3 -m venv --system-site-packages V && V/bin/pip install --no-build-isolation ./python
    pip wheel --no-build-isolation --no-deps -w dist ./python

setuptools (PEP 517, pyproject.toml) drives CMake here: build_ext configures the repository
(python/..) once in a build directory and builds only the target `_tourney`, then puts the
module into the wheel beside the package's Python files. Nothing is downloaded: CMake, a
C++20 compiler, pybind11, the engine's libraries and the Python headers come from Debian
(`bash tools/setup.sh python` installs them). When any is missing the build stops with a
message that says how to get it, and pip installs nothing: there is no install of the
package without its compiled module.

Environment:
  TOURNEY_BUILD_DIR           the CMake build directory (default: the repository's build/,
                              the one tools/setup.sh uses, so a built tree is reused).
  CMAKE_CXX_COMPILER_LAUNCHER e.g. ccache, passed to CMake when it configures.
  CMAKE_BUILD_PARALLEL_LEVEL  build jobs (default: the number of cores).
  CMAKE_BUILD_TYPE            when the build directory is new (default Release).

From a staged package (build/python, which CMake writes with the module in it), the module
already built is used as it is.
"""

import glob
import os
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
HOW = ("install the build tools with `bash tools/setup.sh python` (Debian 12: apt-get install "
       "cmake ninja-build g++ pybind11-dev python3-dev and the engine's libraries listed in "
       "tools/setup.sh), then run pip again with --no-build-isolation")


class BuildError(Exception):
    """A build that cannot go on; its message says why and how to go on."""


def _source_dir():
    """The repository root when this setup.py is the source tree's python/, else None."""
    root = os.environ.get("TOURNEY_SOURCE_DIR") or os.path.dirname(HERE)
    try:
        with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as top:
            if "project(tourney" in top.read():
                return os.path.abspath(root)
    except OSError:
        pass
    return None


def _run(command, what):
    print("tourney: " + " ".join(command), flush=True)
    try:
        subprocess.run(command, check=True)
    except FileNotFoundError as error:
        raise BuildError(f"{what}: {command[0]} not found; {HOW}") from error
    except subprocess.CalledProcessError as error:
        raise BuildError(f"{what} failed (exit status {error.returncode}; its output is "
                         f"above); {HOW}") from error


def _cmake_build(source, build_dir):
    """Configures (when new) and builds the target _tourney; the module's path."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise BuildError(f"building tourney's extension module needs CMake; {HOW}")
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        command = [cmake, "-S", source, "-B", build_dir,
                   "-DCMAKE_BUILD_TYPE=" + os.environ.get("CMAKE_BUILD_TYPE", "Release"),
                   # The interpreter pip runs: its headers and extension suffix.
                   "-DPython3_EXECUTABLE=" + sys.executable,
                   "-DTOURNEY_BUILD_PYTHON=ON"]
        if shutil.which("ninja"):
            command += ["-G", "Ninja"]
        launcher = os.environ.get("CMAKE_CXX_COMPILER_LAUNCHER")
        if launcher:
            command.append("-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher)
        _run(command, "configuring tourney with CMake")
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run([cmake, "--build", build_dir, "--target", "_tourney", "-j", jobs],
         "building tourney's extension module _tourney")
    return _built_module(os.path.join(build_dir, "python", "tourney"),
                         f"the CMake build in {build_dir}")


def _built_module(folder, where):
    """The module for this interpreter in ``folder``; BuildError when there is none."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    wanted = os.path.join(folder, "_tourney" + suffix)
    if os.path.exists(wanted):
        return wanted
    others = [os.path.basename(p) for p in glob.glob(os.path.join(folder, "_tourney*.so"))]
    if others:
        raise BuildError(f"{where} holds {', '.join(others)}, built for another Python than "
                         f"this one ({sys.executable}, which needs _tourney{suffix}); set "
                         "TOURNEY_BUILD_DIR to a new directory to build for this Python")
    raise BuildError(f"{where} made no _tourney{suffix}; {HOW}")


class BuildWithCMake(build_ext):
    """build_ext for the one extension, tourney._tourney, built by CMake."""

    def build_extension(self, ext):
        target = self.get_ext_fullpath(ext.name)
        try:
            source = _source_dir()
            if source is not None:
                build_dir = os.path.abspath(
                    os.environ.get("TOURNEY_BUILD_DIR") or os.path.join(source, "build"))
                module = _cmake_build(source, build_dir)
            else:
                module = _built_module(os.path.join(HERE, "tourney"),
                                       f"the staged package {HERE}")
        except BuildError as error:
            raise SystemExit(f"error: tourney: {error}") from None
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.abspath(module) != os.path.abspath(target):
            shutil.copyfile(module, target)


setup(
    ext_modules=[Extension("tourney._tourney", sources=[])],
    cmdclass={"build_ext": BuildWithCMake},
)
