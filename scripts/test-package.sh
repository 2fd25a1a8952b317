#!/usr/bin/env bash
# Checks memplan as a package that compilers link (docs/install.md), from an
# existing build (BUILD, default build/):
# 1. `cmake --install` into a temporary prefix; examples/compiler and
#    examples/plan-records are configured against it with nothing but
#    -DCMAKE_PREFIX_PATH, built and run on a bundled model and benchmark.
#    The compiler's planned module must be what the installed memplan-opt,
#    and Debian's mlir-opt with the installed plugin, make of the same model
#    with the pipeline the compiler prints; plan-records' slabs must be
#    memplan-solve's. The README's "Use memplan in your compiler" commands
#    run and print what it says.
# 2. `cpack -G DEB`: the package must hold the public headers, libraries,
#    tools, plugin and CMake package and nothing private, depend on Debian's
#    MLIR, be installable, and the examples must build and run against its
#    contents.
# Ends with "N passed, N failed"; scripts/test.sh calls it.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
model=$root/models/nelli/resnet18.mlir
problem=$root/benchmarks/problems/paper/mobilenet_v2.csv
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt

passed=0 failed=0
# check NAME COMMAND...: runs COMMAND, quiet unless it fails.
check() {
  local name=$1 log="$work/check.log"
  shift
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "PASS: package: $name"
  else
    failed=$((failed + 1))
    echo "FAIL: package: $name"
    sed 's/^/    /' "$log" | tail -n 40
  fi
}

# build_example NAME PREFIX DIR: configures and builds examples/NAME against
# the memplan installed in PREFIX, and nothing else: from a copy outside the
# checkout, so that no path into it can help.
build_example() {
  rm -rf "$3.src" && cp -r "$root/examples/$1" "$3.src" &&
    cmake -G Ninja -S "$3.src" -B "$3" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$2" &&
    ninja -C "$3"
}

# arena_of_remark FILE ARENA: the bytes of @forward's arena ARENA in
# memplan's summary remark ("... sram 148480 bytes of 262144, ...").
arena_of_remark() {
  sed -n "s/.*@forward: planned .*[:;] $2 \([0-9]*\) bytes.*/\1/p" "$1"
}

# run_compiler PREFIX DIR: the compiler example built in DIR against PREFIX
# plans the model as the installed tools do with the pipeline it prints.
run_compiler() {
  local prefix=$1 dir=$2 compiler="$2/memplan-example-compiler"
  "$compiler" --print-pipeline >"$dir/pipeline.txt" &&
    "$compiler" "$model" -o "$dir/planned.mlir" >"$dir/slabs.txt" \
      2>"$dir/remarks.txt" &&
    "$prefix/bin/memplan-opt" --pass-pipeline="$(cat "$dir/pipeline.txt")" \
      "$model" -o "$dir/memplan-opt.mlir" 2>/dev/null &&
    diff -q "$dir/planned.mlir" "$dir/memplan-opt.mlir" &&
    "$mlir_opt" --load-pass-plugin="$prefix/lib/memplan/MemPlanPlugin.so" \
      --pass-pipeline="$(cat "$dir/pipeline.txt")" \
      "$model" -o "$dir/plugin.mlir" 2>/dev/null &&
    diff -q "$dir/planned.mlir" "$dir/plugin.mlir" || return 1
  # What it prints of each arena's slab is what memplan's own remark says.
  local arena bytes
  for arena in sram psram; do
    bytes=$(arena_of_remark "$dir/remarks.txt" $arena)
    [ -n "$bytes" ] &&
      grep -q "^@forward: slab global @__memplan_slab_forward_$arena, $bytes bytes, [1-9][0-9]* views$" \
        "$dir/slabs.txt" || return 1
  done
  grep -q "^  offset 0: memref<" "$dir/slabs.txt"
}

# run_plan_records DIR: each strategy's slab is the one memplan-solve plans,
# and the plan written is complete.
run_plan_records() {
  local dir=$1 strategy expected
  "$dir/memplan-example-plan-records" "$problem" >"$dir/out.txt" || return 1
  for strategy in greedy-size greedy-breadth strip-best-fit; do
    expected=$("$build/bin/memplan-solve" --strategy=$strategy "$problem" \
      -o /dev/null 2>&1 | sed -n 's/^ *slab: *\([0-9]*\) bytes/\1/p')
    grep -q "^  $strategy: $expected bytes, " "$dir/out.txt" || return 1
  done
  # The header and one row per buffer, each with an offset.
  local rows
  rows=$(sed -n '/^smallest: /,$p' "$dir/out.txt" | grep -c ',[0-9]*$')
  [ "$rows" -eq "$(($(wc -l <"$problem") - 1))" ]
}

echo "memplan: installing into a temporary prefix"
prefix="$work/prefix"
check "cmake --install" cmake --install "$build" --prefix "$prefix"
check "examples/compiler builds against the install" \
  build_example compiler "$prefix" "$work/compiler"
