// Construct 54: the transformer encoder of construct 47 with a dynamic
// sequence length (tensor<?x8xf32>), bufferized by One-Shot Bufferize: the
// temporaries of the layer body have sizes of n rows (32 n, 64 n, 4 n
// bytes) and of n by n (the attention scores, 4 n^2 bytes), known only at
// run time. memplan plans them into one slab whose size and offsets are
// computed from n where @encoder begins (the scores and exponentials
// dominate: a plan for every n, within 1.1x of the bound at every size
// tested, docs/dynamic.md). @main runs the one compiled @encoder at n = 1,
// 7, 64 and 1000 and prints the column sums of each output; planned, the
// program prints what it prints unplanned, through upstream's loop hoisting
// and deallocation pipeline too.
//
// RUN: mlir-opt %s '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --canonicalize --cse > %t.buffers.mlir
// RUN: mlir-opt %t.buffers.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="summary=true" -o %t.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: FileCheck %s < %t.planned.mlir
// RUN: mlir-opt %t.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="strategy=greedy-size size-hint=8" | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
//
// RUN: mlir-opt %t.buffers.mlir --buffer-loop-hoisting > %t.loop-hoisted.mlir
// RUN: memplan-opt %t.loop-hoisted.mlir --memplan-offsets -o %t.loop-hoisted.planned.mlir
// RUN: mlir-opt %t.loop-hoisted.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: mlir-opt %t.buffers.mlir --buffer-deallocation-pipeline > %t.freed.mlir
// RUN: memplan-opt %t.freed.mlir --memplan-offsets -o %t.freed.planned.mlir
// RUN: mlir-opt %t.freed.planned.mlir --convert-bufferization-to-memref %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -

// SUM: @encoder: planned 13 of 13 buffers as 14 lives (0 left alone; 13 of run-time size) into a {{[0-9]+}}-byte slab at size-hint=128{{.*}}slab for every run-time size: {{.*}}arg0_d0*arg0_d0{{.*}}; worst ratio {{1\.0[0-9][0-9]}} to the lower bound over 1:4096

// CHECK-LABEL: func.func @encoder
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<?x8xf32>
// CHECK: %[[SLAB:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK: scf.for
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[SLAB]]
// CHECK: return

// OUT-COUNT-4: data =

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

