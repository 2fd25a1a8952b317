// Construct 21: tiled code whose tiles do not divide the shape, as tiling
// and fusion leave it: each tile's temporaries have sizes from affine.min,
// dynamic but bounded by the tile size. They are planned at that bound,
// each a memref.view with its dynamic sizes; a size with no bound (%n, an
// argument) is planned for every value of %n, after the tiles are dead: the
// slab is the larger of the two, computed where @tiled begins. The last
// tiles are partial (10 = 4 + 4 + 2 rows,
// 6 = 4 + 2 columns), so a view at the wrong size or offset would show.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.objects
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main > %t.global
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// After -lower-affine the tile sizes are arith.minsi: planned at the same
// bounds, with the same output.
// RUN: mlir-opt %s -lower-affine | memplan-opt --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main > %t.lowered
// RUN: diff %t.unplanned %t.lowered
// RUN: mlir-opt %s -lower-affine | memplan-opt --memplan-offsets="strategy=greedy-size summary=true" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// Two 4x4 f32 tiles (64 bytes each) live at once, and the static 10x6
// input (240 bytes) throughout.
// At size-hint=128 the rows take 512 bytes.
// SUM: @tiled: planned 4 of 4 buffers (0 left alone; 2 of dynamic size at an upper bound, 128 bytes; 1 of run-time size) into a 512-byte slab at size-hint=128 using greedy-size; naive 880 bytes, lower bound 512 bytes (slab for every run-time size: at most max(4*arg1, {{[0-9]+}}) bytes
// SUM: 2 planned-at-upper-bound
// SUM: 128 upper-bound-bytes
// SUM: 1 planned-at-run-time-size
// SUM: {{[1-9][0-9]*}} run-time-size-ops

// CHECK-LABEL: func.func @tiled
// CHECK: %[[ROWS:.*]] = arith.muli %{{.*}}, %arg1 : index
// CHECK: %[[STATIC:.*]] = arith.constant 368 : index
// CHECK: %[[SIZE:.*]] = arith.maxui %[[STATIC]], %[[ROWS]] : index
// CHECK: %[[SLAB:.*]] = memref.alloc(%[[SIZE]]) {alignment = 16 : i64} : memref<?xi8>
// CHECK: scf.for
// CHECK: %[[H:.*]] = affine.min
// CHECK: %[[W:.*]] = affine.min
// CHECK: memref.view %[[SLAB]][%{{.*}}][%[[H]], %[[W]]] : memref<?xi8> to memref<?x?xf32>
// CHECK: memref.view %[[SLAB]][%{{.*}}][%[[H]], %[[W]]] : memref<?xi8> to memref<?x?xf32>
// CHECK: memref.view %[[SLAB]][%{{.*}}][%arg1] : memref<?xi8> to memref<?xf32>

// in[i][j] = 10 i + j; out = 2 in + 1 computed tile by tile. @tiled prints
// the sums of the first and last rows of out, 2 * 15 + 6 and
// 2 * (540 + 15) + 6; @main the sum of all, 2 * (6 * 10 * 45 + 10 * 15) + 60.
// OUT: 36
// OUT-NEXT: 1116
// OUT-NEXT: 5760

#tile = affine_map<(d0)[s0] -> (4, s0 - d0)>

func.func @tiled(%out: memref<10x6xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<10x6xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k10 = arith.constant 10 : i32
      %t = arith.muli %ii, %k10 : i32
      %v = arith.addi %t, %jj : i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %in[%i, %j] : memref<10x6xf32>
    }
  }
  scf.for %i = %c0 to %c10 step %c4 {
    scf.for %j = %c0 to %c6 step %c4 {
      %h = affine.min #tile(%i)[%c10]
      %w = affine.min #tile(%j)[%c6]
      %doubled = memref.alloc(%h, %w) : memref<?x?xf32>
      %src = memref.subview %in[%i, %j] [%h, %w] [1, 1] : memref<10x6xf32> to memref<?x?xf32, strided<[6, 1], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
          ins(%src : memref<?x?xf32, strided<[6, 1], offset: ?>>) outs(%doubled : memref<?x?xf32>) {
      ^bb0(%x: f32, %y: f32):
        %d = arith.mulf %x, %two : f32
        linalg.yield %d : f32
      }
      %plus = memref.alloc(%h, %w) : memref<?x?xf32>
      linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
          ins(%doubled : memref<?x?xf32>) outs(%plus : memref<?x?xf32>) {
      ^bb0(%x: f32, %y: f32):
        %d = arith.addf %x, %one : f32
        linalg.yield %d : f32
      }
      %dst = memref.subview %out[%i, %j] [%h, %w] [1, 1] : memref<10x6xf32> to memref<?x?xf32, strided<[6, 1], offset: ?>>
      memref.copy %plus, %dst : memref<?x?xf32> to memref<?x?xf32, strided<[6, 1], offset: ?>>
      memref.dealloc %doubled : memref<?x?xf32>
      memref.dealloc %plus : memref<?x?xf32>
    }
  }
  %rows = memref.alloc(%n) : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %s = scf.for %j = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %out[%i, %j] : memref<10x6xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    memref.store %s, %rows[%i] : memref<?xf32>
  }
  %first = memref.load %rows[%c0] : memref<?xf32>
  %c9 = arith.constant 9 : index
  %last = memref.load %rows[%c9] : memref<?xf32>
  vector.print %first : f32
  vector.print %last : f32
  memref.dealloc %rows : memref<?xf32>
  memref.dealloc %in : memref<10x6xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<10x6xf32>
  %total = memref.alloc() : memref<f32>
  memref.store %zero, %total[] : memref<f32>
  call @tiled(%out, %c10) : (memref<10x6xf32>, index) -> ()
  scf.for %i = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %v = memref.load %out[%i, %j] : memref<10x6xf32>
      %s = memref.load %total[] : memref<f32>
      %a = arith.addf %s, %v : f32
      memref.store %a, %total[] : memref<f32>
    }
  }
  %t = memref.load %total[] : memref<f32>
  vector.print %t : f32
  memref.dealloc %total : memref<f32>
  memref.dealloc %out : memref<10x6xf32>
  return
}