check "examples/compiler plans $(basename "$model") as memplan-opt and the plugin do" \
  run_compiler "$prefix" "$work/compiler"
check "examples/plan-records builds against the install" \
  build_example plan-records "$prefix" "$work/plan-records"
check "examples/plan-records plans $(basename "$problem") as memplan-solve does" \
  run_plan_records "$work/plan-records"

# readme_commands: the README's "Use memplan in your compiler" commands run,
# in order, and print what the README says they print.
readme_commands() {
  python3 "$root/scripts/check-guide.py" "$root/README.md" --root "$root" |
    /usr/lib/llvm-22/bin/FileCheck --match-full-lines "$work/readme.check"
}
cat >"$work/readme.check" <<'EOF'
CHECK: memplan-offsets: @forward: planned 57 of 58 buffers as 69 lives (1 left alone: 1 returned) into a 2054080-byte slab using greedy-size; naive 2853856 bytes, lower bound 2054048 bytes; proven within 32 bytes (0.00%) of optimal
CHECK-NEXT: @forward: slab global @__memplan_slab_forward_sram, 148480 bytes, 68 views
CHECK-NEXT: @forward: slab global @__memplan_slab_forward_psram, 2048000 bytes, 1 views
CHECK-NEXT: {{.*}}/mobilenet_v2.csv: 65 buffers, lower bound 6021120 bytes, naive 27592224 bytes
CHECK-NEXT:   greedy-size: 6021120 bytes, 1.000 x the lower bound
CHECK-NEXT:   greedy-breadth: 6021120 bytes, 1.000 x the lower bound
CHECK-NEXT:   strip-best-fit: 6021120 bytes, 1.000 x the lower bound
CHECK-NEXT: smallest: greedy-size, 6021120 bytes; offsets:
CHECK-NEXT: Package: memplan
CHECK-NEXT: Version: {{[0-9]+\.[0-9]+\.[0-9]+}}
CHECK-NEXT: Depends: libmlir-22-dev (>= 1:22.1), {{.*}}
CHECK-NEXT: guide: 5 blocks ran
EOF
check "the README's commands for compilers run and print what it says" \
  readme_commands

echo "memplan: making the Debian package"
check "cpack -G DEB" cpack -G DEB --config "$build/CPackConfig.cmake" \
  -B "$work/package"
deb=$(ls "$work"/package/memplan_*.deb 2>/dev/null | head -n 1)

# deb_holds_public_parts: every part a user needs is in the package, and no
# private header, test library or Tooling header is.
deb_holds_public_parts() {
  local listing="$work/deb-files.txt" path
  dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./||' >"$listing"
  for path in usr/bin/memplan-opt usr/bin/memplan-solve \
    usr/lib/memplan/MemPlanPlugin.so \
    usr/lib/libMemPlanPlanner.a usr/lib/libMemPlanAnalysis.a \
    usr/lib/libMemPlanTransforms.a usr/lib/libMemPlanTooling.a \
    usr/include/memplan/Transforms/Passes.h \
    usr/include/memplan/Transforms/Passes.h.inc \
    usr/include/memplan/Transforms/Passes.td \
    usr/include/memplan/Planner/Planner.h \
    usr/include/memplan/Planner/Strategies.def \
    usr/include/memplan/Analysis/BufferLifetimes.h \
    usr/lib/cmake/memplan/memplanConfig.cmake \
    usr/lib/cmake/memplan/memplanConfigVersion.cmake \
    usr/lib/cmake/memplan/memplanTargets.cmake; do
    grep -qx "$path" "$listing" || { echo "missing: $path"; return 1; }
  done
  if grep -E 'TestPasses|include/memplan/Tooling|PlanningOptions\.h|CMakeLists' \
    "$listing"; then
    echo "private files in the package"
    return 1
  fi
}

# deb_depends_on_mlir: it depends on the MLIR it was built against.
deb_depends_on_mlir() {
  local depends
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  [[ $depends == *"libmlir-22-dev (>= 1:22.1)"* ]] &&
    [[ $depends == *"llvm-22-dev (>= 1:22.1)"* ]]
}

check "the package holds the public parts and nothing private" \
  deb_holds_public_parts
check "the package depends on Debian's MLIR 22" deb_depends_on_mlir
# What `apt-get install ./memplan_*.deb` would do, without doing it.
check "the package installs with apt-get" \
  apt-get install --simulate --no-install-recommends "$deb"

# The examples against the package's contents, unpacked as apt would put
# them under /usr but in a scratch root.
check "the package unpacks" dpkg-deb -x "$deb" "$work/root"
check "examples/compiler builds against the package" \
  build_example compiler "$work/root/usr" "$work/deb-compiler"
check "examples/compiler from the package plans as its tools do" \
  run_compiler "$work/root/usr" "$work/deb-compiler"
check "examples/plan-records builds against the package" \
  build_example plan-records "$work/root/usr" "$work/deb-plan-records"
check "examples/plan-records from the package plans as memplan-solve does" \
  run_plan_records "$work/deb-plan-records"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
