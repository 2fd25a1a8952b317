// Construct 51: a later life of a buffer begun by a write through a view
// made in the earlier life, and used only through that view: One-Shot
// Bufferize writes %a, reads it, then fills it in place through the
// collapse_shape it makes (the tensor program reuses %a's buffer), and the
// last add reads only the collapsed view. The rewrite of the first life
// takes every use of the allocation; the second must still find it (it
// read the erased allocation and crashed; found by review).
//
// RUN: mlir-opt %s '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --canonicalize --cse > %t.buffers.mlir
// RUN: mlir-opt %t.buffers.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="strategy=best slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %t.buffers.mlir --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: mlir-opt %t.buffers.mlir --convert-scf-to-cf | memplan-opt --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.cf
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.cf
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// SUM: @f: planned 1 of 3 buffers as 2 lives (2 left alone: 2 returned)

// x + x + x, then 1 + 1.
// OUT: data =
// OUT-NEXT: [3,  6,  9,  12]
// OUT-NEXT: [15,  18,  21,  24]
// OUT: data =
// OUT-NEXT: [2,  2,  2,  2,  2,  2,  2,  2]

func.func private @printMemrefF32(memref<*xf32>)

func.func @f(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<8xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %a = linalg.add ins(%x, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %s = linalg.add ins(%a, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%c : tensor<8xf32>) -> tensor<8xf32>
  %e3 = tensor.empty() : tensor<8xf32>
  %g = linalg.add ins(%f, %f : tensor<8xf32>, tensor<8xf32>) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  return %s, %g : tensor<2x4xf32>, tensor<8xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %r:2 = func.call @f(%x) : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<8xf32>)
  %m = bufferization.to_buffer %r#0 : tensor<2x4xf32> to memref<2x4xf32>
  %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %m2 = bufferization.to_buffer %r#1 : tensor<8xf32> to memref<8xf32>
  %u2 = memref.cast %m2 : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
