#!/usr/bin/env bash
# Installs, builds and runs every test: unit tests, IR tests and the
# planned-vs-unplanned execution tests. Ends with "N passed, N failed".
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ninja -C "$root/build" check-memplan 2>&1 | tee "$log" || status=$?

passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
echo "${passed:-0} passed, ${failed:-0} failed"
exit "$status"
