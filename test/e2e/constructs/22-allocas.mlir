// Construct 22: buffers on the stack, as -promote-buffers-to-stack leaves
// them (small buffers with no dealloc become memref.allocas): planned into
// stack slabs, a memref.alloca of bytes at the start of the function and
// of each scf.for body (an allocation scope), apart from the heap slab of
// the buffers too large to promote. Each run is compared with the promoted
// program unplanned.
//
// RUN: mlir-opt %s --promote-buffers-to-stack > %t.promoted.mlir
// RUN: mlir-opt %t.promoted.mlir %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %t.promoted.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %t.promoted.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %t.promoted.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %t.promoted.mlir --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: memplan-opt %t.promoted.mlir --memplan-offsets="strategy=greedy-size allocas=false" | mlir-opt %lower_to_llvm | %run_main > %t.heap-only
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.heap-only
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.promoted.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// %a, %b and %c (128 bytes each) are promoted and at most two are live at
// once; %t in the loop body gets a stack slab of its own; %big (2 KiB) is
// too large to promote and stays in the heap slab.
// SUM: @main: planned 5 of 5 buffers (0 left alone) into 3 slabs of 2432 bytes in all, 4 of them allocas in 2 stack slabs of 384 bytes

// a[i] = i; b = 2a; c = b + 1; t = c + round; big[i] = 4i.
// OUT: 240
// OUT-NEXT: 256
// OUT-NEXT: 1120
// OUT-NEXT: 130560

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %four = arith.constant 4 : i64
  %zero = arith.constant 0 : i64
  %a = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    memref.store %ii, %a[%i] : memref<16xi64>
  }
  %b = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %a[%i] : memref<16xi64>
    %w = arith.muli %v, %two : i64
    memref.store %w, %b[%i] : memref<16xi64>
  }
  %c = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %b[%i] : memref<16xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %c[%i] : memref<16xi64>
  }
  %sb = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %b[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sb : i64
  %sc = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %c[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sc : i64
  %st = scf.for %r = %c0 to %c4 step %c1 iter_args(%s = %zero) -> i64 {
    %t = memref.alloc() : memref<16xi64>
    %rr = arith.index_cast %r : index to i64
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %c[%i] : memref<16xi64>
      %w = arith.addi %v, %rr : i64
      memref.store %w, %t[%i] : memref<16xi64>
    }
    %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%u = %s) -> i64 {
      %v = memref.load %t[%i] : memref<16xi64>
      %n = arith.addi %u, %v : i64
      scf.yield %n : i64
    }
    scf.yield %sum : i64
  }
  vector.print %st : i64
  %big = memref.alloc() : memref<256xi64>
  scf.for %i = %c0 to %c256 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %w = arith.muli %ii, %four : i64
    memref.store %w, %big[%i] : memref<256xi64>
  }
  %sbig = scf.for %i = %c0 to %c256 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %big[%i] : memref<256xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sbig : i64
  return
}
