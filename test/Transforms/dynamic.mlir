// A dynamic size with a constant upper bound is planned at the bound, as a
// memref.view with the dynamic sizes of the allocation. Sizes with no bound
// and non-identity layouts cannot be views of a static slab at a fixed
// offset: left alone, while static buffers beside them are planned.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @mixed
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<4xf32, strided<[2]>>
// CHECK: memref.view %[[SLAB]]
func.func @mixed(%n: index) {
  %one = arith.constant 1.0 : f32
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %dyn = memref.alloc(%n) : memref<?xf32>
  // expected-remark @below {{memplan-offsets: left alone: has a non-identity layout}}
  %strided = memref.alloc() : memref<4xf32, strided<[2]>>
  %static = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%strided : memref<4xf32, strided<[2]>>)
  linalg.fill ins(%one : f32) outs(%static : memref<4xf32>)
  return
}

// A tile of at most 4 rows of 8: 128 bytes, live with a static 16-byte
// buffer.
// The view takes the affine.min as its size.
// CHECK-LABEL: func.func @bounded
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<144xi8>
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK-NEXT: memref.view %[[SLAB]][%{{.*}}][%[[ROWS]]] : memref<144xi8> to memref<?x8xf32>
// CHECK: memref.view %[[SLAB]][%{{.*}}][] : memref<144xi8> to memref<4xf32>
func.func @bounded(%i: index) {
  %one = arith.constant 1.0 : f32
  %rows = affine.min affine_map<(d0) -> (4, 10 - d0)>(%i)
  %tile = memref.alloc(%rows) : memref<?x8xf32>
  %static = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%static : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%tile : memref<?x8xf32>)
  linalg.add ins(%static, %static : memref<4xf32>, memref<4xf32>) outs(%static : memref<4xf32>)
  return
}
