// Byte sizes come from the data layout, padded to what LLVM indexes; every
// offset honours the buffer's alignment, which is the largest of the alloc's
// alignment attribute, the element's ABI alignment and the pass option.

// RUN: memplan-opt %s --memplan-offsets=naive | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=naive remarks=true" -verify-diagnostics -o /dev/null
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=1" | FileCheck %s --check-prefix=ALIGN1
// RUN: memplan-opt %s --memplan-offsets="strategy=naive remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONCE

// Naive places buffers back to back, so the offsets show each size:
//   memref<3xi1>            3 bytes   at 0
//   memref<2xindex>        16 bytes   at 16  (alignment 16)
//   memref<3xf16>           6 bytes   at 32
//   memref<2xvector<3xf32>> 32 bytes  at 48  (vector<3xf32> takes 16)
//   memref<2xcomplex<f32>> 16 bytes   at 80
//   memref<5xi8> align 128  5 bytes   at 128
//   memref<1xi24>           4 bytes   at 144
//   memref<0xf32>           0 bytes   at 160
// CHECK-LABEL: func.func @sizes
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 128 : i64} : memref<160xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[O48:.*]] = arith.constant 48 : index
// CHECK-NEXT: %[[O80:.*]] = arith.constant 80 : index
// CHECK-NEXT: %[[O128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[O144:.*]] = arith.constant 144 : index
// CHECK-NEXT: %[[O160:.*]] = arith.constant 160 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<160xi8> to memref<3xi1>
// CHECK: memref.view %[[SLAB]][%[[O16]]][] : memref<160xi8> to memref<2xindex>
// CHECK: memref.view %[[SLAB]][%[[O32]]][] : memref<160xi8> to memref<3xf16>
// CHECK: memref.view %[[SLAB]][%[[O48]]][] : memref<160xi8> to memref<2xvector<3xf32>>
// CHECK: memref.view %[[SLAB]][%[[O80]]][] : memref<160xi8> to memref<2xcomplex<f32>>
// CHECK: memref.view %[[SLAB]][%[[O128]]][] : memref<160xi8> to memref<5xi8>
// CHECK: memref.view %[[SLAB]][%[[O144]]][] : memref<160xi8> to memref<1xi24>
// CHECK: memref.view %[[SLAB]][%[[O160]]][] : memref<160xi8> to memref<0xf32>
func.func @sizes() {
  %a = memref.alloc() : memref<3xi1>
  %b = memref.alloc() : memref<2xindex>
  %c = memref.alloc() : memref<3xf16>
  %d = memref.alloc() : memref<2xvector<3xf32>>
  %e = memref.alloc() : memref<2xcomplex<f32>>
  %f = memref.alloc() {alignment = 128 : i64} : memref<5xi8>
  %g = memref.alloc() : memref<1xi24>
  %h = memref.alloc() : memref<0xf32>
  %c0 = arith.constant 0 : index
  %va = memref.load %a[%c0] : memref<3xi1>
  %vb = memref.load %b[%c0] : memref<2xindex>
  %vc = memref.load %c[%c0] : memref<3xf16>
  %vd = memref.load %d[%c0] : memref<2xvector<3xf32>>
  %ve = memref.load %e[%c0] : memref<2xcomplex<f32>>
  %vf = memref.load %f[%c0] : memref<5xi8>
  %vg = memref.load %g[%c0] : memref<1xi24>
  %dh = memref.dim %h, %c0 : memref<0xf32>
  return
}

// A byte buffer read as vectors needs the vectors' alignment, even when the
// pass asks for none: %odd (3 bytes) at 0, %bytes at 16, not 3.
// ALIGN1-LABEL: func.func @aligned_for_views
// ALIGN1: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// ALIGN1-NEXT: %[[O0:.*]] = arith.constant 0 : index
// ALIGN1-NEXT: %[[O16:.*]] = arith.constant 16 : index
// ALIGN1: memref.view %[[SLAB]][%[[O0]]][] : memref<32xi8> to memref<3xi8>
// ALIGN1: memref.view %[[SLAB]][%[[O16]]][] : memref<32xi8> to memref<16xi8>
func.func @aligned_for_views(%out: memref<vector<4xf32>>) {
  %c0 = arith.constant 0 : index
  %odd = memref.alloc() : memref<3xi8>
  %bytes = memref.alloc() : memref<16xi8>
  %v = memref.view %bytes[%c0][] : memref<16xi8> to memref<vector<4xf32>>
  %y = memref.load %v[] : memref<vector<4xf32>>
  memref.store %y, %out[] : memref<vector<4xf32>>
  %i = arith.constant 7 : i8
  memref.store %i, %odd[%c0] : memref<3xi8>
  return
}

