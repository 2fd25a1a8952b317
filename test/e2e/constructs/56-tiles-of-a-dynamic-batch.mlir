// Construct 56: tiles of an unbounded dimension. The MLP of construct 26 on
// a dynamic batch (tensor<?x8xf32>), tiled 4x4 and fused by the same
// transform script, then One-Shot Bufferize: each tile's temporaries are
// sized by affine.min (at most 4x4, planned at that bound) while the first
// layer's result has n rows, known only at run time. memplan plans both
// kinds into one slab sized where @mlp begins; @main runs the one compiled
// program at n = 1, 7, 64 and 1000 (the last tiles partial at 1, 7 and
// 1000) against the unplanned one.
//
// RUN: mlir-opt %s -transform-preload-library="transform-library-paths=%S/Inputs/tile-and-fuse-4x4.mlir" -transform-interpreter -canonicalize --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.tiles.mlir
// RUN: mlir-opt %t.tiles.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.tiles.mlir --memplan-offsets="summary=true" -o %t.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: FileCheck %s < %t.planned.mlir
// RUN: mlir-opt %t.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.tiles.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %t.tiles.mlir --memplan-offsets="strategy=exact size-hint=2" | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: mlir-opt %t.tiles.mlir --buffer-deallocation-pipeline | memplan-opt --memplan-offsets | mlir-opt --convert-bufferization-to-memref | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -

// SUM: @mlp: planned {{[0-9]+}} of {{[0-9]+}} buffers (1 left alone: 1 returned; {{[0-9]+}} of dynamic size at an upper bound, {{[0-9]+}} bytes; 1 of run-time size) into a {{[0-9]+}}-byte slab at size-hint=128

// CHECK-LABEL: func.func @mlp
// CHECK: %[[SLAB:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK: scf.for
// CHECK: %[[H:.*]] = affine.min
// CHECK: %[[W:.*]] = affine.min
// CHECK: memref.view %[[SLAB]][%{{.*}}][%[[H]], %[[W]]] : memref<?xi8> to memref<?x?xf32>

// OUT-COUNT-4: data =

#id = affine_map<(a, b) -> (a, b)>
#row = affine_map<(a, b) -> (b)>

func.func @mlp(%x: tensor<?x8xf32>, %w1: tensor<8x6xf32>, %w2: tensor<6x6xf32>, %bias: tensor<6xf32>) -> tensor<?x6xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x6xf32>) -> tensor<?x6xf32>
  %p = linalg.matmul ins(%x, %w1 : tensor<?x8xf32>, tensor<8x6xf32>) outs(%z : tensor<?x6xf32>) -> tensor<?x6xf32>
  %b = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %bias : tensor<?x6xf32>, tensor<6xf32>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x6xf32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<?x6xf32>) outs(%e : tensor<?x6xf32>) attrs = {layer1} {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x6xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e : tensor<?x6xf32>) -> tensor<?x6xf32>
  %p2 = linalg.matmul ins(%h, %w2 : tensor<?x6xf32>, tensor<6x6xf32>) outs(%z2 : tensor<?x6xf32>) -> tensor<?x6xf32>
  %b2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%p2, %bias : tensor<?x6xf32>, tensor<6xf32>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.subf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x6xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b2 : tensor<?x6xf32>) outs(%e : tensor<?x6xf32>) attrs = {layer2} {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @run(%n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ex = tensor.empty(%n) : tensor<?x8xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ex : tensor<?x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %r = arith.remui %j, %c3 : index
    %s = arith.addi %i, %r : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 5.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<?x8xf32>
  %ew1 = tensor.empty() : tensor<8x6xf32>
  %w1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ew1 : tensor<8x6xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %r = arith.remui %s, %c3 : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 1.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<8x6xf32>
  %ew2 = tensor.empty() : tensor<6x6xf32>
  %w2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ew2 : tensor<6x6xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i2 = arith.muli %i, %c2 : index
    %s = arith.addi %i2, %j : index
    %r = arith.remui %s, %c3 : index
    %v = arith.index_cast %r : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 1.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<6x6xf32>
  %eb = tensor.empty() : tensor<6xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(a) -> (a)>], iterator_types = ["parallel"]} outs(%eb : tensor<6xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = arith.index_cast %j : index to i64
    %f = arith.sitofp %v : i64 to f32
    %k = arith.constant 2.0 : f32
    %g = arith.subf %f, %k : f32
    linalg.yield %g : f32
  } -> tensor<6xf32>
  %y = call @mlp(%x, %w1, %w2, %bias) : (tensor<?x8xf32>, tensor<8x6xf32>, tensor<6x6xf32>, tensor<6xf32>) -> tensor<?x6xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<6xf32>) -> tensor<6xf32>
  %sums = linalg.reduce ins(%y : tensor<?x6xf32>) outs(%acc : tensor<6xf32>) dimensions = [0]
    (%in: f32, %a: f32) {
      %s = arith.addf %in, %a : f32
      linalg.yield %s : f32
    }
  %m = bufferization.to_buffer %sums read_only : tensor<6xf32> to memref<6xf32>
  %u = memref.cast %m : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  call @run(%c1) : (index) -> ()
  call @run(%c7) : (index) -> ()
  call @run(%c64) : (index) -> ()
  call @run(%c1000) : (index) -> ()
  return
}
