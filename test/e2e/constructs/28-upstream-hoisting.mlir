// Construct 28: upstream's -buffer-hoisting and -buffer-loop-hoisting on a
// program as One-Shot Bufferize leaves one (no frees). Loop hoisting takes
// %t out of the loop that fills it: from then on it is allocated once
// before the loop, but each iteration stores every element of it (a loop
// over its extent) before reading it, so it is live per iteration only, as
// it was in the body, and %u may take its bytes. %u stays in its scf.if
// (hoisting does not make an allocation unconditional). %w is allocated at
// the top but first written after the loop, so it may take %t's or %u's
// bytes. Each run is compared with the hoisted program unplanned.
//
// RUN: mlir-opt %s --buffer-hoisting --buffer-loop-hoisting > %t.hoisted.mlir
// RUN: mlir-opt %t.hoisted.mlir %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %t.hoisted.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: FileCheck %s --check-prefix=HOISTED < %t.hoisted.mlir
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// The hoisted program: %t before the loop, %u still in the scf.if.
// HOISTED-LABEL: func.func @main
// HOISTED: memref.alloc() : memref<16xi64>
// HOISTED: memref.alloc() : memref<16xi64>
// HOISTED: memref.alloc() : memref<16xi64>
// HOISTED-NEXT: scf.for
// HOISTED: scf.if
// HOISTED-NEXT: memref.alloc() : memref<16xi64>

// Four 128-byte buffers: %acc throughout, %t and %u one after the other in
// each iteration, %w after.
// SUM: @main: planned 4 of 4 buffers (0 left alone) into a 256-byte slab using greedy-size; naive 512 bytes, lower bound 256 bytes

// acc[k] = sum over i < 4 of k i = 6k; u = 2 acc at i = 0 and 2 (acc = 0,
// then 3k); w[k] = acc[k] + k = 7k.
// OUT: 0
// OUT-NEXT: 720
// OUT-NEXT: 720
// OUT-NEXT: 840

func.func private @printI64(i64)
func.func private @printNewline()

func.func @sum(%m: memref<16xi64>) -> i64 {
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
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %acc = memref.alloc() : memref<16xi64>
  %w = memref.alloc() : memref<16xi64>
  scf.for %k = %c0 to %c16 step %c1 {
    memref.store %zero, %acc[%k] : memref<16xi64>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<16xi64>
    %ii = arith.index_cast %i : index to i64
    scf.for %k = %c0 to %c16 step %c1 {
      %kk = arith.index_cast %k : index to i64
      %p = arith.muli %kk, %ii : i64
      memref.store %p, %t[%k] : memref<16xi64>
    }
    scf.for %k = %c0 to %c16 step %c1 {
      %a = memref.load %acc[%k] : memref<16xi64>
      %b = memref.load %t[%k] : memref<16xi64>
      %s = arith.addi %a, %b : i64
      memref.store %s, %acc[%k] : memref<16xi64>
    }
    %odd = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %odd, %c0 : index
    scf.if %even {
      %u = memref.alloc() : memref<16xi64>
      scf.for %k = %c0 to %c16 step %c1 {
        %a = memref.load %acc[%k] : memref<16xi64>
        %d = arith.addi %a, %a : i64
        memref.store %d, %u[%k] : memref<16xi64>
      }
      %s = func.call @sum(%u) : (memref<16xi64>) -> i64
      func.call @printI64(%s) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  %s = func.call @sum(%acc) : (memref<16xi64>) -> i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  scf.for %k = %c0 to %c16 step %c1 {
    %a = memref.load %acc[%k] : memref<16xi64>
    %kk = arith.index_cast %k : index to i64
    %b = arith.addi %a, %kk : i64
    memref.store %b, %w[%k] : memref<16xi64>
  }
  %sw = func.call @sum(%w) : (memref<16xi64>) -> i64
  func.call @printI64(%sw) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
