#!/usr/bin/env bash
# tourney set-up: installs missing Debian 12 packages (idempotent), builds, and runs a job.
#
#   bash tools/setup.sh demo   # set up, build, run the demo campaign (the README's main command)
#   bash tools/setup.sh test   # set up, build, run the whole test suite (what CI runs)
#   bash tools/setup.sh build  # set up and build only
#   bash tools/setup.sh sanitize  # set up, build with ASan+UBSan (build-asan/), run the suite
#   bash tools/setup.sh python # set up, build the Python package, install it into .venv/
#   bash tools/setup.sh python-wheel  # a wheel, installed into a new venv, passes python/tests
# `test` runs the suite on the Release build, then the browser tests (tests/browser: Debian's
# chromium and Node.js), then the suite on the sanitizer build.
#
# Environment: BUILD_DIR (default build), JOBS (default: number of cores), TOURNEY_WERROR
# (default ON: compiler warnings are errors).
set -euo pipefail

cd "$(dirname "$0")/.."
mode="${1:-demo}"
build_dir="${BUILD_DIR:-build}"
jobs="${JOBS:-$(nproc)}"
# The build is warning-free on Debian 12's g++; any new warning fails it (TOURNEY_WERROR=OFF
# to build with another compiler that warns). One setting for every mode, so that switching
# between demo and test does not rebuild everything.
werror="${TOURNEY_WERROR:-ON}"

packages=(
  cmake ninja-build g++ lld pkg-config git
  libboost-dev libboost-math-dev libboost-graph-dev libeigen3-dev
  libprotobuf-dev protobuf-compiler libgrpc++-dev protobuf-compiler-grpc
  libgtest-dev libgmock-dev libbenchmark-dev libsqlite3-dev libssl-dev openssl
  libsimdjson-dev libmicrohttpd-dev
  libexpat1-dev zlib1g-dev librsvg2-bin
  python3 python3-grpcio python3-protobuf python3-grpc-tools python3-scipy
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel
  pybind11-dev python3-pybind11 python3-numpy python3-pandas python3-pytest
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    return
  fi
  echo "setup: installing ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# build [TARGET...]: configure, then build the targets (every program without any).
build() {
  # Debian's interpreter for the Python package (its numpy, pandas and pybind11), whatever
  # python3 comes first on the PATH.
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOURNEY_WERROR="$werror" \
    -DTOURNEY_TEST_PCH=ON -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
  local targets=()
  for t in "$@"; do targets+=(--target "$t"); done
  cmake --build "$build_dir" -j "$jobs" "${targets[@]}"
}

# The whole suite under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer:
# any report fails the run. -Og with line tables keeps the build short (a third less than -O1)
# and the run close to -O1's; the tests' common headers are precompiled (TOURNEY_TEST_PCH).
sanitize() {
  local dir="${ASAN_BUILD_DIR:-build-asan}"
  local flags="-Og -g1 -fsanitize=address,undefined -fno-sanitize-recover=all"
  # At -Og GCC 12 cannot follow many initialisations through inlined code and reports them as
  # maybe-uninitialised; the Release build (-O3, -Werror) keeps that warning as an error.
  flags+=" -fno-omit-frame-pointer -Wno-maybe-uninitialized"
  # Executables link without PIE: a position-independent 80 MB instrumented `tourney` spends
  # half of its 0.25 s start in the dynamic loader's relocations, and the suite starts it
  # hundreds of times. LLVM's lld links the hundred instrumented programs in 60% of the time
  # GNU ld takes.
  # Unity build: each library compiles as batches of eight sources, so the instrumented
  # headers (gRPC, Eigen, Boost) are compiled once per batch instead of once per file (9.5
  # instead of 11.5 minutes on two cores). The Release build above compiles file by file,
  # which keeps every source's own includes checked.
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=None -DTOURNEY_BUILD_BENCH=OFF \
    -DTOURNEY_BUILD_PYTHON=OFF \
    -DTOURNEY_WERROR="$werror" -DTOURNEY_TEST_PCH=ON -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined -no-pie -fuse-ld=lld" >/dev/null
  cmake --build "$dir" -j "$jobs"
  # Two cases reproduce whole published campaigns: WMT16's twelve pairs with 1,000 TrueSkill
  # replicates each, and the WMT13 paper's accuracy band. Under the sanitizers they take four
  # CPU-minutes on code paths that smaller cases in the same programs cover, so this run skips
  # them, visibly (TOURNEY_SKIP_WHOLE_CAMPAIGNS; the Release suite above runs them). Set
  # TOURNEY_SANITIZE_ALL=1 to run them here too.
  local skip=1
  if [ "${TOURNEY_SANITIZE_ALL:-0}" = "1" ]; then skip=0; fi
  echo "setup: the suite under ASan+UBSan ($dir)" >&2
  TOURNEY_SKIP_WHOLE_CAMPAIGNS="$skip" ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" --timeout 1200
}

# The browser tests (tests/browser, docs/web.md): Debian's chromium drives the annotator page
# and the dashboard against build/bin/tourneyd, through playwright-core from the npm registry
# (`npm ci`: the committed lock file, no browser download). chromium, and Node.js with npm
# when there is none, come from Debian; when they cannot be installed the tests are skipped,
# visibly, and the run goes on.
browser_tests() {
  local shared="$1" missing=() sudo=""
  if [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
  if ! command -v node >/dev/null; then missing+=(nodejs); fi
  if ! command -v npm >/dev/null; then missing+=(npm); fi
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]} for the browser tests" >&2
    if ! { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq &&
           DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
             "${missing[@]}" >/dev/null; }; then
      echo "setup: SKIPPED the browser tests: cannot install ${missing[*]}" >&2
      return 0
    fi
  fi
  if [ ! -x /usr/bin/chromium ] || ! command -v npm >/dev/null; then
    echo "setup: SKIPPED the browser tests: no chromium or npm after installing" >&2
    return 0
  fi
  echo "setup: browser tests (tests/browser, chromium $(/usr/bin/chromium --version 2>/dev/null |
    awk '{print $2}'))" >&2
  (cd tests/browser && npm ci --no-audit --no-fund --ignore-scripts >/dev/null)
  (cd tests/browser && TOURNEY_BIN_DIR="$PWD/../../$build_dir/bin" \
     TOURNEY_SHARED_DIR="$(cd "../../$shared" 2>/dev/null && pwd || echo "$shared")" npm test)
}

