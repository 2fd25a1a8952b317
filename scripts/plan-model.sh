#!/usr/bin/env bash
# The main job: installs and builds memplan if needed, bufferizes a bundled
# real model with upstream MLIR, plans it, and prints what memplan did.
#
#   scripts/plan-model.sh [MODEL.mlir] [STRATEGY]
#
# Defaults: models/nelli/resnet18.mlir and best (the default strategy).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
model=${1:-$root/models/nelli/resnet18.mlir}
strategy=${2:-best}
"$root/scripts/setup.sh" >/dev/null

work=$root/build/plan-model
mkdir -p "$work"
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt

echo "memplan: bufferizing $(basename "$model") with upstream mlir-opt"
"$mlir_opt" "$model" \
  --convert-elementwise-to-linalg --canonicalize --cse \
  --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
  --canonicalize --cse -o "$work/model.buf.mlir"

echo "memplan: planning with $strategy"
"$root/build/bin/memplan-opt" "$work/model.buf.mlir" \
  --memplan-offsets="strategy=$strategy summary=true" \
  -mlir-pass-statistics -o "$work/model.planned.mlir" 2>"$work/report.txt"
grep -o "memplan-offsets: @.*" "$work/report.txt"
grep -E "^ *(MemPlanOffsets|\(S\))" "$work/report.txt"
python3 - "$work/report.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
figures = dict((name, int(value)) for value, name in
               re.findall(r"\(S\)\s+(\d+) (\S+)", text))
slab, naive, bound = (figures["slab-bytes"], figures["naive-bytes"],
                      figures["lower-bound-bytes"])
if slab:
    print(f"slab: {slab} bytes = {slab / naive:.1%} of naive ({naive} bytes), "
          f"{slab / bound:.3f} x the lower bound ({bound} bytes)")
PY
echo "memplan: bufferized and planned IR are in $work/"
