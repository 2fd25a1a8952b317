// Construct 29: programs that memplan-schedule reorders. @two_chains
// interleaves two chains that each fill a large buffer and reduce it;
// @shared_views has a chain that writes its result through views of a
// buffer the other chain reads, which must stay in order; @loops fills and
// reads in loops. Each is run as written, reordered with each order
// strategy, and reordered then planned; the outputs must agree.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-schedule | mlir-opt %lower_to_llvm | %run_main > %t.best
// RUN: memplan-opt %s --memplan-schedule=order=list | mlir-opt %lower_to_llvm | %run_main > %t.list
// RUN: memplan-opt %s --memplan-schedule=order=dfs | mlir-opt %lower_to_llvm | %run_main > %t.dfs
// RUN: memplan-opt %s --memplan-schedule=order=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %s --memplan-schedule --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.planned
// RUN: diff %t.unplanned %t.best
// RUN: diff %t.unplanned %t.list
// RUN: diff %t.unplanned %t.dfs
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.planned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-schedule=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: memplan-opt %s --memplan-schedule --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size schedule=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=AFTER,OPTION
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size schedule=list" | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: diff %t.unplanned %t.objects
// RUN: not memplan-opt %s --memplan-offsets="schedule=fastest" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADORDER

// Two buffers of 1 KiB and two of 32 bytes.
// SCHED-NOT: @sum4
// SCHED: @two_chains: peak of live plannable bytes 2080 -> 1088; no order goes below 1088 (proven optimal); 1 of 1 blocks reordered
// SCHED: @shared_views: peak of live plannable bytes 2080 -> 2080; no order goes below 2080 (proven optimal); 0 of 2 blocks reordered
// SCHED: @loops: peak of live plannable bytes 2080 -> 1088; no order goes below 1088 (proven optimal); 1 of 5 blocks reordered
// BEFORE: @two_chains: {{.*}} into a 2080-byte slab
// The option runs the same schedule first, and says so with summary=true.
// OPTION: memplan-offsets: @two_chains: peak of live plannable bytes 2080 -> 1088
// AFTER: @two_chains: {{.*}} into a 1088-byte slab
// BADORDER: memplan-offsets: unknown schedule 'fastest' (keep, list, dfs, exact or best)

// x[i] = i. two_chains: sum of 2x[0..4) and of 3x[4..8): 12, 66.
// shared_views: a = x, then a[0..4) = 7; sum a[0..4) = 28 and b = x + 1
// summed over [4..8) = 26. loops: the same as two_chains.
// OUT: 78
// OUT-NEXT: 54
// OUT-NEXT: 78

#id = affine_map<(i) -> (i)>

func.func private @printI64(i64)
func.func private @printNewline()

func.func @sum4(%m: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %m[%i] : memref<4xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  return %s : i64
}

// a = 2x and b = 3x, both whole, then four elements of each.
func.func @two_chains(%x: memref<128xi64>) -> i64 {
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %a = memref.alloc() : memref<128xi64>
  %b = memref.alloc() : memref<128xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<128xi64>) outs(%a : memref<128xi64>) {
  ^bb0(%v: i64, %o: i64):
    %d = arith.muli %v, %two : i64
    linalg.yield %d : i64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<128xi64>) outs(%b : memref<128xi64>) {
  ^bb0(%v: i64, %o: i64):
    %d = arith.muli %v, %three : i64
    linalg.yield %d : i64
  }
  %sa = memref.alloc() : memref<4xi64>
  %sb = memref.alloc() : memref<4xi64>
  %va = memref.subview %a[0] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1]>>
  memref.copy %va, %sa : memref<4xi64, strided<[1]>> to memref<4xi64>
  %vb = memref.subview %b[4] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xi64, strided<[1], offset: 4>> to memref<4xi64>
  %ra = func.call @sum4(%sa) : (memref<4xi64>) -> i64
  %rb = func.call @sum4(%sb) : (memref<4xi64>) -> i64
  %r = arith.addi %ra, %rb : i64
  return %r : i64
}

// As @two_chains, but the second chain's first op, a loop, also writes 7
// into a[0..4) through a view and a cast: chain A's read must come after it,
// so the chains cannot be taken apart.
func.func @shared_views(%x: memref<128xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %one = arith.constant 1 : i64
  %seven = arith.constant 7 : i64
  %a = memref.alloc() : memref<128xi64>
  %b = memref.alloc() : memref<128xi64>
  memref.copy %x, %a : memref<128xi64> to memref<128xi64>
  %wa = memref.subview %a[0] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1]>>
  %wc = memref.cast %wa : memref<4xi64, strided<[1]>> to memref<?xi64, strided<[1]>>
  scf.for %i = %c0 to %c128 step %c1 {
    %v = memref.load %x[%i] : memref<128xi64>
    %d = arith.addi %v, %one : i64
    memref.store %d, %b[%i] : memref<128xi64>
    %j = arith.remui %i, %c4 : index
    memref.store %seven, %wc[%j] : memref<?xi64, strided<[1]>>
  }
  %sa = memref.alloc() : memref<4xi64>
  %sb = memref.alloc() : memref<4xi64>
  %va = memref.subview %a[0] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1]>>
  memref.copy %va, %sa : memref<4xi64, strided<[1]>> to memref<4xi64>
  %vb = memref.subview %b[4] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xi64, strided<[1], offset: 4>> to memref<4xi64>
  %ra = func.call @sum4(%sa) : (memref<4xi64>) -> i64
  %rb = func.call @sum4(%sb) : (memref<4xi64>) -> i64
  %r = arith.addi %ra, %rb : i64
  return %r : i64
}

// @two_chains with loops for the whole-buffer ops.
func.func @loops(%x: memref<128xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %a = memref.alloc() : memref<128xi64>
  %b = memref.alloc() : memref<128xi64>
  scf.for %i = %c0 to %c128 step %c1 {
    %v = memref.load %x[%i] : memref<128xi64>
    %d = arith.muli %v, %two : i64
    memref.store %d, %a[%i] : memref<128xi64>
  }
  scf.for %i = %c0 to %c128 step %c1 {
    %v = memref.load %x[%i] : memref<128xi64>
    %d = arith.muli %v, %three : i64
    memref.store %d, %b[%i] : memref<128xi64>
  }
  %sa = memref.alloc() : memref<4xi64>
  %sb = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<128xi64>
    memref.store %v, %sa[%i] : memref<4xi64>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.addi %i, %c4 : index
    %v = memref.load %b[%j] : memref<128xi64>
    memref.store %v, %sb[%i] : memref<4xi64>
  }
  %ra = func.call @sum4(%sa) : (memref<4xi64>) -> i64
  %rb = func.call @sum4(%sb) : (memref<4xi64>) -> i64
  %r = arith.addi %ra, %rb : i64
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %x = memref.alloc() : memref<128xi64>
  scf.for %i = %c0 to %c128 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %x[%i] : memref<128xi64>
  }
  %r1 = func.call @two_chains(%x) : (memref<128xi64>) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %r2 = func.call @shared_views(%x) : (memref<128xi64>) -> i64
  func.call @printI64(%r2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %r3 = func.call @loops(%x) : (memref<128xi64>) -> i64
  func.call @printI64(%r3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %x : memref<128xi64>
  return
}
