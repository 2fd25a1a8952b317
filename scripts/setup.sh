#!/usr/bin/env bash
# Installs what memplan needs on Debian 12 (run as root, or with sudo) and
# builds it into build/. Safe to run again: it installs only what is missing
# and rebuilds only what changed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# libomp-22-dev runs the multithreaded tests (test/e2e/threads); clang-22 and
# libclang-rt-22-dev build the sanitized tree (scripts/test-sanitized.sh) and
# the planner's libFuzzer target (scripts/fuzz-planner.sh); the normal build
# uses g++.
packages=(cmake ninja-build g++ python3 libgtest-dev libbenchmark-dev libboost-graph-dev zlib1g-dev libzstd-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libomp-22-dev clang-22 libclang-rt-22-dev)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
    grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "memplan: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

cmake -G Ninja -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$root/build"
