// The strategy can be given bare or as a key; unknown names are errors that
// list what is valid.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets=naive | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=64" | FileCheck %s --check-prefix=ALIGN64
// RUN: memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{strategy=naive alignment=32})" | FileCheck %s --check-prefix=ALIGN32
// RUN: memplan-opt %s --memplan-offsets | FileCheck %s

// RUN: not memplan-opt %s --memplan-offsets=best-fit 2>&1 | FileCheck %s --check-prefix=BADSTRATEGY
// RUN: not memplan-opt %s --memplan-offsets="strategy=nope" 2>&1 | FileCheck %s --check-prefix=BADSTRATEGY2
// RUN: not memplan-opt %s --memplan-offsets="strategy=naive colour=blue" 2>&1 | FileCheck %s --check-prefix=BADOPTION
// RUN: not memplan-opt %s --memplan-offsets="alignment=48" 2>&1 | FileCheck %s --check-prefix=BADALIGN
// RUN: not memplan-opt %s --memplan-offsets="size-range=64:8" 2>&1 | FileCheck %s --check-prefix=BADRANGE
// RUN: not memplan-opt %s --memplan-offsets="size-range=many" 2>&1 | FileCheck %s --check-prefix=BADRANGE2
// RUN: not memplan-opt %s --memplan-offsets="time-limit=-1" 2>&1 | FileCheck %s --check-prefix=BADTIME
// RUN: not memplan-opt %s --memplan-offsets="time-limit=nan" 2>&1 | FileCheck %s --check-prefix=BADTIME
// A limit the clock cannot count to is no limit (it used to have passed).
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size time-limit=1e10" 2>&1 | FileCheck %s --implicit-check-not="time limit ran out"
// RUN: memplan-opt %s --memplan-offsets="summary=true time-limit=0.5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEST

// BADSTRATEGY: unknown strategy 'best-fit' for memplan-offsets; valid strategies are: naive, greedy-size, greedy-breadth, greedy-in-order, mincost-flow, strip-best-fit, path-cover, start-best-fit, gergov, hill-climb, exact, best{{$}}
// BADSTRATEGY2: unknown strategy 'nope' for memplan-offsets; valid strategies are: naive,
// BADOPTION: unknown option 'colour' for memplan-offsets; valid options are: strategy, alignment, remarks, summary, time-limit, gap-tolerance, parallel-min-buffers, slab, capacity, space-capacity, space-alignment, shared-spaces, arenas, arena-space, arena-sections, arena-choice, max-slab-bytes, allocas, split-lives, insert-barriers, schedule, report, header, apply, size-hint, size-range, heapmap{{$}}
// BADALIGN: alignment must be a power of two, not 48
// BADTIME: memplan-offsets: time-limit must be a number of seconds >= 0
// RUN: not memplan-opt %s --memplan-offsets="gap-tolerance=-0.5" 2>&1 | FileCheck %s --check-prefix=BADGAP
// BADGAP: memplan-offsets: gap-tolerance must be a number >= 0
// BADRANGE: memplan-offsets: size-range: a size range is LOWEST:HIGHEST, two numbers in order, not '64:8'
// BADRANGE2: memplan-offsets: size-range: a size range is LOWEST:HIGHEST, two numbers in order, not 'many'

// The default strategy is best, which says which strategy won.
// BEST: remark: memplan-offsets: @one: planned 1 of 1 buffers (0 left alone) into a 16-byte slab using best; naive 16 bytes, lower bound 16 bytes (best: naive won (16);

// CHECK-LABEL: func.func @one
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-NEXT: %[[OFF:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[SLAB]][%[[OFF]]][] : memref<16xi8> to memref<4xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return

// ALIGN64: memref.alloc() {alignment = 64 : i64} : memref<16xi8>
// ALIGN32: memref.alloc() {alignment = 32 : i64} : memref<16xi8>
func.func @one() {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  return
}
