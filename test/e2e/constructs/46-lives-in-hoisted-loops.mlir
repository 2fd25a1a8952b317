// Construct 46: lives in loops after -buffer-loop-hoisting. A two-layer
// attention encoder written on tensors is bufferized by One-Shot Bufferize,
// which allocates the temporaries of each layer in the loop's body, and
// upstream's -buffer-loop-hoisting then allocates them once before the loop.
// Each iteration still overwrites each temporary before reading it, so each
// is live per iteration and the hoisted program plans into the slab of the
// program without hoisting (640 bytes, where the hoisted buffers planned
// whole for the whole loop took 832, nothing shared). In @last_iteration a
// loop of three iterations begins a second life of %t, whose last
// iteration's value is read after the loop: that life runs on to the read.
// Each run of the hoisted program, planned, is compared with the hoisted
// program unplanned.
//
// RUN: mlir-opt %s '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --canonicalize --cse > %t.buffers.mlir
// RUN: mlir-opt %t.buffers.mlir --buffer-loop-hoisting > %t.hoisted.mlir
// RUN: mlir-opt %t.hoisted.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=best slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=greedy-breadth schedule=best" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.scheduled
// RUN: memplan-opt %t.hoisted.mlir --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: mlir-opt %t.buffers.mlir %lower_to_llvm | %run_main | %strip_address > %t.not-hoisted
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.scheduled
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.not-hoisted
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: FileCheck %s --check-prefix=HOISTED < %t.hoisted.mlir
// RUN: memplan-opt %t.buffers.mlir --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %t.hoisted.mlir --memplan-offsets="strategy=exact summary=true split-lives=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE

// The hoisted program: every temporary of the encoder before its loop.
// HOISTED-LABEL: func.func @encoder
// HOISTED-COUNT-7: memref.alloc()
// HOISTED-NEXT: scf.for
// HOISTED-LABEL: func.func @last_iteration
// HOISTED: memref.alloc() : memref<16xf32>
// HOISTED: memref.alloc() : memref<16xf32>
// HOISTED-NEXT: scf.for

// With and without hoisting, the same slab; whole, the hoisted buffers
// share nothing. @last_iteration: %t's first life and the loop's life, %u
// in each iteration, which may take the first life's bytes, and %w.
// SUM: @encoder: planned 7 of 7 buffers (0 left alone) into a 640-byte slab
// SUM: @last_iteration: planned 3 of 3 buffers as 4 lives (0 left alone) into a 192-byte slab
// WHOLE: @encoder: planned 7 of 7 buffers (0 left alone) into a 832-byte slab
// WHOLE: @last_iteration: planned 3 of 3 buffers (0 left alone) into a 192-byte slab

// The encoder's output, then out[i] = 9i + 11 for @last_iteration: out = 1,
// plus t = (f + 1) x + f for f = 0, 1, 2, plus w = 5, plus the last
// t = 3x + 2.
// OUT: data =
// OUT-NEXT: {{\[}}[
// OUT: data =
// OUT-NEXT: [11,  20,  29,  38,  47,  56,  65,  74,  83,  92,  101,  110,  119,  128,  137,  146]

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(memref<*xf32>)

// Two layers of attention: h += ((h Wq)(h Wk)^T / 8)(h Wv) Wo.
func.func @encoder(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>,
                   %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %r = scf.for %l = %c0 to %c2 step %c1 iter_args(%h = %x) -> tensor<4x8xf32> {
    %e = tensor.empty() : tensor<4x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %q = linalg.matmul ins(%h, %wq : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %k = linalg.matmul ins(%h, %wk : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %v = linalg.matmul ins(%h, %wv : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %et = tensor.empty() : tensor<8x4xf32>
    %kt = linalg.transpose ins(%k : tensor<4x8xf32>) outs(%et : tensor<8x4xf32>) permutation = [1, 0]
    %es = tensor.empty() : tensor<4x4xf32>
    %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x4xf32>) -> tensor<4x4xf32>
    %s = linalg.matmul ins(%q, %kt : tensor<4x8xf32>, tensor<8x4xf32>) outs(%zs : tensor<4x4xf32>) -> tensor<4x4xf32>
    %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<4x4xf32>) outs(%es : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.mulf %in, %scale : f32
      linalg.yield %m : f32
    } -> tensor<4x4xf32>
    %a = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %o = linalg.matmul ins(%a, %wo : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %h2 = linalg.add ins(%h, %o : tensor<4x8xf32>, tensor<4x8xf32>) outs(%h : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %h2 : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// w[i][j] = ((i * 3 + j * 5) mod 7 - 3) / 8
func.func @weights(%seed: index) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %w = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<8x8xf32>) {
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
  } -> tensor<8x8xf32>
  return %w : tensor<8x8xf32>
}


// A temporary %u allocated in the body (which the hoisting takes out) and
// %t, overwritten by each iteration and read after the loop, after %w is
// written: %w, as large as %t and %u together, must not take the bytes of
// %t's last life, and so the slab grows after the loop.
func.func @last_iteration(%x: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  scf.for %i = %c0 to %c3 step %c1 {
    %u = memref.alloc() : memref<16xf32>
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %g = arith.addf %f, %one : f32
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : memref<16xf32>) outs(%u : memref<16xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.mulf %v, %g : f32
      linalg.yield %m : f32
    }
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%u : memref<16xf32>) outs(%t : memref<16xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %f : f32
      linalg.yield %s : f32
    }
    linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  }
  %five = arith.constant 5.0 : f32
  %w = memref.alloc() : memref<32xf32>
  linalg.fill ins(%five : f32) outs(%w : memref<32xf32>)
  %half = memref.subview %w[16] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1], offset: 16>>
  linalg.add ins(%half, %out : memref<16xf32, strided<[1], offset: 16>>, memref<16xf32>) outs(%out : memref<16xf32>)
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %wq = func.call @weights(%c0) : (index) -> tensor<8x8xf32>
  %wk = func.call @weights(%c1) : (index) -> tensor<8x8xf32>
  %wv = func.call @weights(%c2) : (index) -> tensor<8x8xf32>
  %wo = func.call @weights(%c3) : (index) -> tensor<8x8xf32>
  %h = tensor.extract_slice %wv[0, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
  %r = func.call @encoder(%h, %wq, %wk, %wv, %wo) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %rm = bufferization.to_buffer %r : tensor<4x8xf32> to memref<4x8xf32>
  %ru = memref.cast %rm : memref<4x8xf32> to memref<*xf32>
  func.call @printMemrefF32(%ru) : (memref<*xf32>) -> ()

  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %n = arith.index_cast %i : index to i32
    %v = arith.sitofp %n : i32 to f32
    memref.store %v, %x[%i] : memref<16xf32>
    memref.store %zero, %out[%i] : memref<16xf32>
  }
  func.call @last_iteration(%x, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %u = memref.cast %out : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
