// Construct 40: a dynamic memref.alloca before llvm.intr.stacksave, filled
// between the save and the restore, read after another alloca. The op of
// unknown effects may save or restore the stack, so memplan-schedule keeps
// the alloca on its side of it (and no longer moves a stack allocation to
// its first use): before, %s was moved after the stacksave, the
// stackrestore freed it and %u took its bytes (printed 92 instead of
// 127).
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

func.func @f(%x: memref<128xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %v42 = arith.constant 42 : i64
  %v7 = arith.constant 7 : i64
  %s = memref.alloca(%n) : memref<?xi64>
  %sp = llvm.intr.stacksave : !llvm.ptr
  memref.store %v42, %s[%c0] : memref<?xi64>
  llvm.intr.stackrestore %sp : !llvm.ptr
  %u = memref.alloca(%n) : memref<?xi64>
  memref.store %v7, %u[%c0] : memref<?xi64>
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
  %l = memref.load %s[%c0] : memref<?xi64>
  %r2 = arith.addi %r, %l : i64
  %k = memref.load %u[%c0] : memref<?xi64>
  %r3 = arith.addi %r2, %k : i64
  return %r3 : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %x = memref.alloc() : memref<128xi64>
  scf.for %i = %c0 to %c128 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %x[%i] : memref<128xi64>
  }
  %r = func.call @f(%x, %c4) : (memref<128xi64>, index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %x : memref<128xi64>
  return
}
