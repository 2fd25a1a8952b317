// Views keep their base alive: subview, cast, expand_shape, collapse_shape,
// reinterpret_cast and view all derive from the buffer, and the buffer is
// live until the last use of any of them.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s

// %base's last direct use is the first op; each view of it is read after
// %other is allocated, so %other must not take %base's bytes.
// CHECK-LABEL: func.func @views_outlive_base
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O64:.*]] = arith.constant 64 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<128xi8> to memref<4x4xf32>
// CHECK: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
func.func @views_outlive_base(%out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%one : f32) outs(%base : memref<4x4xf32>)
  %sub = memref.subview %base[1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
  %flat = memref.collapse_shape %base [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %cast = memref.cast %flat : memref<16xf32> to memref<?xf32>
  %re = memref.reinterpret_cast %base to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32>
  %other = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%other : memref<16xf32>)
  %back = memref.expand_shape %re [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
  %o2 = memref.expand_shape %other [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
  linalg.add ins(%back, %o2 : memref<2x8xf32>, memref<2x8xf32>) outs(%o2 : memref<2x8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %cast[%c0] : memref<?xf32>
  %w = memref.load %sub[%c0, %c0] : memref<2x4xf32, strided<[4, 1], offset: 4>>
  %s = arith.addf %v, %w : f32
  memref.store %s, %out[%c0] : memref<16xf32>
  return
}

// An i8 buffer viewed as f32 with memref.view is one buffer: the f32 view
// keeps it alive.
// CHECK-LABEL: func.func @view_of_bytes
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O64:.*]] = arith.constant 64 : index
// CHECK: %[[BYTES:.*]] = memref.view %[[SLAB]][%[[O0]]][] : memref<128xi8> to memref<64xi8>
// CHECK: memref.view %[[BYTES]]
// CHECK: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
func.func @view_of_bytes(%out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %bytes = memref.alloc() : memref<64xi8>
  %f = memref.view %bytes[%c0][] : memref<64xi8> to memref<16xf32>
  linalg.fill ins(%one : f32) outs(%f : memref<16xf32>)
  %other = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%other : memref<16xf32>)
  linalg.add ins(%f, %other : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}