# The Python package (docs/python.md) into the virtual environment .venv/ at the repository
# root, with Debian's site packages (numpy, pandas, pybind11; Debian's pip refuses to install
# into the system interpreter). pip builds the extension module through python/setup.py,
# which drives CMake in $build_dir (the target _tourney only), without an index (nothing is
# downloaded). The tests (python/tests) also run the command line and the server: those are
# built too, so that none of them is skipped for a missing program.
python_package() {
  local start=$SECONDS
  build _tourney tourney tourneyd
  if [ ! -x .venv/bin/python3 ]; then
    /usr/bin/python3 -m venv --system-site-packages .venv
  fi
  TOURNEY_BUILD_DIR="$build_dir" CMAKE_BUILD_PARALLEL_LEVEL="$jobs" \
    .venv/bin/python3 -m pip install --quiet --no-index --no-build-isolation --no-deps \
    --force-reinstall ./python
  .venv/bin/python3 -c 'import tourney; print("setup: tourney", tourney.__version__,
    "installed in .venv/ (.venv/bin/python3 -c \"import tourney\")")' >&2
  echo "setup: python took $((SECONDS - start)) s; run its tests with" \
    "TOURNEY_BIN_DIR=$build_dir/bin .venv/bin/python3 -m pytest python/tests" >&2
}

# The wheel check: `pip wheel ./python` (the build in $build_dir), installed into a new
# virtual environment in a temporary folder, and the Python tests run there against it.
python_wheel_check() {
  local start=$SECONDS tmp bin_dir
  build _tourney tourney tourneyd
  bin_dir="$(cd "$build_dir/bin" && pwd)"
  tmp="$(mktemp -d)"
  # shellcheck disable=SC2064 # the folder's name now: tmp is local
  trap "rm -rf '$tmp'" EXIT
  TOURNEY_BUILD_DIR="$build_dir" CMAKE_BUILD_PARALLEL_LEVEL="$jobs" \
    /usr/bin/python3 -m pip wheel --quiet --no-index --no-build-isolation --no-deps \
    -w "$tmp/dist" ./python
  /usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
  "$tmp/venv/bin/python3" -m pip install --quiet --no-index --no-deps "$tmp"/dist/tourney-*.whl
  local where
  where="$(cd "$tmp" && "$tmp/venv/bin/python3" -c 'import tourney; print(tourney.__file__)')"
  case "$where" in
    "$tmp/venv/"*) ;;
    *) echo "error: the wheel check imported tourney from $where, not the new venv" >&2
       return 1 ;;
  esac
  echo "setup: the wheel $(basename "$tmp"/dist/tourney-*.whl) installed in a new venv;" \
    "its tests:" >&2
  TOURNEY_BIN_DIR="$bin_dir" TOURNEY_EXPECT_INSTALLED="$tmp/venv" \
    PYTHONDONTWRITEBYTECODE=1 "$tmp/venv/bin/python3" -m pytest -q -rs -p no:cacheprovider \
    python/tests
  echo "setup: python-wheel took $((SECONDS - start)) s" >&2
}

case "$mode" in
  demo)
    install_missing
    # Only the three programs the demo runs (the tests and benchmarks are for `test`), with
    # the build's progress on the terminal.
    echo "setup: building tourney, tourney-client and tourneyd" >&2
    build tourney tourney-client tourneyd
    "$build_dir/bin/tourney" demo --serve
    ;;
  test)
    install_missing
    build
    shared="${TOURNEY_SHARED_DIR:-../shared}"
    # CI runs beside ../shared: missing reference data there is an error, not a quiet skip.
    if [ "${CI:-}" = "true" ] && [ ! -f "$shared/data/wmt16/wmt16.xml.gz" -o \
         ! -f "$shared/data/wmt13-fr-en/train.csv" -o ! -d "$shared/fixtures" ]; then
      echo "error: CI expects the shared data under $shared (data/wmt13-fr-en, data/wmt16," \
           "fixtures); set TOURNEY_SHARED_DIR" >&2
      exit 1
    fi
    if [ ! -f "$shared/data/wmt13-fr-en/train.csv" ]; then
      echo "note: $shared/data/wmt13-fr-en not found: tests that need the WMT13 data skip" \
           "their data cases (GoogleTest [  SKIPPED  ]); set TOURNEY_SHARED_DIR to run them" >&2
    fi
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
    browser_tests "$shared"
    sanitize
    ;;
  sanitize)
    install_missing
    sanitize
    ;;
  build)
    install_missing
    build
    ;;
  python)
    install_missing
    python_package
    ;;
  python-wheel)
    install_missing
    python_wheel_check
    ;;
  *)
    echo "usage: bash tools/setup.sh demo|test|build|sanitize|python|python-wheel" >&2
    exit 2
    ;;
esac
