// Construct 27: a residual block written in TOSA, lowered as TOSA programs
// are (the tosa-to-linalg passes, elementwise fusion), then One-Shot
// Bufferize of function boundaries: a padded copy of the input for the 3x3
// convolution, convolution outputs initialised from the biases, a reduce
// through expand_shape views, and the result returned. Each run is
// compared with the same program unplanned.
//
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(tosa-optional-decompositions,tosa-infer-shapes,tosa-make-broadcastable,tosa-to-linalg-named,canonicalize,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),linalg-fuse-elementwise-ops,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,cse)" > %t.linalg.mlir
// RUN: mlir-opt %t.linalg.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %t.linalg.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %t.linalg.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %t.linalg.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: memplan-opt %t.linalg.mlir --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %t.linalg.mlir --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.argument
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.argument
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.linalg.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// @block: the padded input (512 bytes), the first convolution's output
// (576), the second's (288) and the result (48, returned). The padded
// input dies at the first convolution, where the second's output is not yet
// written: they share, 576 + 512. @main's inputs (288, 288 and 32 bytes,
// aligned to 64) are live together: 672 bytes, which the bound proves
// optimal, as it counts the padding of all but the highest buffer.
// SUM: @block: planned 3 of 4 buffers (1 left alone: 1 returned) into a 1088-byte slab using greedy-size; naive 1376 bytes, lower bound 1088 bytes; proven optimal
// SUM: @main: planned 3 of 3 buffers (0 left alone) into a 672-byte slab using greedy-size; naive 672 bytes, lower bound 672 bytes; proven optimal

// Per w: the sums over h of relu(conv1x1(relu(conv3x3(x) + b1)) + b2 + x).
// OUT: [16,     13],
// OUT-NEXT: [14,     15],
// OUT-NEXT: [20,     15],
// OUT-NEXT: [15,     16],
// OUT-NEXT: [16,     19],
// OUT-NEXT: [17,     13]]]]

// A residual block in TOSA: relu(conv3x3(x)) -> conv1x1 -> + x -> relu -> sum over H.
func.func @block(%x: tensor<1x6x6x2xf32>, %w1: tensor<4x3x3x2xf32>, %w2: tensor<2x1x1x4xf32>) -> tensor<1x1x6x2xf32> {
  %b1 = "tosa.const"() <{values = dense<[0.0, 1.0, -1.0, 0.5]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %b2 = "tosa.const"() <{values = dense<[1.0, -2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w1, %b1, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x6x6x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 1.0e+30 : f32} : (tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %d = tosa.conv2d %r, %w2, %b2, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x6x6x4xf32>, tensor<2x1x1x4xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x2xf32>
  %s = tosa.add %d, %x : (tensor<1x6x6x2xf32>, tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %t = tosa.clamp %s {min_val = 0.0 : f32, max_val = 1.0e+30 : f32} : (tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %u = tosa.reduce_sum %t {axis = 1 : i32} : (tensor<1x6x6x2xf32>) -> tensor<1x1x6x2xf32>
  return %u : tensor<1x1x6x2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

#map4 = affine_map<(n, h, w, c) -> (n, h, w, c)>

// x[0][h][w][c] = (h + 2w + c) mod 5 - 2, w1[f][i][j][c] = (f + i + 2j + c)
// mod 3 - 1, w2[o][0][0][f] = (o + f) mod 3 - 1: small integers, so every
// sum is exact.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %ex = tensor.empty() : tensor<1x6x6x2xf32>
  %x = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%ex : tensor<1x6x6x2xf32>) {
  ^bb0(%o: f32):
    %h = linalg.index 1 : index
    %w = linalg.index 2 : index
    %c = linalg.index 3 : index
    %w2 = arith.muli %w, %c2 : index
    %s0 = arith.addi %h, %w2 : index
    %s = arith.addi %s0, %c : index
    %r = arith.remui %s, %c5 : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 2.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<1x6x6x2xf32>
  %ew1 = tensor.empty() : tensor<4x3x3x2xf32>
  %w1 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%ew1 : tensor<4x3x3x2xf32>) {
  ^bb0(%o: f32):
    %f0 = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c = linalg.index 3 : index
    %j2 = arith.muli %j, %c2 : index
    %s0 = arith.addi %f0, %i : index
    %s1 = arith.addi %s0, %j2 : index
    %s = arith.addi %s1, %c : index
    %r = arith.remui %s, %c3 : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 1.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<4x3x3x2xf32>
  %ew2 = tensor.empty() : tensor<2x1x1x4xf32>
  %w2 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%ew2 : tensor<2x1x1x4xf32>) {
  ^bb0(%o: f32):
    %a = linalg.index 0 : index
    %b = linalg.index 3 : index
    %s = arith.addi %a, %b : index
    %r = arith.remui %s, %c3 : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 1.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<2x1x1x4xf32>
  %y = call @block(%x, %w1, %w2) : (tensor<1x6x6x2xf32>, tensor<4x3x3x2xf32>, tensor<2x1x1x4xf32>) -> tensor<1x1x6x2xf32>
  %m = bufferization.to_buffer %y read_only : tensor<1x1x6x2xf32> to memref<1x1x6x2xf32>
  %u = memref.cast %m : memref<1x1x6x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
