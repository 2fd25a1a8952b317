#!/usr/bin/env bash
# Installs, builds and runs every test:
# - the unit tests, IR tests and planned-vs-unplanned execution tests (lit);
# - memplan as a package: installed into a temporary prefix and packed as a
#   .deb, with examples/ built and run against each (scripts/test-package.sh);
# - a slice of the differential fuzzer: MEMPLAN_FUZZ_SEEDS seeds (100), each
#   a random program planned by every strategy and run against the unplanned
#   one, its parallel loops on four OpenMP threads (fuzz/differential.py,
#   docs/differential-fuzzing.md);
# - the lit suite (but the three model e2e tests and the three scale tests of
#   identical buffers and the search below J's best known slab) and a
#   smaller fuzz slice on an ASan+UBSan build
#   (scripts/test-sanitized.sh; MEMPLAN_SANITIZE_TESTS=0 skips it);
# - the planner's libFuzzer target for MEMPLAN_LIBFUZZER_SECONDS (30)
#   (scripts/fuzz-planner.sh; 0 skips it).
# Ends with "N passed, N failed" over all of them; each fuzz run counts as one.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/lit-counts.sh"

# stage NAME: says how long the previous stage took (CI must stay under 30
# minutes on two cores), then names the next.
stage_start=$SECONDS stage_name=""
stage() {
  [ -z "$stage_name" ] || echo "memplan: $stage_name took $((SECONDS - stage_start)) s"
  stage_start=$SECONDS stage_name=$1
}

stage "install and build"
"$root/scripts/setup.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0 passed=0 failed=0

# count STATUS: one more passed or failed test, and the first failure's status.
count() {
  if [ "$1" -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    [ "$status" -ne 0 ] || status=$1
  fi
}

# add_summary LOG STATUS: adds the counts of a script that ends its LOG with
# "N passed, N failed" (one failure if it did not get there), and STATUS.
add_summary() {
  local summary
  summary=$(tail -n 1 "$1")
  if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
  else
    failed=$((failed + 1))
  fi
  [ "$status" -ne 0 ] || status=$2
}

stage "lit suite"
lit_status=0
ninja -C "$root/build" check-memplan 2>&1 | tee "$log" || lit_status=$?
read -r lit_passed lit_failed < <(lit_counts "$log")
passed=$((passed + lit_passed)) failed=$((failed + lit_failed))
[ "$lit_status" -eq 0 ] || status=$lit_status

stage "install, examples and Debian package"
package_status=0
"$root/scripts/test-package.sh" "$root/build" 2>&1 | tee "$log" || package_status=$?
add_summary "$log" "$package_status"

stage "differential fuzzing"
fuzz_status=0
python3 "$root/fuzz/differential.py" --first 1 --count "${MEMPLAN_FUZZ_SEEDS:-100}" --threads 4 \
  --failures "$root/build/fuzz-failures" || fuzz_status=$?
count "$fuzz_status"

if [ "${MEMPLAN_SANITIZE_TESTS:-1}" != 0 ]; then
  stage "sanitized build, lit suite and fuzzing"
  sanitized_status=0
  "$root/scripts/test-sanitized.sh" 2>&1 | tee "$log" || sanitized_status=$?
  add_summary "$log" "$sanitized_status"
fi

if [ "${MEMPLAN_LIBFUZZER_SECONDS:-30}" != 0 ] && [ -x "$root/scripts/fuzz-planner.sh" ]; then
  stage "planner libFuzzer (build and run)"
  libfuzzer_status=0
  "$root/scripts/fuzz-planner.sh" "${MEMPLAN_LIBFUZZER_SECONDS:-30}" || libfuzzer_status=$?
  count "$libfuzzer_status"
fi

stage ""
echo "$passed passed, $failed failed"
exit "$status"
