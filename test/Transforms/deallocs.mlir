// Existing memref.deallocs of planned buffers are removed (the slab is freed
// instead); deallocs of buffers left alone stay.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

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
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %dyn = memref.alloc(%n) : memref<?xf32>
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

// A dealloc of a merged value frees whichever buffer arrives there. Removing
// it could leak the other buffer and keeping it could free the slab, so the
// buffers behind it are left alone.
// CHECK-LABEL: func.func @merged_dealloc
// CHECK-NOT: memref.view
// CHECK: memref.dealloc %{{.*}} : memref<4xf32>
func.func @merged_dealloc(%cond: i1) {
  // expected-remark @below {{memplan-offsets: left alone: freed by a memref.dealloc of a value that may be another buffer}}
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @below {{memplan-offsets: left alone: freed by a memref.dealloc of a value that may be another buffer}}
  %b = memref.alloc() : memref<4xf32>
  %c = arith.select %cond, %a, %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
