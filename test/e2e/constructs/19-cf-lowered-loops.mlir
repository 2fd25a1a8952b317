// Construct 19: a program with buffers allocated inside a loop body and in
// both branches of an scf.if, planned as written and after
// -convert-scf-to-cf has turned every loop and branch into blocks. On the
// control-flow graph a buffer lives where a path leads from one of its uses
// to another without passing its allocation, which makes a new buffer each
// trip: the lowered program shares memory as the structured one does, into
// the same 512-byte slab.
//
// RUN: mlir-opt %s --convert-scf-to-cf > %t.cf.mlir
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.structured
// RUN: memplan-opt %t.cf.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %t.cf.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %t.cf.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %t.cf.mlir --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: diff %t.unplanned %t.structured
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %t.cf.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// Six buffers of 128 bytes; at most four are live at once: %a and %res
// through the loop with %t and %u, or %u and %v. %b takes %a's bytes after
// the loop.
// SUM: @main: planned 6 of 6 buffers (0 left alone) into a 512-byte slab using greedy-size; naive 768 bytes, lower bound 512 bytes

// res[i] = sum over r of 2 (i + r), plus 1 in round 1: 6i + 7 (sum 832);
// b = 3 res.
// OUT: 832
// OUT-NEXT: 2496

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %a = memref.alloc() : memref<16xi64>
  %res = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    memref.store %ii, %a[%i] : memref<16xi64>
    memref.store %zero, %res[%i] : memref<16xi64>
  }
  scf.for %r = %c0 to %c3 step %c1 {
    %rr = arith.index_cast %r : index to i64
    %t = memref.alloc() : memref<16xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %a[%i] : memref<16xi64>
      %w = arith.addi %v, %rr : i64
      memref.store %w, %t[%i] : memref<16xi64>
    }
    %u = memref.alloc() : memref<16xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %t[%i] : memref<16xi64>
      %w = arith.muli %v, %two : i64
      memref.store %w, %u[%i] : memref<16xi64>
    }
    %round1 = arith.cmpi eq, %r, %c1 : index
    scf.if %round1 {
      %v = memref.alloc() : memref<16xi64>
      scf.for %i = %c0 to %c16 step %c1 {
        %x = memref.load %u[%i] : memref<16xi64>
        %y = arith.addi %x, %one : i64
        memref.store %y, %v[%i] : memref<16xi64>
      }
      scf.for %i = %c0 to %c16 step %c1 {
        %x = memref.load %v[%i] : memref<16xi64>
        %s = memref.load %res[%i] : memref<16xi64>
        %y = arith.addi %x, %s : i64
        memref.store %y, %res[%i] : memref<16xi64>
      }
      memref.dealloc %v : memref<16xi64>
    } else {
      scf.for %i = %c0 to %c16 step %c1 {
        %x = memref.load %u[%i] : memref<16xi64>
        %s = memref.load %res[%i] : memref<16xi64>
        %y = arith.addi %x, %s : i64
        memref.store %y, %res[%i] : memref<16xi64>
      }
    }
    memref.dealloc %t : memref<16xi64>
    memref.dealloc %u : memref<16xi64>
  }
  %b = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %res[%i] : memref<16xi64>
    %y = arith.muli %x, %three : i64
    memref.store %y, %b[%i] : memref<16xi64>
  }
  %sres = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %res[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  %sb = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i64 {
    %v = memref.load %b[%i] : memref<16xi64>
    %n = arith.addi %s, %v : i64
    scf.yield %n : i64
  }
  vector.print %sres : i64
  vector.print %sb : i64
  memref.dealloc %a : memref<16xi64>
  memref.dealloc %res : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  return
}
