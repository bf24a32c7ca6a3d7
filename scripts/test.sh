#!/usr/bin/env bash
# Runs every test: the GoogleTest suites (core, scripting, conformance over every
# variant and mod) through CTest, then the Python tests with Debian's python3.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
cmake --build "$BUILD_DIR" -j "$(nproc)"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
if [ -d python/tests ] && ls python/tests/test_*.py >/dev/null 2>&1; then
  PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 -m pytest -q python/tests
fi
