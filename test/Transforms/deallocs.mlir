// Existing frees of planned buffers (memref.dealloc, or a memref of a
// bufferization.dealloc) are removed and the slab is freed instead; frees of
// buffers left alone stay.

// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @deallocs
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: scf.if
// CHECK-NOT: memref.dealloc
// CHECK: } else {
// CHECK-NOT: memref.dealloc
// CHECK: }
// CHECK: memref.dealloc %[[DYN]] : memref<?xf32>
// CHECK-NEXT: memref.dealloc %[[SLAB]] : memref<16xi8>
// CHECK-NEXT: return
func.func @deallocs(%cond: i1, %n: index) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  // A quotient is no polynomial of the arguments: left alone.
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %dyn = memref.alloc(%half) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  scf.if %cond {
    memref.dealloc %a : memref<4xf32>
  } else {
    %cast = memref.cast %a : memref<4xf32> to memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
  }
  memref.dealloc %dyn : memref<?xf32>
  return
}

// A dealloc of a merged value frees whichever buffer arrives there. When
// every buffer that may arrive is planned, the free goes with them.
// CHECK-LABEL: func.func @merged_dealloc
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: %[[A:.*]] = memref.view %[[SLAB]]
// CHECK: %[[B:.*]] = memref.view %[[SLAB]]
// CHECK: arith.select %{{.*}}, %[[A]], %[[B]]
// CHECK-NEXT: memref.dealloc %[[SLAB]] : memref<32xi8>
// CHECK-NEXT: return
func.func @merged_dealloc(%cond: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c = arith.select %cond, %a, %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}

// When an argument may arrive instead, removing the free could leak it and
// keeping it could free the slab: the buffer is left alone.
// CHECK-LABEL: func.func @merged_with_argument
// CHECK-NOT: memref.view
// CHECK: memref.dealloc %{{.*}} : memref<4xf32>
func.func @merged_with_argument(%cond: i1, %theirs: memref<4xf32>) {
  // expected-remark @below {{memplan-offsets: left alone: freed by 'memref.dealloc' of a value that may also be a function argument}}
  %a = memref.alloc() : memref<4xf32>
  %c = arith.select %cond, %a, %theirs : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}

// bufferization.dealloc, as ownership-based deallocation leaves it: planned
// memrefs and their conditions leave the op, retained values stay, and an op
// with nothing left to free or retain goes.
// CHECK-LABEL: func.func @bufferization_dealloc
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[OWNED:.*]] = bufferization.dealloc (%[[DYN]] : memref<?xf32>) if (%{{.*}}) retain (%{{.*}} : memref<4xf32>)
// CHECK: "test.use"(%[[OWNED]])
// CHECK-NOT: bufferization.dealloc
// CHECK: memref.dealloc %[[SLAB]] : memref<32xi8>
// CHECK-NEXT: return
func.func @bufferization_dealloc(%cond: i1, %n: index, %out: memref<4xf32>) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  // A quotient is no polynomial of the arguments: left alone.
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %dyn = memref.alloc(%half) : memref<?xf32>
  %r = memref.alloc() : memref<4xf32>
  memref.copy %a, %r : memref<4xf32> to memref<4xf32>
  %owned = bufferization.dealloc (%a, %dyn : memref<4xf32>, memref<?xf32>) if (%true, %cond) retain (%r : memref<4xf32>)
  "test.use"(%owned) : (i1) -> ()
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  bufferization.dealloc (%r : memref<4xf32>) if (%true)
  return
}
