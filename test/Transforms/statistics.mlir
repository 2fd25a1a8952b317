// What memplan did, through the driver: pass statistics (printed by memplan
// itself where MLIR was built without statistics) and a summary remark per
// function.

// RUN: memplan-opt %s --memplan-offsets=greedy-size -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// %dyn's size is known only at run time: planned for every value, the
// figures at size-hint=128 (512 bytes), the slab's size computed at run time.
// STATS: MemPlanOffsets
// STATS: (S) {{ *}}4 buffers
// STATS: (S) {{ *}}3 planned
// STATS: (S) {{ *}}1 left-alone
// STATS: (S) {{ *}}0 left-alone-dynamic-shape
// STATS: (S) {{ *}}1 left-alone-returned
// STATS: (S) {{ *}}1 slabs
// STATS: (S) {{ *}}640 slab-bytes
// STATS: (S) {{ *}}704 naive-bytes
// STATS: (S) {{ *}}640 lower-bound-bytes
// STATS: (S) {{ *}}1 planned-at-run-time-size
// STATS: (S) {{ *}}{{[1-9][0-9]*}} run-time-size-ops

// SUMMARY: remark: memplan-offsets: @f: planned 3 of 4 buffers (1 left alone: 1 returned; 1 of run-time size) into a 640-byte slab at size-hint=128 using greedy-size; naive 704 bytes, lower bound 640 bytes (slab for every run-time size: at most 4*arg0 + {{[0-9]+}} bytes; worst ratio 1.000 to the lower bound over 1:4096;
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
