// Construct 33: recursion that the call graph does not show. @sum_down keeps
// %saved live across a call through a pointer (func.constant @step and
// func.call_indirect), and @step calls @sum_down again, so several calls of
// @sum_down are active at once, each with its own %saved. slab=global would
// give them one slab; the cycle through the pointer must keep @sum_down
// allocating its own. @leaf is called through a pointer too but calls
// nothing back, so it may keep its buffer in a global slab. Every strategy
// and slab placement must print what the unplanned program prints; before
// calls through pointers were followed, slab=global printed 0.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" 2>&1 | FileCheck %s --check-prefix=IR
// IR: remark: memplan-offsets: slab=global: allocating the slabs of this function instead, because it may be active twice at once (recursion)
// IR-NEXT: func.func @sum_down
// IR-NOT: remark
// IR-LABEL: func.func @sum_down(%arg0
// IR: memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// IR: memref.global "private" @__memplan_slab_leaf
// IR-LABEL: func.func @leaf(%arg0
// IR: memref.get_global @__memplan_slab_leaf

func.func @sum_down(%k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %saved = memref.alloc() : memref<4xindex>
  memref.store %k, %saved[%c0] : memref<4xindex>
  %done = arith.cmpi eq, %k, %c0 : index
  %result = scf.if %done -> index {
    scf.yield %c0 : index
  } else {
    %next = arith.subi %k, %c1 : index
    %step = func.constant @step : (index) -> index
    %below = func.call_indirect %step(%next) : (index) -> index
    %mine = memref.load %saved[%c0] : memref<4xindex>
    %sum = arith.addi %below, %mine : index
    scf.yield %sum : index
  }
  memref.dealloc %saved : memref<4xindex>
  return %result : index
}

func.func @step(%k: index) -> index {
  %r = func.call @sum_down(%k) : (index) -> index
  return %r : index
}

func.func @leaf(%k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<8xindex>
  memref.store %k, %buf[%c1] : memref<8xindex>
  %v = memref.load %buf[%c1] : memref<8xindex>
  %twice = arith.addi %v, %v : index
  memref.dealloc %buf : memref<8xindex>
  return %twice : index
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %r = func.call @sum_down(%c4) : (index) -> index
  vector.print %r : index
  %leaf = func.constant @leaf : (index) -> index
  %l = func.call_indirect %leaf(%c4) : (index) -> index
  vector.print %l : index
  return
}
