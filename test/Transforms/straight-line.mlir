// Buffers in one block: a buffer is live from its allocation to the last
// use of it; buffers whose lives do not overlap share bytes.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s --check-prefixes=CHECK,GREEDY
// RUN: memplan-opt %s --memplan-offsets=naive | FileCheck %s --check-prefixes=CHECK,NAIVE

// A chain a -> b -> c -> d: each buffer is read once by the next copy, so
// a and c can share bytes, and so can b and d. Sizes 64, 32, 64, 32 bytes.
// Greedy by size places the two 64-byte buffers first: a at 0, and c at 0
// too, since a dies at the copy into b, before c is allocated. b and d (32
// bytes) then go above the 64-byte buffers they overlap.

// CHECK-LABEL: func.func @chain
// GREEDY: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// GREEDY-NEXT: %[[O0:.*]] = arith.constant 0 : index
// GREEDY-NEXT: %[[O64:.*]] = arith.constant 64 : index
// GREEDY: %[[A:.*]] = memref.view %[[SLAB]][%[[O0]]][] : memref<96xi8> to memref<16xf32>
// GREEDY: memref.view %[[SLAB]][%[[O64]]][] : memref<96xi8> to memref<8xf32>
// GREEDY: memref.subview %[[A]]
// GREEDY: memref.view %[[SLAB]][%[[O0]]][] : memref<96xi8> to memref<16xf32>
// GREEDY: memref.view %[[SLAB]][%[[O64]]][] : memref<96xi8> to memref<8xf32>
// NAIVE: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<192xi8>
// NAIVE-NEXT: %[[O0:.*]] = arith.constant 0 : index
// NAIVE-NEXT: %[[O64:.*]] = arith.constant 64 : index
// NAIVE-NEXT: %[[O96:.*]] = arith.constant 96 : index
// NAIVE-NEXT: %[[O160:.*]] = arith.constant 160 : index
// NAIVE: memref.view %[[SLAB]][%[[O0]]][] : memref<192xi8> to memref<16xf32>
// NAIVE: memref.view %[[SLAB]][%[[O64]]][] : memref<192xi8> to memref<8xf32>
// NAIVE: memref.view %[[SLAB]][%[[O96]]][] : memref<192xi8> to memref<16xf32>
// NAIVE: memref.view %[[SLAB]][%[[O160]]][] : memref<192xi8> to memref<8xf32>
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @chain(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<8xf32>
  %a8 = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a8, %b : memref<8xf32, strided<[1]>> to memref<8xf32>
  %c = memref.alloc() : memref<16xf32>
  %c8 = memref.subview %c[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %b, %c8 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>>
  %d = memref.alloc() : memref<8xf32>
  memref.copy %c8, %d : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32>
  memref.copy %d, %out : memref<8xf32> to memref<8xf32>
  return
}

// A residual block: %x stays live across two short-lived buffers, which
// reuse each other's bytes but never %x's. (A copy from %y into %z would
// make both live at once: the op that last uses one and first uses the
// other counts for both.)

// CHECK-LABEL: func.func @residual
// GREEDY: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// GREEDY-NEXT: %[[O0:.*]] = arith.constant 0 : index
// GREEDY-NEXT: %[[O64:.*]] = arith.constant 64 : index
// GREEDY: memref.view %[[SLAB]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// GREEDY: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
// GREEDY: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
// NAIVE: memref.alloc() {alignment = 16 : i64} : memref<192xi8>
func.func @residual(%out: memref<16xf32>) {
  %cst = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<16xf32>)
  %y = memref.alloc() : memref<16xf32>
  memref.copy %x, %y : memref<16xf32> to memref<16xf32>
  linalg.add ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  %z = memref.alloc() : memref<16xf32>
  memref.copy %out, %z : memref<16xf32> to memref<16xf32>
  linalg.add ins(%x, %z : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}
