// split-lives (on by default): an op that writes every element of a buffer
// and reads none begins a new life of it, planned as a buffer of its own;
// each life's view is made where the life begins. With split-lives=false
// each buffer keeps one life from its first use to its last.

// RUN: memplan-opt %s --memplan-offsets="strategy=best split-lives=true" | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=best split-lives=true summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: memplan-opt %s --memplan-offsets="strategy=best split-lives=false summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: memplan-opt %s --memplan-offsets="strategy=best split-lives=true report=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best split-lives=true summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS

#id = affine_map<(d0) -> (d0)>

// A fill begins the temporary's first life and a copy its second; %b takes
// the bytes of the first life, which ends before %b begins.
// CHECK-LABEL: func.func @two_lives
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<2048xi8>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: %[[T0:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<2048xi8> to memref<256xf32>
// CHECK: %[[A:.*]] = memref.view %[[SLAB]][%[[C1024]]][] : memref<2048xi8> to memref<256xf32>
// CHECK: linalg.fill ins({{.*}}) outs(%[[T0]] : memref<256xf32>)
// CHECK: linalg.add ins(%{{.*}}, %[[T0]] : {{.*}}) outs(%[[A]] : memref<256xf32>)
// CHECK: %[[B:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<2048xi8> to memref<256xf32>
// CHECK: linalg.mul ins(%[[A]], %[[A]] : {{.*}}) outs(%[[B]] : memref<256xf32>)
// CHECK-NEXT: %[[T1:.*]] = memref.view %[[SLAB]][%[[C1024]]][] : memref<2048xi8> to memref<256xf32>
// CHECK-NEXT: memref.copy %[[B]], %[[T1]]
// CHECK-NEXT: linalg.add ins(%[[T1]], %{{.*}} : {{.*}}) outs(%{{.*}} : memref<256xf32>)
// CHECK-NEXT: memref.dealloc %[[SLAB]]
// CHECK-NEXT: return
// SUMMARY: @two_lives: planned 3 of 3 buffers as 4 lives (0 left alone) into a 2048-byte slab using best; naive 3072 bytes, lower bound 2048 bytes
// WHOLE: @two_lives: planned 3 of 3 buffers (0 left alone) into a 3072-byte slab using best; naive 3072 bytes, lower bound 3072 bytes
// OBJECTS: @two_lives: planned 3 of 3 buffers as 4 lives (0 left alone) into 2 objects of 2048 bytes in all
// REPORT: "life": 0
// REPORT: "life": 1
// REPORT-NEXT: "life-begins-at": "loc(\"{{.*}}split-lives.mlir\":[[@LINE+9]]:3)"
func.func @two_lives(%in: memref<256xf32>, %out: memref<256xf32>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<256xf32>)
  linalg.add ins(%in, %t : memref<256xf32>, memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.mul ins(%a, %a : memref<256xf32>, memref<256xf32>) outs(%b : memref<256xf32>)
  memref.copy %b, %t : memref<256xf32> to memref<256xf32>
  linalg.add ins(%t, %in : memref<256xf32>, memref<256xf32>) outs(%out : memref<256xf32>)
  memref.dealloc %t : memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// A weight transposed again by each layer into one buffer and read through
// a reshape made once: the second life makes the reshape again from its own
// view, and the first life's reshape keeps the first view.
// CHECK-LABEL: func.func @reshape_made_once
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<160xi8>
// CHECK: %[[W0:.*]] = memref.view %[[SLAB]][%{{.*}}][] : memref<160xi8> to memref<8x4xf32>
// CHECK-NEXT: linalg.transpose ins(%{{.*}} : memref<4x8xf32>) outs(%[[W0]] : memref<8x4xf32>)
// CHECK-NEXT: %[[R0:.*]] = memref.expand_shape %[[W0]]
// CHECK: linalg.batch_matmul ins(%{{.*}}, %[[R0]] : {{.*}})
// CHECK-NEXT: %[[W1:.*]] = memref.view %[[SLAB]][%{{.*}}][] : memref<160xi8> to memref<8x4xf32>
// CHECK-NEXT: %[[R1:.*]] = memref.expand_shape %[[W1]]
// CHECK-NEXT: linalg.transpose ins(%{{.*}} : memref<4x8xf32>) outs(%[[W1]] : memref<8x4xf32>)
// CHECK: linalg.batch_matmul ins(%{{.*}}, %[[R1]] : {{.*}})
// SUMMARY: @reshape_made_once: planned 3 of 3 buffers as 4 lives
func.func @reshape_made_once(%w0: memref<4x8xf32>, %w1: memref<4x8xf32>, %x: memref<1x1x8xf32>, %out: memref<1x1x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<8x4xf32>
  linalg.transpose ins(%w0 : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
  %r = memref.expand_shape %t [[0, 1], [2]] output_shape [1, 8, 4] : memref<8x4xf32> into memref<1x8x4xf32>
  %h = memref.alloc() : memref<1x1x4xf32>
  linalg.fill ins(%zero : f32) outs(%h : memref<1x1x4xf32>)
  linalg.batch_matmul ins(%x, %r : memref<1x1x8xf32>, memref<1x8x4xf32>) outs(%h : memref<1x1x4xf32>)
  linalg.transpose ins(%w1 : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
  %g = memref.alloc() : memref<1x1x4xf32>
  linalg.copy ins(%h : memref<1x1x4xf32>) outs(%g : memref<1x1x4xf32>)
  linalg.batch_matmul ins(%x, %r : memref<1x1x8xf32>, memref<1x8x4xf32>) outs(%g : memref<1x1x4xf32>)
  linalg.copy ins(%g : memref<1x1x4xf32>) outs(%out : memref<1x1x4xf32>)
  memref.dealloc %t : memref<8x4xf32>
  memref.dealloc %h : memref<1x1x4xf32>
  memref.dealloc %g : memref<1x1x4xf32>
  return
}

// None of these writes begins a life: each reads what the buffer holds (an
// input that aliases it, a body that reads the init, a reduction), writes
// part of it, or runs in a loop. One view serves every use.
// CHECK-LABEL: func.func @no_new_life
// CHECK-COUNT-1: memref.view
// CHECK-NOT: memref.view
// CHECK: return
// SUMMARY: @no_new_life: planned 1 of 1 buffers (0 left alone)
func.func @no_new_life(%in: memref<64xf32>, %m: memref<8x8xf32>, %out: memref<64xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %in : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%t : memref<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  %square = memref.expand_shape %t [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  linalg.matmul ins(%m, %m : memref<8x8xf32>, memref<8x8xf32>) outs(%square : memref<8x8xf32>)
  %half = memref.subview %t[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%half : memref<32xf32, strided<[1]>>)
  scf.for %i = %c0 to %n step %c1 {
    linalg.fill ins(%one : f32) outs(%t : memref<64xf32>)
  }
  memref.copy %t, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %t : memref<64xf32>
  return
}

// The loop's result may be the buffer: it is read after the fill, so the
// fill cannot begin a life that the result would not see.
// CHECK-LABEL: func.func @alias_across_overwrite
// CHECK-COUNT-1: memref.view
// CHECK-NOT: memref.view
// CHECK: return
// SUMMARY: @alias_across_overwrite: planned 1 of 1 buffers (0 left alone)
func.func @alias_across_overwrite(%in: memref<64xf32>, %out: memref<64xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<64xf32>
  memref.copy %in, %t : memref<64xf32> to memref<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%carried = %t) -> memref<64xf32> {
    linalg.add ins(%carried, %in : memref<64xf32>, memref<64xf32>) outs(%carried : memref<64xf32>)
    scf.yield %carried : memref<64xf32>
  }
  linalg.fill ins(%one : f32) outs(%t : memref<64xf32>)
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %t : memref<64xf32>
  return
}

// linalg.map writes every element of its init and reads none of it, so it
// begins a new life of that buffer, unless the buffer is one of its inputs
// too: %t's second map begins its second life, and the map that reads %t
// into itself continues that life.
// SUMMARY: @map_lives: planned 3 of 3 buffers as 4 lives (0 left alone)
// WHOLE: @map_lives: planned 3 of 3 buffers (0 left alone)
func.func @map_lives(%in: memref<256xf32>, %out: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  linalg.map ins(%in : memref<256xf32>) outs(%t : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = math.absf %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%in, %t : memref<256xf32>, memref<256xf32>) outs(%a : memref<256xf32>)
    (%x: f32, %y: f32, %init: f32) {
      %z = arith.addf %x, %y : f32
      linalg.yield %z : f32
    }
  %b = memref.alloc() : memref<256xf32>
  linalg.map ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = arith.mulf %x, %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%b : memref<256xf32>) outs(%t : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%t, %in : memref<256xf32>, memref<256xf32>) outs(%t : memref<256xf32>)
    (%x: f32, %y: f32, %init: f32) {
      %z = arith.addf %x, %y : f32
      linalg.yield %z : f32
    }
  linalg.map ins(%t : memref<256xf32>) outs(%out : memref<256xf32>)
    (%x: f32, %init: f32) {
      linalg.yield %x : f32
    }
  memref.dealloc %t : memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// A map whose payload reads its init's element (the last argument) reads
// the buffer it writes: %t's third map does not begin a new life, or %a
// could take the bytes whose values it adds to.
// SUMMARY: @map_reads_init: planned 2 of 2 buffers (0 left alone) into a 2048-byte slab
func.func @map_reads_init(%in: memref<256xf32>, %out: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  linalg.map ins(%in : memref<256xf32>) outs(%t : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = math.absf %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%t : memref<256xf32>) outs(%a : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%a : memref<256xf32>) outs(%t : memref<256xf32>)
    (%x: f32, %init: f32) {
      %y = arith.addf %x, %init : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%t : memref<256xf32>) outs(%out : memref<256xf32>)
    (%x: f32, %init: f32) {
      linalg.yield %x : f32
    }
  memref.dealloc %t : memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  return
}

// Views chained across three lives: %hi is made before the first overwrite,
// %hs from %hi in the second life and used again in the third. The third
// life makes both again from its own view; before, its %hs was made from
// the whole buffer, with an offset the verifier refused.
// CHECK-LABEL: func.func @views_remade_in_three_lives
// CHECK: linalg.fill
// CHECK: memref.copy
// CHECK-NEXT: %[[LAST:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<{{[0-9]+}}xi8> to memref<4xi64>
// CHECK-NEXT: %[[HI:.*]] = memref.subview %[[LAST]][2] [2] [1]
// CHECK-NEXT: %[[HS:.*]] = memref.subview %[[HI]][1] [1] [1]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : i64) outs(%[[LAST]] : memref<4xi64>)
// CHECK-NEXT: memref.copy %[[HS]]
func.func @views_remade_in_three_lives(%out: memref<1xi64>) {
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %buf = memref.alloc() : memref<4xi64>
  %hi = memref.subview %buf[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  linalg.fill ins(%k1 : i64) outs(%buf : memref<4xi64>)
  %hs = memref.subview %hi[1] [1] [1] : memref<2xi64, strided<[1], offset: 2>> to memref<1xi64, strided<[1], offset: 3>>
  memref.copy %hs, %out : memref<1xi64, strided<[1], offset: 3>> to memref<1xi64>
  linalg.fill ins(%k2 : i64) outs(%buf : memref<4xi64>)
  memref.copy %hs, %out : memref<1xi64, strided<[1], offset: 3>> to memref<1xi64>
  return
}
