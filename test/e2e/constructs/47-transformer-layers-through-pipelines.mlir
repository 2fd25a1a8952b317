// Construct 47: a transformer encoder of two layers (attention with a
// softmax, residuals, a layer norm, a ReLU MLP), a loop over the layers,
// bufferized by One-Shot Bufferize and then put through each of upstream's
// buffer pipelines: -buffer-hoisting, -buffer-loop-hoisting,
// -promote-buffers-to-stack, -buffer-deallocation-pipeline before memplan
// and after it, -convert-scf-to-cf (after -buffer-loop-hoisting too: the
// hoisted temporaries are then written first in a loop of blocks), and
// -convert-linalg-to-loops (then -convert-scf-to-cf too: each fill or
// elementwise op is then a nest of loops of blocks storing every element,
// which begins a life as the op did). Each pipeline's program, planned,
// must print what it prints unplanned (the deallocation pipeline's clones
// lowered by -convert-bufferization-to-memref), and plan into the slab the
// program without the pipeline plans into (640 bytes: the lower bound).
//
// RUN: mlir-opt %s '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --canonicalize --cse > %t.buffers.mlir
// RUN: mlir-opt %t.buffers.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
//
// RUN: mlir-opt %t.buffers.mlir --buffer-hoisting > %t.hoisted.mlir
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="summary=true" -o %t.hoisted.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.hoisted.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --buffer-loop-hoisting > %t.loop-hoisted.mlir
// RUN: memplan-opt %t.loop-hoisted.mlir --memplan-offsets="summary=true" -o %t.loop-hoisted.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.loop-hoisted.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.loop-hoisted.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.loop-hoisted.mlir --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --promote-buffers-to-stack > %t.stack.mlir
// RUN: memplan-opt %t.stack.mlir --memplan-offsets="summary=true" -o %t.stack.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.stack.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --buffer-deallocation-pipeline > %t.freed.mlir
// RUN: memplan-opt %t.freed.mlir --memplan-offsets="summary=true" -o %t.freed.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.freed.planned.mlir --convert-bufferization-to-memref %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: mlir-opt %t.loop-hoisted.mlir --buffer-deallocation-pipeline > %t.loop-hoisted-freed.mlir
// RUN: memplan-opt %t.loop-hoisted-freed.mlir --memplan-offsets="summary=true" -o %t.loop-hoisted-freed.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.loop-hoisted-freed.planned.mlir --convert-bufferization-to-memref %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.loop-hoisted.mlir --memplan-offsets=best | mlir-opt --buffer-deallocation-pipeline --convert-bufferization-to-memref | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --convert-scf-to-cf > %t.cf.mlir
// RUN: memplan-opt %t.cf.mlir --memplan-offsets="summary=true" -o %t.cf.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.cf.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.loop-hoisted.mlir --convert-scf-to-cf > %t.hoisted-cf.mlir
// RUN: memplan-opt %t.hoisted-cf.mlir --memplan-offsets="summary=true" -o %t.hoisted-cf.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.hoisted-cf.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.hoisted-cf.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --convert-linalg-to-loops > %t.loops.mlir
// RUN: memplan-opt %t.loops.mlir --memplan-offsets="summary=true" -o %t.loops.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.loops.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: mlir-opt %t.loops.mlir --convert-scf-to-cf > %t.loops-cf.mlir
// RUN: memplan-opt %t.loops-cf.mlir --memplan-offsets="summary=true" -o %t.loops-cf.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.loops-cf.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.loops-cf.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.loops-cf.mlir --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: mlir-opt %t.loops.mlir --buffer-loop-hoisting > %t.loops-hoisted.mlir
// RUN: memplan-opt %t.loops-hoisted.mlir --memplan-offsets="summary=true" -o %t.loops-hoisted.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.loops-hoisted.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -

// Thirteen temporaries of the layer body, 1536 bytes in all, of which at
// most 640 bytes are live at once.
// SUM: @encoder: planned 13 of 13 buffers{{.*}} into a 640-byte slab{{.*}}naive 1536 bytes, lower bound 640 bytes

// OUT: data =
// OUT-NEXT: {{\[}}[-0.8166{{[0-9]*}},   0.7648{{[0-9]*}},

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

