// Lives in a region of several blocks (ControlFlowLives.h): each life's
// view is made at the allocation, which dominates every use; a view of the
// buffer made by an op without effects is made again by each life that uses
// it, next to the original, which goes with the allocation; frees of the
// buffer go too. With shared objects, the lives may be in different
// objects, each rewritten on its own.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt --verify-each -o /dev/null
// RUN: memplan-opt %s --memplan-shared-objects=best | FileCheck %s --check-prefix=OBJ

// Both branches write %t whole; the join reads it: two lives, here at the
// same offset. %head views the first life and the second, each its own
// copy; the unused %tail goes, and so do %t and its free.
// CHECK-LABEL: func.func @views_and_frees
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: %[[T0:.*]] = memref.view %[[SLAB]]
// CHECK-NEXT: %[[T1:.*]] = memref.view %[[SLAB]]
// CHECK-NEXT: %[[H0:.*]] = memref.subview %[[T0]][0] [4] [1]
// CHECK-NEXT: %[[H1:.*]] = memref.subview %[[T1]][0] [4] [1]
// CHECK-NOT: memref.subview
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T0]] : memref<8xf32>)
// CHECK: linalg.add ins(%[[H0]], %{{.*}} : {{.*}})
// CHECK: ^bb1:
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[T1]] : memref<8xf32>)
// CHECK: ^bb2:
// CHECK-NEXT: memref.copy %{{.*}}, %[[T1]]
// CHECK: ^bb3:
// CHECK-NEXT: linalg.add ins(%[[H1]], %{{.*}} : {{.*}})
// CHECK-NEXT: memref.dealloc %[[SLAB]] : memref<32xi8>
// CHECK-NEXT: return
// OBJ-LABEL: func.func @views_and_frees
// OBJ-NOT: memref.alloc() : memref<8xf32>
// OBJ-NOT: memref.dealloc %{{.*}} : memref<8xf32>
func.func @views_and_frees(%x: memref<8xf32>, %out: memref<4xf32>, %c: i1) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<8xf32>
  %head = memref.subview %t[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %tail = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%head, %out : memref<4xf32, strided<[1]>>, memref<4xf32>) outs(%out : memref<4xf32>)
  cf.cond_br %c, ^left, ^right
^left:
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  cf.br ^join
^right:
  memref.copy %x, %t : memref<8xf32> to memref<8xf32>
  cf.br ^join
^join:
  linalg.add ins(%head, %out : memref<4xf32, strided<[1]>>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.dealloc %t : memref<8xf32>
  return
}

// The two lives of %t go to two objects, rewritten one after the other; the
// view %tv, which no life uses, must outlive the first (found by review: it
// was erased with the first object and read again with the second).
// OBJ-LABEL: func.func @unused_view_two_objects
// OBJ-NOT: memref.subview
// OBJ: return
func.func @unused_view_two_objects(%x: memref<4xf32>, %out: memref<4xf32>, %p: i1) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  %tv = memref.subview %t[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.copy %x, %t : memref<4xf32> to memref<4xf32>
  linalg.add ins(%t, %out : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.copy %x, %u : memref<4xf32> to memref<4xf32>
  cf.cond_br %p, ^a, ^b
^a:
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  linalg.add ins(%t, %out : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  cf.br ^b
^b:
  linalg.add ins(%u, %out : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
