#!/usr/bin/env bash
# Builds memplan with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitize/ (MEMPLAN_SANITIZE=ON, clang-22) and runs there, on the sanitized
# tools: the unit tests and the lit suite, then a slice of the differential
# fuzzer (MEMPLAN_SANITIZE_FUZZ_SEEDS seeds, 20, after the normal slice's).
# The lit suite leaves out test/e2e/models: most of their time goes to
# lowering and running three whole networks with upstream's tools, which are
# not instrumented, and the normal build runs them. It also leaves out the
# three identical-buffers tests of memplan-solve: they guard against
# quadratic time on 200k to a million buffers (63 s of CPU instrumented,
# a tenth of the stage), while the code they run is checked under the
# sanitizers by the unit tests that hold the tree to the scan
# (GapPlacementTest) and the property tests on random problems. And it
# leaves out exact-beats-j.test, a search of a quarter million nodes (12 s
# normally, several times that instrumented) whose code the exact solver's
# unit tests run under the sanitizers on problems small enough to check
# against brute force.
# Ends with "N passed, N failed", the fuzz slice counting as one test.
# Expects what scripts/setup.sh installs; scripts/test.sh calls it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/lit-counts.sh"
build="$root/build-sanitize"

# Clang, as for the planner's libFuzzer target: it builds the instrumented
# tree in less than half the time g++ takes (CI has two builds to fit in 30
# minutes), and the normal build in build/ keeps memplan tested with g++.
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DMEMPLAN_SANITIZE=ON >/dev/null
ninja -C "$build"

# Any finding fails its test: UBSan stops at the first one
# (-fno-sanitize-recover=all) and prints a stack. LeakSanitizer stays on; it
# reports nothing for memplan's tools or the unit tests today.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
LIT_FILTER_OUT='e2e/models/|identical-buffers\.test|exact-beats-j\.test' ninja -C "$build" check-memplan 2>&1 | tee "$log" || status=$?
read -r passed failed < <(lit_counts "$log")

fuzz_status=0
python3 "$root/fuzz/differential.py" --first 100001 \
  --count "${MEMPLAN_SANITIZE_FUZZ_SEEDS:-20}" --memplan-bin "$build/bin" \
  --failures "$build/fuzz-failures" || fuzz_status=$?
if [ "$fuzz_status" -eq 0 ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  [ "$status" -ne 0 ] || status=$fuzz_status
fi

echo "$passed passed, $failed failed"
exit "$status"
