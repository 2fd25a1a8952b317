// Functions of several blocks: lifetimes come from the control-flow graph,
// so cf-lowered code shares memory, and where a lifetime has gaps the
// planner gets its intervals, not their hull: a buffer live only in the gap
// shares its bytes, and the plan meets the bound of the lifetimes as the
// program runs.

// RUN: memplan-opt %s --memplan-offsets="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size report=%t.json" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAT
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s

// %x is read on the right only; %y lives on the left, which program order
// puts between %x's fill and its read. They never live at once: %x is live
// on two intervals with the left block between, and %y takes its bytes.
// (Planned as the hull, the slab held both, twice the bound.)
// SUM: @gap: planned 2 of 2 buffers (0 left alone) into a 16-byte slab using best; naive 32 bytes, lower bound 16 bytes ({{.*}}); proven optimal{{$}}
// OBJ: @gap: planned 2 of 2 buffers (0 left alone) into a 16-byte object using best; naive 32 bytes, lower bound 16 bytes ({{.*}}); proven optimal{{$}}
// CHECK-LABEL: func.func @gap
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[SLAB]][%[[ZERO:.*]]][] : memref<16xi8> to memref<4xf32>
// CHECK: ^bb1:
// CHECK: memref.view %[[SLAB]][%[[ZERO]]][] : memref<16xi8> to memref<4xf32>
func.func @gap(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32>)
  cf.cond_br %cond, ^left, ^right
^left:
  %y = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32>)
  memref.copy %y, %out : memref<4xf32> to memref<4xf32>
  return
^right:
  memref.copy %x, %out : memref<4xf32> to memref<4xf32>
  return
}

// A CFG loop whose body allocates %t each trip and reads it within the
// trip: each allocation makes a new buffer, so %t shares with %after,
// written after the loop, and no lifetime has gaps.
// SUM: @loop: planned 3 of 3 buffers (0 left alone) into a 32-byte slab using best; naive 48 bytes, lower bound 32 bytes
// CHECK-LABEL: func.func @loop
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<32xi8>
func.func @loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%acc : memref<4xf32>)
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %t = memref.alloc() : memref<4xf32>
  linalg.add ins(%acc, %acc : memref<4xf32>, memref<4xf32>) outs(%t : memref<4xf32>)
  memref.copy %t, %acc : memref<4xf32> to memref<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  %after = memref.alloc() : memref<4xf32>
  linalg.add ins(%acc, %acc : memref<4xf32>, memref<4xf32>) outs(%after : memref<4xf32>)
  memref.copy %after, %out : memref<4xf32> to memref<4xf32>
  return
}

// STAT: 48 lower-bound-bytes
// STAT: 1 lifetimes-gapped

// REPORT: "live-ranges": [
// REPORT: "lifetimes-gapped": 1,
// REPORT-NEXT: "lower-bound": 16,
