# Sourced by scripts/test.sh and scripts/test-sanitized.sh.
# lit_counts LOG: prints "PASSED FAILED" from the summary lit wrote to LOG
# (0 for a count lit did not print).
lit_counts() {
  local passed failed
  passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$1" | tail -n 1)
  failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$1" | tail -n 1)
  echo "${passed:-0} ${failed:-0}"
}
