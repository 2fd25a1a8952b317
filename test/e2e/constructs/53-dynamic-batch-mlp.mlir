// Construct 53: a three-layer MLP on a dynamic batch (tensor<?x30xf32>), as
// One-Shot Bufferize leaves it: every temporary is a memref.alloc whose size
// is a multiple of the batch n, known only at run time. memplan plans them
// for every n: one memref.alloc of a slab whose size and offsets are
// computed from the dimension of the argument where @mlp begins. @main
// calls the one compiled @mlp at n = 1, 7, 64 and 1000 and prints the
// column sums of each result; planned, the program must print what it
// prints unplanned, after upstream's deallocation pipeline too (before
// memplan and after it), and whatever size the plan was oriented at.
//
// RUN: mlir-opt %s '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --canonicalize --cse > %t.buffers.mlir
// RUN: mlir-opt %t.buffers.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="summary=true" -o %t.planned.mlir 2>&1 | FileCheck %s --check-prefixes=SUM,SUM-ALLOC
// RUN: FileCheck %s < %t.planned.mlir
// RUN: mlir-opt %t.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="strategy=naive size-hint=3" | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="size-hint=1 size-range=1:8" | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --buffer-deallocation-pipeline > %t.freed.mlir
// RUN: memplan-opt %t.freed.mlir --memplan-offsets="summary=true" -o %t.freed.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.freed.planned.mlir --convert-bufferization-to-memref %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets | mlir-opt --buffer-deallocation-pipeline --convert-bufferization-to-memref | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// The shared-objects pass keeps to sizes known at compile time: the same
// output with @mlp's temporaries left alone.
// RUN: memplan-opt %t.buffers.mlir --memplan-shared-objects | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -

// Of @mlp's 5 allocations (canonicalized: each layer's fill and output
// share one) the result is returned; the other 4 take at most two layers'
// activations at once: 2 * 256 bytes per row, the max-live bound, at every
// n. @run's input of n rows is planned for every n too, but for the
// deallocation pipeline's frees, which may free what @pattern returns.
// SUM: remark: memplan-offsets: @mlp: planned 4 of 5 buffers (1 left alone: 1 returned; 4 of run-time size) into a 65536-byte slab at size-hint=128 using best; naive 131072 bytes, lower bound 65536 bytes (slab for every run-time size: 512*arg0_d0 bytes; worst ratio 1.000 to the lower bound over 1:4096;
// SUM-ALLOC: remark: memplan-offsets: @run: planned 1 of 2 buffers (1 left alone: 1 captured; 1 of run-time size)

// The slab is sized by the dimension of the batch, once; no other buffer of
// @mlp but its result is allocated.
// CHECK-LABEL: func.func @mlp
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<?x30xf32>
// CHECK: %[[LAYER:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: %[[SIZE:.*]] = arith.addi %[[LAYER]], %[[LAYER]] : index
// CHECK: %[[SLAB:.*]] = memref.alloc(%[[SIZE]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NOT: arith.maxui
// CHECK: memref.view %[[SLAB]][%{{.*}}]
// CHECK: memref.view %[[SLAB]][%[[LAYER]]]
// CHECK: memref.alloc(
// CHECK-NOT: memref.alloc(
// CHECK: return

// OUT-COUNT-4: data =

func.func private @printMemrefF32(memref<*xf32>)

#rows = affine_map<(i, j) -> (i, j)>
#bias = affine_map<(i, j) -> (j)>

