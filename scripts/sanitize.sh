#!/usr/bin/env bash
# Builds parlor with AddressSanitizer and UndefinedBehaviorSanitizer into build-asan
# (RelWithDebInfo, -DPARLOR_SANITIZE=address,undefined,float-cast-overflow:
# GCC's "undefined" leaves a double too big for its integer type unchecked; the Python module goes to
# build-asan/python/parlor, not python/parlor) and runs the GoogleTest suites and CLI
# tests (CTest, leaks checked) and the Python tests (python3 preloading libasan; leaks
# not checked, the interpreter's own would drown them) against it: a memory error,
# a leak or undefined behaviour fails the run with its report.
#
#   scripts/sanitize.sh                       # everything
#   CTEST_ARGS="-E AllDefinitions" scripts/sanitize.sh   # without the slow conformance cases
#   SANITIZE=address BUILD_DIR=/tmp/asan scripts/sanitize.sh
#
# Not part of .ci/run: it is slow (on 2 cores the build takes ~40 minutes and the
# conformance cases over every definition several hours under ASan); run it after
# changing the engine's C++, the bindings or the Lua heap. LuaJIT (Debian's) is not
# instrumented; the Lua heap's small blocks are poisoned by hand (small_blocks.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build-asan}"
JOBS="${JOBS:-$(nproc)}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPython3_EXECUTABLE=/usr/bin/python3 -DPARLOR_SANITIZE="${SANITIZE:-address,undefined,float-cast-overflow}"
cmake --build "$BUILD_DIR" -j "$JOBS"

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# shellcheck disable=SC2086  # CTEST_ARGS is a list of arguments
ASAN_OPTIONS=detect_leaks=1 ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS" ${CTEST_ARGS:-}

# python3 is not built with ASan: libasan must be loaded first, and libstdc++ with it
# (or ASan finds no __cxa_throw to intercept and aborts at the first C++ exception).
# The CLI tests among them run the sanitized command ($PARLOR_CLI).
LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libstdc++.so)" \
ASAN_OPTIONS=detect_leaks=0 PARLOR_CLI="$PWD/$BUILD_DIR/bin/parlor" \
PYTHONPATH="$PWD/$BUILD_DIR/python" /usr/bin/python3 -m pytest -q -p no:cacheprovider python/tests -x
echo "sanitize: no error found ($BUILD_DIR)"
