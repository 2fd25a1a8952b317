// Construct 43: a function that frees a buffer of the default memory space
// and none of memory space 1. Its slab (or shared object) of space 1 is
// not freed either, nor, under slab=argument, the caller's arena of space
// 1: LLVM's lowering frees the default address space only. Before, memplan
// freed every space's slab once the function freed anything, and the
// planned program no longer lowered ('llvm.call' op operand type mismatch:
// '!llvm.ptr<1>' != '!llvm.ptr').
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s --check-prefix=IR
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | FileCheck %s --check-prefix=IR
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" | FileCheck %s --check-prefix=ARENA
// IR-LABEL: func.func private @twice
// IR-NOT: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8, 1>
// IR: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8>
// IR-NOT: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8, 1>
// IR: return
// ARENA-LABEL: func.func @main
// ARENA: call @twice
// ARENA-NOT: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8, 1>
// ARENA: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8>
// ARENA-NOT: memref.dealloc %{{.*}} : memref<{{[0-9]+}}xi8, 1>
// ARENA: return

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @twice(%k: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64, 1>
  memref.store %k, %a[%c0] : memref<4xi64>
  memref.store %k, %b[%c1] : memref<4xi64, 1>
  %x = memref.load %a[%c0] : memref<4xi64>
  %y = memref.load %b[%c1] : memref<4xi64, 1>
  %s = arith.addi %x, %y : i64
  memref.dealloc %a : memref<4xi64>
  return %s : i64
}

func.func @main() {
  %k = arith.constant 7 : i64
  %s = func.call @twice(%k) : (i64) -> i64
  %t = func.call @twice(%s) : (i64) -> i64
  func.call @printI64(%t) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2xi64>
  memref.store %t, %m[%c0] : memref<2xi64>
  %u = memref.load %m[%c0] : memref<2xi64>
  func.call @printI64(%u) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<2xi64>
  return
}
