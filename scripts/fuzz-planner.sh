#!/usr/bin/env bash
# Builds the planner core's libFuzzer target (MEMPLAN_LIBFUZZER=ON, clang-22,
# ASan and UBSan) in build-fuzz/ and runs it for SECONDS (default 60) on a
# copy of fuzz/corpus/, so the repository's corpus is left as it is.
#
#   scripts/fuzz-planner.sh [--merge] [SECONDS]
#
# --merge  afterwards adds to fuzz/corpus/ the inputs of the run that reach
#          code or counts the corpus does not (libFuzzer -merge=1): often
#          hundreds of small files, so review and prune them before
#          committing.
#
# Exit status: 0 when nothing was found, 1 when the fuzzer found a crash, a
# leak, a timeout or an out-of-memory (the reproducer is left in
# build-fuzz/fuzz-artifacts/ and the command to replay it is printed), 2 on a
# usage or setup error. Needs clang-22 and libclang-rt-22-dev
# (scripts/setup.sh installs them). docs/planner-fuzzer.md says what is checked.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-fuzz"
seconds=60
merge=0
for arg in "$@"; do
  case "$arg" in
  --merge) merge=1 ;;
  '' | *[!0-9]*)
    echo "usage: $0 [--merge] [SECONDS]" >&2
    exit 2
    ;;
  *) seconds=$arg ;;
  esac
done

for tool in clang-22 clang++-22 cmake ninja; do
  if ! command -v "$tool" >/dev/null; then
    echo "fuzz-planner: $tool not found; run scripts/setup.sh" >&2
    exit 2
  fi
done

cmake -G Ninja -S "$root" -B "$build" -DMEMPLAN_LIBFUZZER=ON \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 >/dev/null
# Two jobs at most: the machines have two cores and are shared.
ninja -C "$build" -j "${MEMPLAN_FUZZ_BUILD_JOBS:-2}" memplan-planner-fuzzer

fuzzer="$build/bin/memplan-planner-fuzzer"
run="$build/fuzz-run"
artifacts="$build/fuzz-artifacts"
# The run's corpus starts as a copy of the repository's, so new inputs land
# in build-fuzz/, never in fuzz/corpus/ unless --merge is given.
rm -rf "$run"
mkdir -p "$run/corpus" "$artifacts"
cp "$root/fuzz/corpus/"* "$run/corpus/"
touch "$run/started"

# Every input should take milliseconds (the fuzzer caps what it plans), so a
# 10 s input is a hang. UBSan already stops at its first finding; its stack
# helps to read one.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
echo "fuzz-planner: running for $seconds s (log: $run/fuzz.log)"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=4096 -print_final_stats=1 -dict="$root/fuzz/planner.dict" \
  -artifact_prefix="$artifacts/" "$run/corpus" >"$run/fuzz.log" 2>&1 ||
  status=$?

grep -E '^(Done|stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb))' \
  "$run/fuzz.log" || true

found=$(find "$artifacts" -type f -newer "$run/started" | sort)
if ((status != 0)) || [ -n "$found" ]; then
  # The report: what the fuzzer's check said, or the sanitizer's finding.
  report=$(grep -E -m 1 -A 30 \
    '^(memplan-planner-fuzzer:|==[0-9]+== ?ERROR|.*runtime error:)' \
    "$run/fuzz.log" || true)
  if [ -n "$report" ]; then
    echo "$report"
  else
    tail -n 40 "$run/fuzz.log"
  fi
  echo "fuzz-planner: FAILED (libFuzzer exit status $status)"
  for file in $found; do
    echo "reproducer: $file"
    echo "  replay: $fuzzer $file"
  done
  exit 1
fi

if ((merge)); then
  before=$(find "$root/fuzz/corpus" -type f | wc -l)
  "$fuzzer" -merge=1 -max_len=4096 "$root/fuzz/corpus" "$run/corpus" \
    >"$run/merge.log" 2>&1
  after=$(find "$root/fuzz/corpus" -type f | wc -l)
  echo "fuzz-planner: --merge added $((after - before)) inputs to fuzz/corpus/"
fi
echo "fuzz-planner: no crash in $seconds s"