// A transformer encoder of two layers sharing their weights: single-head
// attention with a softmax, a residual, a layer norm and a ReLU MLP.
func.func @encoder(%x: tensor<?x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>,
                   %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>, %w1: tensor<8x16xf32>,
                   %w2: tensor<16x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.35355339 : f32
  %ninf = arith.constant -1.0e30 : f32
  %inv8 = arith.constant 0.125 : f32
  %eps = arith.constant 1.0e-5 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %r = scf.for %l = %c0 to %c2 step %c1 iter_args(%h = %x) -> tensor<?x8xf32> {
    %e48 = tensor.empty(%n) : tensor<?x8xf32>
    %z48 = linalg.fill ins(%zero : f32) outs(%e48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %q = linalg.matmul ins(%h, %wq : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %k = linalg.matmul ins(%h, %wk : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %v = linalg.matmul ins(%h, %wv : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %e84 = tensor.empty(%n) : tensor<8x?xf32>
    %kt = linalg.transpose ins(%k : tensor<?x8xf32>) outs(%e84 : tensor<8x?xf32>) permutation = [1, 0]
    %e44 = tensor.empty(%n, %n) : tensor<?x?xf32>
    %z44 = linalg.fill ins(%zero : f32) outs(%e44 : tensor<?x?xf32>) -> tensor<?x?xf32>
    %s = linalg.matmul ins(%q, %kt : tensor<?x8xf32>, tensor<8x?xf32>) outs(%z44 : tensor<?x?xf32>) -> tensor<?x?xf32>
    // Softmax over each row of s * scale.
    %e4 = tensor.empty(%n) : tensor<?xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<?xf32>) -> tensor<?xf32>
    %m = linalg.reduce ins(%s : tensor<?x?xf32>) outs(%m0 : tensor<?xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %mx = arith.maximumf %in, %acc : f32
        linalg.yield %mx : f32
      }
    %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%s, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%e44 : tensor<?x?xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %d = arith.subf %a, %b : f32
      %t = arith.mulf %d, %scale : f32
      %y = math.exp %t : f32
      linalg.yield %y : f32
    } -> tensor<?x?xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<?xf32>) -> tensor<?xf32>
    %sum = linalg.reduce ins(%ex : tensor<?x?xf32>) outs(%s0 : tensor<?xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %ad = arith.addf %in, %acc : f32
        linalg.yield %ad : f32
      }
    %p = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%ex, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e44 : tensor<?x?xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %y = arith.divf %a, %b : f32
      linalg.yield %y : f32
    } -> tensor<?x?xf32>
    %att = linalg.matmul ins(%p, %v : tensor<?x?xf32>, tensor<?x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %proj = linalg.matmul ins(%att, %wo : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %h1 = linalg.add ins(%h, %proj : tensor<?x8xf32>, tensor<?x8xf32>) outs(%e48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    // Layer norm over each row.
    %mean = linalg.reduce ins(%h1 : tensor<?x8xf32>) outs(%s0 : tensor<?xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %ad = arith.addf %in, %acc : f32
        linalg.yield %ad : f32
      }
    %c = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%h1, %mean : tensor<?x8xf32>, tensor<?xf32>) outs(%e48 : tensor<?x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %mb = arith.mulf %b, %inv8 : f32
      %y = arith.subf %a, %mb : f32
      linalg.yield %y : f32
    } -> tensor<?x8xf32>
    %var = linalg.reduce ins(%c : tensor<?x8xf32>) outs(%s0 : tensor<?xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %sq = arith.mulf %in, %in : f32
        %ad = arith.addf %sq, %acc : f32
        linalg.yield %ad : f32
      }
    %nrm = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%c, %var : tensor<?x8xf32>, tensor<?xf32>) outs(%e48 : tensor<?x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %vb = arith.mulf %b, %inv8 : f32
      %ve = arith.addf %vb, %eps : f32
      %rs = math.rsqrt %ve : f32
      %y = arith.mulf %a, %rs : f32
      linalg.yield %y : f32
    } -> tensor<?x8xf32>
    // MLP with a ReLU, and the second residual.
    %e416 = tensor.empty(%n) : tensor<?x16xf32>
    %z416 = linalg.fill ins(%zero : f32) outs(%e416 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %f1 = linalg.matmul ins(%nrm, %w1 : tensor<?x8xf32>, tensor<8x16xf32>) outs(%z416 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%f1 : tensor<?x16xf32>) outs(%e416 : tensor<?x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.maximumf %a, %zero : f32
      linalg.yield %y : f32
    } -> tensor<?x16xf32>
    %f2 = linalg.matmul ins(%relu, %w2 : tensor<?x16xf32>, tensor<16x8xf32>) outs(%z48 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %h2 = linalg.add ins(%nrm, %f2 : tensor<?x8xf32>, tensor<?x8xf32>) outs(%h : tensor<?x8xf32>) -> tensor<?x8xf32>
    scf.yield %h2 : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
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

// Runs the encoder on n rows and prints the column sums of its output.
func.func @run(%n: index, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>,
               %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>, %w1: tensor<8x16xf32>,
               %w2: tensor<16x8xf32>) {
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %xd = func.call @matrix(%c6, %n, %c8) : (index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<?x8xf32>
  %r = func.call @encoder(%x, %wq, %wk, %wv, %wo, %w1, %w2) : (tensor<?x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sums = linalg.reduce ins(%r : tensor<?x8xf32>) outs(%acc : tensor<8xf32>) dimensions = [0]
    (%in: f32, %a: f32) {
      %s = arith.addf %in, %a : f32
      linalg.yield %s : f32
    }
  %rm = bufferization.to_buffer %sums : tensor<8xf32> to memref<8xf32>
  %ru = memref.cast %rm : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %wqd = func.call @matrix(%c0, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wkd = func.call @matrix(%c1, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wvd = func.call @matrix(%c2, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wod = func.call @matrix(%c3, %c8, %c8) : (index, index, index) -> tensor<?x?xf32>
  %w1d = func.call @matrix(%c4, %c8, %c16) : (index, index, index) -> tensor<?x?xf32>
  %w2d = func.call @matrix(%c5, %c16, %c8) : (index, index, index) -> tensor<?x?xf32>
  %wq = tensor.cast %wqd : tensor<?x?xf32> to tensor<8x8xf32>
  %wk = tensor.cast %wkd : tensor<?x?xf32> to tensor<8x8xf32>
  %wv = tensor.cast %wvd : tensor<?x?xf32> to tensor<8x8xf32>
  %wo = tensor.cast %wod : tensor<?x?xf32> to tensor<8x8xf32>
  %w1 = tensor.cast %w1d : tensor<?x?xf32> to tensor<8x16xf32>
  %w2 = tensor.cast %w2d : tensor<?x?xf32> to tensor<16x8xf32>
  func.call @run(%c1, %wq, %wk, %wv, %wo, %w1, %w2) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> ()
  func.call @run(%c7, %wq, %wk, %wv, %wo, %w1, %w2) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> ()
  func.call @run(%c64, %wq, %wk, %wv, %wo, %w1, %w2) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> ()
  func.call @run(%c1000, %wq, %wk, %wv, %wo, %w1, %w2) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>) -> ()
  return
}
