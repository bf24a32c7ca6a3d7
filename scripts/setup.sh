#!/usr/bin/env bash
# Installs the Debian 12 packages parlor needs and builds it in Release.
# Run from the repository root, as root (or with sudo available).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libluajit2-5.1-dev libyaml-cpp-dev libcli11-dev libgoogle-perftools-dev
  pybind11-dev python3-dev python3-pytest python3-pytest-xdist python3-hypothesis python3-setuptools python3-pip python3-venv
  googletest libgtest-dev
  # What the tests start besides the build, absent from a minimal Debian 12 (the debian:12
  # image): git (git ls-files in test_readme_claims_s40) and localedef's locale sources
  # (test_determinism_s34's comma-decimal locale). test_fresh_debian_s40 checks this list.
  git locales
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

BUILD_DIR="${BUILD_DIR:-build}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE=/usr/bin/python3
cmake --build "$BUILD_DIR" -j "$(nproc)"
echo "setup: built into $BUILD_DIR (the command is $BUILD_DIR/bin/parlor)"