// Three buffers of 2^62 bytes live at once cannot share a slab: it would
// pass the 2^63 - 1 bytes a memref holds. The largest allocations are left
// alone until the others fit however they are placed; the third and the
// small buffer are still planned.
// CHECK-LABEL: func.func @beyond_memref_extent
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4611686018427387968xi8>
// CHECK: %[[A:.*]] = memref.alloc() : memref<4611686018427387904xi8>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4611686018427387904xi8>
// CHECK-NEXT: memref.view %[[SLAB]]{{.*}} to memref<4611686018427387904xi8>
// CHECK-NEXT: memref.view %[[SLAB]]{{.*}} to memref<16xf32>
// CHECK: memref.dealloc %[[A]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: memref.dealloc %[[SLAB]]
func.func @beyond_memref_extent(%v: i8, %f: f32) -> (i8, i8, i8, f32) {
  %i = arith.constant 0 : index
  // expected-remark @below {{memplan-offsets: left alone: with the other buffers of its slab it could need more than the 2^63 - 1 bytes a memref holds}}
  %a = memref.alloc() : memref<4611686018427387904xi8>
  // expected-remark @below {{memplan-offsets: left alone: with the other buffers of its slab it could need more than the 2^63 - 1 bytes a memref holds}}
  %b = memref.alloc() : memref<4611686018427387904xi8>
  %c = memref.alloc() : memref<4611686018427387904xi8>
  %d = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<4611686018427387904xi8>
  memref.store %v, %b[%i] : memref<4611686018427387904xi8>
  memref.store %v, %c[%i] : memref<4611686018427387904xi8>
  memref.store %f, %d[%i] : memref<16xf32>
  %x = memref.load %a[%i] : memref<4611686018427387904xi8>
  %y = memref.load %b[%i] : memref<4611686018427387904xi8>
  %z = memref.load %c[%i] : memref<4611686018427387904xi8>
  %w = memref.load %d[%i] : memref<16xf32>
  memref.dealloc %a : memref<4611686018427387904xi8>
  memref.dealloc %b : memref<4611686018427387904xi8>
  memref.dealloc %c : memref<4611686018427387904xi8>
  memref.dealloc %d : memref<16xf32>
  return %x, %y, %z, %w : i8, i8, i8, f32
}

// Split into lives (%a and %b are overwritten whole), an allocation left
// alone is left alone with every life, and remarked on once.
// ONCE-COUNT-4: remark: memplan-offsets: left alone: with the other buffers
// ONCE-NOT: remark: memplan-offsets: left alone: with the other buffers
// CHECK-LABEL: func.func @beyond_memref_extent_with_lives
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4611686018427387904xi8>
// CHECK: %[[A:.*]] = memref.alloc() : memref<4611686018427387904xi8>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4611686018427387904xi8>
// CHECK-NEXT: %[[C:.*]] = memref.view %[[SLAB]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[A]] :
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[A]] :
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[B]] :
func.func @beyond_memref_extent_with_lives(%v: i8) -> (i8, i8, i8) {
  %i = arith.constant 0 : index
  // expected-remark @below {{memplan-offsets: left alone: with the other buffers of its slab it could need more than the 2^63 - 1 bytes a memref holds}}
  %a = memref.alloc() : memref<4611686018427387904xi8>
  // expected-remark @below {{memplan-offsets: left alone: with the other buffers of its slab it could need more than the 2^63 - 1 bytes a memref holds}}
  %b = memref.alloc() : memref<4611686018427387904xi8>
  %c = memref.alloc() : memref<4611686018427387904xi8>
  linalg.fill ins(%v : i8) outs(%a : memref<4611686018427387904xi8>)
  linalg.fill ins(%v : i8) outs(%b : memref<4611686018427387904xi8>)
  linalg.fill ins(%v : i8) outs(%c : memref<4611686018427387904xi8>)
  %x = memref.load %a[%i] : memref<4611686018427387904xi8>
  %y = memref.load %b[%i] : memref<4611686018427387904xi8>
  %z = memref.load %c[%i] : memref<4611686018427387904xi8>
  linalg.fill ins(%x : i8) outs(%a : memref<4611686018427387904xi8>)
  linalg.fill ins(%y : i8) outs(%b : memref<4611686018427387904xi8>)
  %x2 = memref.load %a[%i] : memref<4611686018427387904xi8>
  %y2 = memref.load %b[%i] : memref<4611686018427387904xi8>
  memref.dealloc %a : memref<4611686018427387904xi8>
  memref.dealloc %b : memref<4611686018427387904xi8>
  memref.dealloc %c : memref<4611686018427387904xi8>
  return %x2, %y2, %z : i8, i8, i8
}