// x W + b, then a ReLU where asked.
func.func @mlp(%x: tensor<?x30xf32>, %w1: tensor<30x64xf32>,
               %w2: tensor<64x64xf32>, %w3: tensor<64x10xf32>,
               %b: tensor<64xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x30xf32>
  %e1 = tensor.empty(%n) : tensor<?x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<?x30xf32>, tensor<30x64xf32>) outs(%f1 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %e2 = tensor.empty(%n) : tensor<?x64xf32>
  %h1 = linalg.generic {indexing_maps = [#rows, #bias, #rows], iterator_types = ["parallel", "parallel"]} ins(%m1, %b : tensor<?x64xf32>, tensor<64xf32>) outs(%e2 : tensor<?x64xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  %e3 = tensor.empty(%n) : tensor<?x64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %m2 = linalg.matmul ins(%h1, %w2 : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f3 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %e4 = tensor.empty(%n) : tensor<?x64xf32>
  %h2 = linalg.generic {indexing_maps = [#rows, #bias, #rows], iterator_types = ["parallel", "parallel"]} ins(%m2, %b : tensor<?x64xf32>, tensor<64xf32>) outs(%e4 : tensor<?x64xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.subf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  %e5 = tensor.empty(%n) : tensor<?x10xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<?x10xf32>) -> tensor<?x10xf32>
  %y = linalg.matmul ins(%h2, %w3 : tensor<?x64xf32>, tensor<64x10xf32>) outs(%f5 : tensor<?x10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}

// A tensor of the given shape with element (i, j) = ((3i + 5j + seed) mod
// 17 - 8) / 16, small integers over 16 so that sums are exact.
func.func @pattern(%t: tensor<?x?xf32>, %seed: index) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#rows], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c17 = arith.constant 17 : index
    %c8 = arith.constant 8 : index
    %i3 = arith.muli %i, %c3 : index
    %j5 = arith.muli %j, %c5 : index
    %s = arith.addi %i3, %j5 : index
    %s2 = arith.addi %s, %seed : index
    %m = arith.remui %s2, %c17 : index
    %v = arith.subi %m, %c8 : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    %sixteenth = arith.constant 0.0625 : f32
    %r = arith.mulf %vf, %sixteenth : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Runs the MLP on a batch of n rows and prints the column sums.
func.func @run(%n: index, %w1: tensor<30x64xf32>, %w2: tensor<64x64xf32>,
               %w3: tensor<64x10xf32>, %b: tensor<64xf32>) {
  %c30 = arith.constant 30 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n, %c30) : tensor<?x?xf32>
  %xd = func.call @pattern(%e, %c1) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<?x30xf32>
  %y = func.call @mlp(%x, %w1, %w2, %w3, %b) : (tensor<?x30xf32>, tensor<30x64xf32>, tensor<64x64xf32>, tensor<64x10xf32>, tensor<64xf32>) -> tensor<?x10xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<10xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<10xf32>) -> tensor<10xf32>
  %sums = linalg.reduce ins(%y : tensor<?x10xf32>) outs(%acc : tensor<10xf32>) dimensions = [0]
    (%in: f32, %a: f32) {
      %s = arith.addf %in, %a : f32
      linalg.yield %s : f32
    }
  %buffer = bufferization.to_buffer %sums : tensor<10xf32> to memref<10xf32>
  %u = memref.cast %buffer : memref<10xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c30 = arith.constant 30 : index
  %c64 = arith.constant 64 : index
  %e1 = tensor.empty(%c30, %c64) : tensor<?x?xf32>
  %w1d = func.call @pattern(%e1, %c2) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %w1 = tensor.cast %w1d : tensor<?x?xf32> to tensor<30x64xf32>
  %e2 = tensor.empty(%c64, %c64) : tensor<?x?xf32>
  %w2d = func.call @pattern(%e2, %c3) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %w2 = tensor.cast %w2d : tensor<?x?xf32> to tensor<64x64xf32>
  %e3 = tensor.empty(%c64, %c10) : tensor<?x?xf32>
  %w3d = func.call @pattern(%e3, %c4) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %w3 = tensor.cast %w3d : tensor<?x?xf32> to tensor<64x10xf32>
  %eb = tensor.empty(%c64, %c2) : tensor<?x?xf32>
  %bd = func.call @pattern(%eb, %c5) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %b2 = tensor.cast %bd : tensor<?x?xf32> to tensor<64x2xf32>
  %b = tensor.extract_slice %b2[0, 0] [64, 1] [1, 1] : tensor<64x2xf32> to tensor<64xf32>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c1000 = arith.constant 1000 : index
  func.call @run(%c1, %w1, %w2, %w3, %b) : (index, tensor<30x64xf32>, tensor<64x64xf32>, tensor<64x10xf32>, tensor<64xf32>) -> ()
  func.call @run(%c7, %w1, %w2, %w3, %b) : (index, tensor<30x64xf32>, tensor<64x64xf32>, tensor<64x10xf32>, tensor<64xf32>) -> ()
  func.call @run(%c64, %w1, %w2, %w3, %b) : (index, tensor<30x64xf32>, tensor<64x64xf32>, tensor<64x10xf32>, tensor<64xf32>) -> ()
  func.call @run(%c1000, %w1, %w2, %w3, %b) : (index, tensor<30x64xf32>, tensor<64x64xf32>, tensor<64x10xf32>, tensor<64xf32>) -> ()
  return
}
