// Construct 39: a loop writes a buffer of the function through a view it
// makes in its body (t[0] = b[5] through a subview of %t, as tiled code
// does). The write is the loop's access to %t: memplan-schedule must keep
// the read of %t after the loop when it interleaves the two chains of the
// block. Before, the access looked like one to memory of the loop's own,
// and every order moved the read above it (prints 478 instead of 393).
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// test/e2e/schedule-constructs.test runs it reordered by every order
// strategy.

func.func private @printI64(i64)
func.func private @printNewline()

#id = affine_map<(i) -> (i)>

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

func.func @chains(%x: memref<128xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %hundred = arith.constant 100 : i64
  %t = memref.alloc() : memref<4xi64>
  linalg.fill ins(%hundred : i64) outs(%t : memref<4xi64>)
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
  // W: t[0] = b[5], through a view of t made in the body.
  scf.for %i = %c0 to %c1 step %c1 {
    %v = memref.load %b[%c5] : memref<128xi64>
    %tv = memref.subview %t[0] [1] [1] : memref<4xi64> to memref<1xi64, strided<[1]>>
    memref.store %v, %tv[%i] : memref<1xi64, strided<[1]>>
  }
  %sa = memref.alloc() : memref<4xi64>
  %sb = memref.alloc() : memref<4xi64>
  %va = memref.subview %a[0] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1]>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%va, %t : memref<4xi64, strided<[1]>>, memref<4xi64>) outs(%sa : memref<4xi64>) {
  ^bb0(%p: i64, %q: i64, %o: i64):
    %d = arith.addi %p, %q : i64
    linalg.yield %d : i64
  }
  %vb = memref.subview %b[4] [4] [1] : memref<128xi64> to memref<4xi64, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xi64, strided<[1], offset: 4>> to memref<4xi64>
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
  %r = func.call @chains(%x) : (memref<128xi64>) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %x : memref<128xi64>
  return
}
