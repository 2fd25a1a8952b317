// Construct 18: every allocation hoisted to the top of the function, as
// onnx-mlir, -buffer-hoisting and -buffer-loop-hoisting leave them. A fresh
// buffer holds nothing before its first use, so each lives from there:
// %a dies once %b is computed and %c and %d may take its bytes, while %b,
// read at the end, may share with nothing written after it. %t is first used
// inside the loop and so lives for the whole loop, beside %acc.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// Six buffers of 128 bytes: 768 laid end to end; at most three are live at
// once (%b, %c and %d, or %b, %acc and %t). Lifetimes from the allocations
// would overlap all six: a 768-byte slab.
// SUM: @main: planned 6 of 6 buffers (0 left alone) into a 384-byte slab using greedy-size; naive 768 bytes, lower bound 384 bytes

// OUT: 120
// OUT-NEXT: 240
// OUT-NEXT: 768
// OUT-NEXT: 1296

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %a = memref.alloc() : memref<16xi64>
  %b = memref.alloc() : memref<16xi64>
  %c = memref.alloc() : memref<16xi64>
  %d = memref.alloc() : memref<16xi64>
  %acc = memref.alloc() : memref<16xi64>
  %t = memref.alloc() : memref<16xi64>
  // a[i] = i; b[i] = 2 a[i]; a is dead from here.
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    memref.store %ii, %a[%i] : memref<16xi64>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %a[%i] : memref<16xi64>
    %w = arith.muli %v, %two : i64
    memref.store %w, %b[%i] : memref<16xi64>
  }
  // c[i] = b[i] + 1; d[i] = 3 c[i].
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %b[%i] : memref<16xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %c[%i] : memref<16xi64>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %c[%i] : memref<16xi64>
    %w = arith.muli %v, %three : i64
    memref.store %w, %d[%i] : memref<16xi64>
  }
  // The sums of a (before it died, through b/2), b, d.
  %sb = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %b[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  %sa = arith.divui %sb, %two : i64
  %sd = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %d[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sa : i64
  vector.print %sb : i64
  // acc[i] = b[i] + sum over 4 rounds of t, with t[i] = b[i] + round.
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %b[%i] : memref<16xi64>
    memref.store %v, %acc[%i] : memref<16xi64>
  }
  scf.for %r = %c0 to %c4 step %c1 {
    %rr = arith.index_cast %r : index to i64
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %b[%i] : memref<16xi64>
      %w = arith.addi %v, %rr : i64
      memref.store %w, %t[%i] : memref<16xi64>
    }
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %t[%i] : memref<16xi64>
      %u = memref.load %acc[%i] : memref<16xi64>
      %w = arith.addi %v, %u : i64
      memref.store %w, %acc[%i] : memref<16xi64>
    }
  }
  %sacc = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %acc[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sd : i64
  vector.print %sacc : i64
  memref.dealloc %a : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  memref.dealloc %c : memref<16xi64>
  memref.dealloc %d : memref<16xi64>
  memref.dealloc %acc : memref<16xi64>
  memref.dealloc %t : memref<16xi64>
  return
}
