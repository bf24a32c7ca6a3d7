#!/usr/bin/env bash
# Runs every test: the GoogleTest suites (core, scripting, conformance over every
# variant and mod) through CTest, then the Python tests with Debian's python3.
#
# Both run JOBS tests at a time (default: the number of cores): CTest with -j, pytest
# with pytest-xdist's -n (Debian's python3-pytest-xdist, which scripts/setup.sh
# installs; without it the Python tests run one at a time, said on stderr). The two
# run one after the other, not at once: each keeps every core busy to its last few
# seconds (CTest's longest test is a conformance case of a minute among hundreds).
#
#   ./scripts/test.sh               # everything, in parallel
#   JOBS=1 ./scripts/test.sh        # one test at a time, in order (to debug a failure)
#   PYTEST_ARGS="-k sorry" ./scripts/test.sh   # extra pytest arguments
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
JOBS="${JOBS:-$(nproc)}"
cmake --build "$BUILD_DIR" -j "$JOBS"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
if [ -d python/tests ] && ls python/tests/test_*.py >/dev/null 2>&1; then
  parallel=()
  if [ "$JOBS" -gt 1 ]; then
    if /usr/bin/python3 -c "import xdist" 2>/dev/null; then
      parallel=(-n "$JOBS")
    else
      echo "test.sh: pytest-xdist is not installed (apt-get install python3-pytest-xdist):" \
           "the Python tests run one at a time" >&2
    fi
  fi
  # shellcheck disable=SC2086  # PYTEST_ARGS is a list of arguments
  PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}" \
    /usr/bin/python3 -m pytest -q ${parallel[@]+"${parallel[@]}"} ${PYTEST_ARGS:-} python/tests
fi
