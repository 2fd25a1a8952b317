// memplan-schedule aligns buffers as the planning passes do: to at least
// `alignment`, and to a numbered memory space's `space-alignment`. The slab
// by which it compares orders shows it: three 4-byte buffers of space 1 take
// 12 bytes at alignment 4, and 132 (two 64-byte steps and 4) at 64. A bad
// alignment is refused as the planning passes refuse it.

// RUN: memplan-opt %s --memplan-schedule="summary=true alignment=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUR
// RUN: memplan-opt %s --memplan-schedule="summary=true alignment=4 space-alignment=1:64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=4 space-alignment=1:64 summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not memplan-opt %s --memplan-schedule="space-alignment=1:48" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// FOUR: @f: peak of live plannable bytes 12 -> 12; {{.*}}(best: list 12 (slab 12);
// SPACE: @f: peak of live plannable bytes 12 -> 12; {{.*}}(best: list 12 (slab 132);
// PLAN: @f: planned 3 of 3 buffers (0 left alone) into a 132-byte slab
// BAD: error: memplan-schedule: space-alignment: 48 for memory space 1 is not a power of two

func.func @f(%out: memref<1xf32, 1>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1xf32, 1>
  %b = memref.alloc() : memref<1xf32, 1>
  %c = memref.alloc() : memref<1xf32, 1>
  linalg.fill ins(%one : f32) outs(%a : memref<1xf32, 1>)
  linalg.fill ins(%one : f32) outs(%b : memref<1xf32, 1>)
  linalg.add ins(%a, %b : memref<1xf32, 1>, memref<1xf32, 1>) outs(%c : memref<1xf32, 1>)
  memref.copy %c, %out : memref<1xf32, 1> to memref<1xf32, 1>
  return
}
