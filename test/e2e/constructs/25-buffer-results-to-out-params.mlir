// Construct 25: -buffer-results-to-out-params after One-Shot Bufferize of
// function boundaries: each function's result becomes an argument its
// caller allocates, so @net's and @main's buffers are written by the calls
// they are passed to. With hoist-static-allocs, a callee writes its result
// straight into that argument. Each run is compared with the same program
// unplanned.
//
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-results-to-out-params > %t.out-params.mlir
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-results-to-out-params=hoist-static-allocs > %t.hoisted.mlir
// RUN: mlir-opt %t.out-params.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %t.out-params.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %t.out-params.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %t.out-params.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: memplan-opt %t.out-params.mlir --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: mlir-opt %t.hoisted.mlir %lower_to_llvm | %run_main | %strip_address > %t.hoisted-unplanned
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.hoisted-greedy
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.hoisted-argument
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.hoisted-unplanned
// RUN: diff %t.unplanned %t.hoisted-greedy
// RUN: diff %t.unplanned %t.hoisted-argument
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.out-params.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOISTED

// All buffers are 4x8xf32 (128 bytes) but W (256 bytes). @layer's product
// is copied into its out-parameter. In @net a = layer(x) is read by the
// final add, b = layer(a) dies at c = layer(b), and the sum is written
// after b is dead: b and the sum share. In @main x dies at the first call,
// before the second call writes its result: they share. The last result
// is printed by a function whose body is not visible: left alone.
// SUM: @layer: planned 1 of 1 buffers (0 left alone) into a 128-byte slab using greedy-size; naive 128 bytes, lower bound 128 bytes
// SUM: @net: planned 4 of 4 buffers (0 left alone) into a 384-byte slab using greedy-size; naive 512 bytes, lower bound 384 bytes
// SUM: @main: planned 4 of 5 buffers (1 left alone: 1 captured) into a 512-byte slab using greedy-size; naive 640 bytes, lower bound 512 bytes
// HOISTED-NOT: @layer: planned
// HOISTED: @net: planned 3 of 3 buffers (0 left alone) into a 384-byte slab using greedy-size; naive 384 bytes, lower bound 384 bytes
// HOISTED: @main: planned 4 of 5 buffers (1 left alone: 1 captured) into a 512-byte slab using greedy-size; naive 640 bytes, lower bound 512 bytes

// net(v) = layer(layer(layer(v))) + layer(v), layer(v) = relu(v W), three
// times.
// OUT: [0,   0,   1000,   0,   0,   1000,   0,   0],
// OUT-NEXT: [0,   45000,   0,   0,   45000,   0,   0,   45000],
// OUT-NEXT: [0,   0,   1500,   0,   0,   1500,   0,   0],
// OUT-NEXT: [0,   0,   1000,   0,   0,   1000,   0,   0]]

#id = affine_map<(a, b) -> (a, b)>

// relu(v W)
func.func private @layer(%v: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = linalg.matmul ins(%v, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// layer(layer(layer(x))) + layer(x)
func.func private @net(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %a = call @layer(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %b = call @layer(%a, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %c = call @layer(%b, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %c : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

// x[i][j] = (i + j) mod 3 - 1, W[i][j] = (i j + 1) mod 3 - 1.
func.func @main() {
  %three = arith.constant 3 : index
  %one = arith.constant 1 : index
  %ex = tensor.empty() : tensor<4x8xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ex : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %r = arith.remui %s, %three : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %c1 = arith.constant 1.0 : f32
    %g = arith.subf %f, %c1 : f32
    linalg.yield %g : f32
  } -> tensor<4x8xf32>
  %ew = tensor.empty() : tensor<8x8xf32>
  %w = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ew : tensor<8x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %i, %j : index
    %s = arith.addi %p, %one : index
    %r = arith.remui %s, %three : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %c1 = arith.constant 1.0 : f32
    %g = arith.subf %f, %c1 : f32
    linalg.yield %g : f32
  } -> tensor<8x8xf32>
  %y = call @net(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %z = call @net(%y, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %v = call @net(%z, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %m = bufferization.to_buffer %v read_only : tensor<4x8xf32> to memref<4x8xf32>
  %u = memref.cast %m : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
