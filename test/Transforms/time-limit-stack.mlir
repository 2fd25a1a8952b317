// The time limit bounds the whole pass, quick strategies too: one that has
// not placed every buffer when the limit ends stacks the rest above the
// others without reuse, warns, and the plan is still applied. A limit of a
// nanosecond has ended before planning starts, so greedy-size places
// nothing by its rule: c, which overlaps no other buffer, would go to offset
// 0 and is stacked above a and b instead, the buffers largest first. The
// shared-objects pass gives each buffer an object of its own.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size time-limit=1e-9 summary=true" 2>&1 | FileCheck %s --check-prefix=STACKED
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size" 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size time-limit=1e-9 summary=true" 2>&1 | FileCheck %s --check-prefix=OBJECTS

// STACKED: warning: memplan-offsets: @three: the time limit ran out before greedy-size had placed every buffer; 3 of 3 share memory with no other (a larger time-limit, or 0, gives the full plan)
// STACKED: remark: memplan-offsets: @three: planned 3 of 3 buffers (0 left alone) into a 96-byte slab using greedy-size; naive 96 bytes, lower bound 80 bytes (stopped by the clock after placing 0 of 3 buffers; the other 3 are stacked above them)
// STACKED: func.func @three(%arg0
// STACKED: memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// STACKED-DAG: %[[C0:.*]] = arith.constant 0 : index
// STACKED-DAG: %[[C64:.*]] = arith.constant 64 : index
// STACKED-DAG: %[[C80:.*]] = arith.constant 80 : index
// STACKED: memref.view %{{.*}}[%[[C64]]][] : memref<96xi8> to memref<4xf32>
// STACKED: memref.view %{{.*}}[%[[C0]]][] : memref<96xi8> to memref<16xf32>
// STACKED: memref.view %{{.*}}[%[[C80]]][] : memref<96xi8> to memref<4xf32>

// Shared objects alike: each buffer left gets an object of its own.
// OBJECTS: warning: memplan-shared-objects: @three: the time limit ran out before greedy-size had placed every buffer; 3 of 3 share memory with no other
// OBJECTS: (stopped by the clock after assigning 0 of 3 buffers; the other 3 have objects of their own)

// FULL-NOT: warning
// FULL-LABEL: func.func @three
// FULL: memref.alloc() {alignment = 16 : i64} : memref<80xi8>
func.func @three(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<16xf32>)
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<4xf32>)
  memref.copy %c, %out : memref<4xf32> to memref<4xf32>
  return
}
