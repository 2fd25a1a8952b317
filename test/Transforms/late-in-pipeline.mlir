// Run after finalize-memref-to-llvm, the pass finds no memref.alloc: it says
// where the heap is still called instead of saying nothing. Summaries are
// for functions that allocate: @no_buffers gets none.

// RUN: mlir-opt %s --finalize-memref-to-llvm | memplan-opt --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// LATE: warning: memplan-offsets: no memref.alloc is left to plan, but the heap is still called here: memplan plans memref.alloc, so it runs before finalize-memref-to-llvm
// LATE-NEXT: llvm.call @malloc
// LATE-NOT: remark
// LATE-NOT: warning

// SUM-NOT: @no_buffers
// SUM: @one_buffer: planned 1 of 1 buffers
// SUM-NOT: @no_buffers

func.func @no_buffers() {
  return
}

func.func @one_buffer() -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %zero, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}
