// Construct 20: callees that read their argument and return a buffer of
// their own, as a training graph's functions each return a new tensor. The
// result of such a call is not an alias of the argument: %x dies at the
// call and %z may take its bytes, while the buffer @scaled returns (left
// alone there, being returned) is read to the end. @pass_through returns
// its argument: its result is an alias, and %w lives until it is read.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main > %t.argument
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.argument
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// %x, %z and %w: 128 bytes each; %w is live with %z, %x with neither.
// SUM: @scaled: planned 0 of 1 buffers (1 left alone: 1 returned)
// SUM: @main: planned 3 of 3 buffers (0 left alone) into a 256-byte slab using greedy-size; naive 384 bytes, lower bound 256 bytes

// x[i] = i; y = 3x; z[i] = y[i] + 1; w = z through @pass_through, + y.
// OUT: 360
// OUT-NEXT: 376
// OUT-NEXT: 736

func.func private @scaled(%m: memref<16xi64>) -> memref<16xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %three = arith.constant 3 : i64
  %fresh = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %m[%i] : memref<16xi64>
    %w = arith.muli %v, %three : i64
    memref.store %w, %fresh[%i] : memref<16xi64>
  }
  return %fresh : memref<16xi64>
}

func.func private @pass_through(%m: memref<16xi64>) -> memref<16xi64> {
  return %m : memref<16xi64>
}

func.func private @sum(%m: memref<16xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %m[%i] : memref<16xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %x = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    memref.store %ii, %x[%i] : memref<16xi64>
  }
  %y = func.call @scaled(%x) : (memref<16xi64>) -> memref<16xi64>
  %z = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %y[%i] : memref<16xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %z[%i] : memref<16xi64>
  }
  %w = memref.alloc() : memref<16xi64>
  memref.copy %z, %w : memref<16xi64> to memref<16xi64>
  %p = func.call @pass_through(%w) : (memref<16xi64>) -> memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %p[%i] : memref<16xi64>
    %u = memref.load %y[%i] : memref<16xi64>
    %s = arith.addi %v, %u : i64
    memref.store %s, %p[%i] : memref<16xi64>
  }
  %sy = func.call @sum(%y) : (memref<16xi64>) -> i64
  %sz = func.call @sum(%z) : (memref<16xi64>) -> i64
  %sw = func.call @sum(%w) : (memref<16xi64>) -> i64
  vector.print %sy : i64
  vector.print %sz : i64
  vector.print %sw : i64
  memref.dealloc %y : memref<16xi64>
  return
}
