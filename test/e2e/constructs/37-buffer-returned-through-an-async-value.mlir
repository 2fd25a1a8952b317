// Construct 37: an async.func hands its argument back as an
// !async.value<memref>; the memref async.await gives is the caller's %a.
// %b, filled after the await while %a is still read through it, must not
// take %a's bytes. memplan does not follow a memref through an async value,
// so %a is left alone. Every strategy and slab placement must print 11 and
// 22; before, %a and %b shared bytes and 22 was printed twice.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: memplan-offsets: left alone: returned by 'async.call' inside a value of type '!async.value<memref<2xi64>>', which memplan does not follow
// REMARK-NEXT: %a = memref.alloc() : memref<2xi64>

func.func private @printI64(i64)
func.func private @printNewline()

async.func @pass(%m: memref<2xi64>) -> !async.value<memref<2xi64>> {
  return %m : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c11 = arith.constant 11 : i64
  %c22 = arith.constant 22 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %c11, %a[%c0] : memref<2xi64>
  %v = async.call @pass(%a) : (memref<2xi64>) -> !async.value<memref<2xi64>>
  %r = async.await %v : !async.value<memref<2xi64>>
  %b = memref.alloc() : memref<2xi64>
  memref.store %c22, %b[%c0] : memref<2xi64>
  %x = memref.load %r[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return
}
