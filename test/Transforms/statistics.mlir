// What memplan did, through the driver: pass statistics (printed by memplan
// itself where MLIR was built without statistics) and a summary remark per
// function.

// RUN: memplan-opt %s --memplan-offsets=greedy-size -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// STATS: MemPlanOffsets
// STATS: (S) {{ *}}4 buffers
// STATS: (S) {{ *}}2 planned
// STATS: (S) {{ *}}2 left-alone
// STATS: (S) {{ *}}1 left-alone-dynamic-shape
// STATS: (S) {{ *}}1 left-alone-returned
// STATS: (S) {{ *}}1 slabs
// STATS: (S) {{ *}}128 slab-bytes
// STATS: (S) {{ *}}192 naive-bytes
// STATS: (S) {{ *}}128 lower-bound-bytes

// SUMMARY: remark: memplan-offsets: @f: planned 2 of 4 buffers (2 left alone: 1 dynamic-shape, 1 returned) into a 128-byte slab using greedy-size; naive 192 bytes, lower bound 128 bytes
func.func @f(%n: index) -> memref<16xf32> {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<32xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<32xf32>)
  %sub = memref.subview %b[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  %dyn = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  %r = memref.alloc() : memref<16xf32>
  memref.copy %sub, %r : memref<16xf32, strided<[1]>> to memref<16xf32>
  return %r : memref<16xf32>
}
