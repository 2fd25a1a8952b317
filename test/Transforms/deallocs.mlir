// Existing memref.deallocs of planned buffers are removed (the slab is freed
// instead); deallocs of buffers left alone stay.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s

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
