// The shared-objects pass: the same analysis as memplan-offsets, but each
// planned buffer becomes a view at offset 0 of one of a few i8 objects, each
// as large as its largest buffer.

// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-shared-objects=naive | FileCheck %s --check-prefix=NAIVE
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best remarks=true" -verify-diagnostics -o /dev/null
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size summary=true" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIGURES
// RUN: not memplan-opt %s --memplan-shared-objects=greedy-sized 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: unknown strategy 'greedy-sized' for memplan-shared-objects; valid strategies are: naive, greedy-size, greedy-size-improved, greedy-breadth, greedy-in-order, mincost-flow, best{{$}}

// The chain a(64) -> b(32) -> c(64) -> d(32): a and c share one 64-byte
// object, b and d one 32-byte object. Greedy by size takes the 64-byte
// buffers first, so their object comes first.
// CHECK-LABEL: func.func @chain
// CHECK: %[[BIG:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[SMALL:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT: %[[P0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[BIG]][%[[O0]]][] : memref<64xi8> to memref<16xf32>
// CHECK: memref.view %[[SMALL]][%[[P0]]][] : memref<32xi8> to memref<8xf32>
// CHECK: memref.view %[[BIG]][%[[O0]]][] : memref<64xi8> to memref<16xf32>
// CHECK: memref.view %[[SMALL]][%[[P0]]][] : memref<32xi8> to memref<8xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return

// Naive gives every buffer its own object.
// NAIVE-LABEL: func.func @chain
// NAIVE-COUNT-4: memref.alloc() {alignment = 16 : i64} : memref<{{32|64}}xi8>
// NAIVE-NOT: memref.alloc() {alignment
// NAIVE: memref.alloc() : memref<8xf32>

// FIGURES: remark: memplan-shared-objects: @chain: planned 4 of 5 buffers (1 left alone: 1 returned) into 2 objects of 96 bytes in all using greedy-size; naive 192 bytes, lower bound 96 bytes
// FIGURES: MemPlanSharedObjects
// FIGURES: (S) {{ *}}5 buffers
// FIGURES: (S) {{ *}}4 planned
// FIGURES: (S) {{ *}}1 left-alone-returned
// FIGURES: (S) {{ *}}2 slabs
// FIGURES: (S) {{ *}}96 slab-bytes
func.func @chain() -> memref<8xf32> {
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
  // expected-remark @below {{memplan-shared-objects: left alone: returned from the function}}
  %r = memref.alloc() : memref<8xf32>
  memref.copy %d, %r : memref<8xf32> to memref<8xf32>
  return %r : memref<8xf32>
}
