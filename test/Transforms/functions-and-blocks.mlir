// Several functions get a slab each; a function with several blocks frees
// its slab before every return, and a buffer in a control-flow loop that is
// carried through a block argument is left alone.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @first
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-NOT: memref.dealloc
func.func @first(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @second
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: call @first
// CHECK-NOT: memref.dealloc
func.func @second(%out: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32>
  func.call @first(%s) : (memref<4xf32>) -> ()
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  return
}

// Two returns: the slab is freed before each. In a region with several
// blocks every buffer is live for the whole region.
// CHECK-LABEL: func.func @two_exits
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK: ^bb2:
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @two_exits(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<4xf32>
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  return
^bb2:
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}

// A loop in the control-flow graph: %fresh is allocated once per trip and
// passed to the next trip as a block argument, so it is left alone; %tmp is
// allocated in the loop but never leaves its trip, so it is planned.
// CHECK-LABEL: func.func @cfg_loop
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: ^bb1(
// CHECK: memref.view %[[SLAB]]
// CHECK: memref.alloc() : memref<4xf32>
func.func @cfg_loop(%n: index, %init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %init : index, memref<4xf32>)
^bb1(%i: index, %cur: memref<4xf32>):
  %tmp = memref.alloc() : memref<4xf32>
  linalg.add ins(%cur, %cur : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
  // expected-remark @below {{memplan-offsets: left alone: may outlive one iteration of a control-flow loop}}
  %fresh = memref.alloc() : memref<4xf32>
  memref.copy %tmp, %fresh : memref<4xf32> to memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %next, %n : index
  cf.cond_br %more, ^bb1(%next, %fresh : index, memref<4xf32>), ^bb2
^bb2:
  memref.copy %cur, %out : memref<4xf32> to memref<4xf32>
  return
}
