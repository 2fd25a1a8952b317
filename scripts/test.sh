#!/usr/bin/env bash
# Installs, builds and runs every test: unit tests, IR tests and the
# planned-vs-unplanned execution tests. With MEMPLAN_SANITIZE_TESTS=1, then the
# same on an ASan+UBSan build (scripts/test-sanitized.sh). Ends with
# "N passed, N failed" (over both builds when both run).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ninja -C "$root/build" check-memplan 2>&1 | tee "$log" || status=$?

passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
passed=${passed:-0} failed=${failed:-0}
echo "$passed passed, $failed failed"

# The same tests again on an ASan+UBSan build (build-sanitize/), when asked:
# it adds about ten minutes on two cores, and is not yet part of CI.
if [ "${MEMPLAN_SANITIZE_TESTS:-0}" = 0 ]; then
  exit "$status"
fi
sanitized_status=0
"$root/scripts/test-sanitized.sh" 2>&1 | tee "$log" || sanitized_status=$?
[ "$status" -ne 0 ] || status=$sanitized_status
summary=$(tail -n 1 "$log")
if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
  passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
else
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
exit "$status"