// A transformer encoder of two layers sharing their weights: single-head
// attention with a softmax, a residual, a layer norm and a ReLU MLP.
func.func @encoder(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>,
                   %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>, %w1: tensor<8x16xf32>,
                   %w2: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.35355339 : f32
  %ninf = arith.constant -1.0e30 : f32
  %inv8 = arith.constant 0.125 : f32
  %eps = arith.constant 1.0e-5 : f32
  %r = scf.for %l = %c0 to %c2 step %c1 iter_args(%h = %x) -> tensor<4x8xf32> {
    %e48 = tensor.empty() : tensor<4x8xf32>
    %z48 = linalg.fill ins(%zero : f32) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %q = linalg.matmul ins(%h, %wq : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %k = linalg.matmul ins(%h, %wk : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %v = linalg.matmul ins(%h, %wv : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %e84 = tensor.empty() : tensor<8x4xf32>
    %kt = linalg.transpose ins(%k : tensor<4x8xf32>) outs(%e84 : tensor<8x4xf32>) permutation = [1, 0]
    %e44 = tensor.empty() : tensor<4x4xf32>
    %z44 = linalg.fill ins(%zero : f32) outs(%e44 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %s = linalg.matmul ins(%q, %kt : tensor<4x8xf32>, tensor<8x4xf32>) outs(%z44 : tensor<4x4xf32>) -> tensor<4x4xf32>
    // Softmax over each row of s * scale.
    %e4 = tensor.empty() : tensor<4xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
    %m = linalg.reduce ins(%s : tensor<4x4xf32>) outs(%m0 : tensor<4xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %mx = arith.maximumf %in, %acc : f32
        linalg.yield %mx : f32
      }
    %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%s, %m : tensor<4x4xf32>, tensor<4xf32>) outs(%e44 : tensor<4x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %d = arith.subf %a, %b : f32
      %t = arith.mulf %d, %scale : f32
      %y = math.exp %t : f32
      linalg.yield %y : f32
    } -> tensor<4x4xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
    %sum = linalg.reduce ins(%ex : tensor<4x4xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %ad = arith.addf %in, %acc : f32
        linalg.yield %ad : f32
      }
    %p = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%ex, %sum : tensor<4x4xf32>, tensor<4xf32>) outs(%e44 : tensor<4x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %y = arith.divf %a, %b : f32
      linalg.yield %y : f32
    } -> tensor<4x4xf32>
    %att = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %proj = linalg.matmul ins(%att, %wo : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %h1 = linalg.add ins(%h, %proj : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    // Layer norm over each row.
    %mean = linalg.reduce ins(%h1 : tensor<4x8xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %ad = arith.addf %in, %acc : f32
        linalg.yield %ad : f32
      }
    %c = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%h1, %mean : tensor<4x8xf32>, tensor<4xf32>) outs(%e48 : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %mb = arith.mulf %b, %inv8 : f32
      %y = arith.subf %a, %mb : f32
      linalg.yield %y : f32
    } -> tensor<4x8xf32>
    %var = linalg.reduce ins(%c : tensor<4x8xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %sq = arith.mulf %in, %in : f32
        %ad = arith.addf %sq, %acc : f32
        linalg.yield %ad : f32
      }
    %n = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%c, %var : tensor<4x8xf32>, tensor<4xf32>) outs(%e48 : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %vb = arith.mulf %b, %inv8 : f32
      %ve = arith.addf %vb, %eps : f32
      %rs = math.rsqrt %ve : f32
      %y = arith.mulf %a, %rs : f32
      linalg.yield %y : f32
    } -> tensor<4x8xf32>
    // MLP with a ReLU, and the second residual.
    %e416 = tensor.empty() : tensor<4x16xf32>
    %z416 = linalg.fill ins(%zero : f32) outs(%e416 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %f1 = linalg.matmul ins(%n, %w1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z416 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%f1 : tensor<4x16xf32>) outs(%e416 : tensor<4x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.maximumf %a, %zero : f32
      linalg.yield %y : f32
    } -> tensor<4x16xf32>
    %f2 = linalg.matmul ins(%relu, %w2 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z48 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %h2 = linalg.add ins(%n, %f2 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%h : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %h2 : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// w[i][j] = ((i * 3 + j * 5 + seed) mod 7 - 3) / 8, of any shape.
func.func @weights(%seed: index, %e: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %w = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %seed : index
    %m = arith.remui %t, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f32
    %three = arith.constant 3.0 : f32
    %eighth = arith.constant 0.125 : f32
    %c = arith.subf %f, %three : f32
    %d = arith.mulf %c, %eighth : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %w : tensor<?x?xf32>
}

func.func @matrix(%seed: index, %rows: index, %cols: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %w = func.call @weights(%seed, %e) : (index, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %w : tensor<?x?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %wqd = func.call @matrix(%c0, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wkd = func.call @matrix(%c1, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wvd = func.call @matrix(%c2, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wod = func.call @matrix(%c3, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %w1d = func.call @matrix(%c4, %c8, %c16) : (index, index, index) -> tensor<?x?xf32>
  %w2d = func.call @matrix(%c5, %c16, %c8) : (index, index, index) -> tensor<?x?xf32>
  %xd = func.call @matrix(%c6, %c4, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wq = tensor.cast %wqd : tensor<?x?xf32> to tensor<8x8xf32>
  %wk = tensor.cast %wkd : tensor<?x?xf32> to tensor<8x8xf32>
  %wv = tensor.cast %wvd : tensor<?x?xf32> to tensor<8x8xf32>
  %wo = tensor.cast %wod : tensor<?x?xf32> to tensor<8x8xf32>
  %w1 = tensor.cast %w1d : tensor<?x?xf32> to tensor<8x16xf32>
  %w2 = tensor.cast %w2d : tensor<?x?xf32> to tensor<16x8xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<4x8xf32>
  %r = func.call @encoder(%x, %wq, %wk, %wv, %wo, %w1, %w2) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %rm = bufferization.to_buffer %r : tensor<4x8xf32> to memref<4x8xf32>
  %ru = memref.cast %rm : memref<4x8xf32> to memref<*xf32>
  func.call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  return
}
