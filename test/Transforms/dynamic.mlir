// Dynamic shapes and non-identity layouts cannot be views of a static slab
// at a fixed offset: left alone, while static buffers beside them are
// planned.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @mixed
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<4xf32, strided<[2]>>
// CHECK: memref.view %[[SLAB]]
func.func @mixed(%n: index) {
  %one = arith.constant 1.0 : f32
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic shape}}
  %dyn = memref.alloc(%n) : memref<?xf32>
  // expected-remark @below {{memplan-offsets: left alone: has a non-identity layout}}
  %strided = memref.alloc() : memref<4xf32, strided<[2]>>
  %static = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%strided : memref<4xf32, strided<[2]>>)
  linalg.fill ins(%one : f32) outs(%static : memref<4xf32>)
  return
}
