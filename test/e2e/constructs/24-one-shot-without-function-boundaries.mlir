// Construct 24: One-Shot Bufferize without function boundaries, as a
// pipeline that keeps memref signatures leaves it: @block takes memrefs,
// reads them as tensors (bufferization.to_tensor restrict) and writes its
// result with bufferization.materialize_in_destination; @main computes its
// inputs as tensors and hands them on with bufferization.to_buffer. Each
// run is compared with the bufferized program unplanned.
//
// RUN: mlir-opt %s --one-shot-bufferize > %t.bufferized.mlir
// RUN: mlir-opt %t.bufferized.mlir %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %t.bufferized.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %t.bufferized.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %t.bufferized.mlir --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: memplan-opt %t.bufferized.mlir --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.argument
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.argument
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %t.bufferized.mlir --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// In @block bufferization allocates four 128-byte buffers, each live up to
// a later read of it, so all four overlap. The second and third relu
// overwrite the buffer the first wrote: each begins a life of it of its
// own, which overlaps the others' buffers too. In @main the input x (128
// bytes) dies at the first call, before the second writes o2: they share.
// o3 is printed by a function whose body is not visible: left alone.
// SUM: @block: planned 4 of 4 buffers as 6 lives (0 left alone) into a 512-byte slab using greedy-size; naive 512 bytes, lower bound 512 bytes
// SUM: @main: planned 4 of 5 buffers (1 left alone: 1 captured) into a 512-byte slab using greedy-size; naive 640 bytes, lower bound 512 bytes

// Three blocks of out = mm(relu(mm(relu(mm(x))))) + mm(x), mm(v) = v W.
// OUT: [0,   -6250,   6250,   0,   -6250,   6250,   0,   -6250],
// OUT-NEXT: [0,   125000,   -125000,   0,   125000,   -125000,   0,   125000],
// OUT-NEXT: [0,   -9375,   9375,   0,   -9375,   9375,   0,   -9375],
// OUT-NEXT: [0,   -6250,   6250,   0,   -6250,   6250,   0,   -6250]]

#id = affine_map<(a, b) -> (a, b)>

// out = mm(relu(mm(relu(mm(x))))) + mm(x), with mm(v) = v W.
func.func @block(%in: memref<4x8xf32>, %w: memref<8x8xf32>, %out: memref<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %x = bufferization.to_tensor %in restrict : memref<4x8xf32> to tensor<4x8xf32>
  %wt = bufferization.to_tensor %w restrict : memref<8x8xf32> to tensor<8x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.matmul ins(%x, %wt : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %c = linalg.matmul ins(%b, %wt : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %f = linalg.matmul ins(%d, %wt : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%f, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)

// x[i][j] = (i + j) mod 3 - 1, W[i][j] = (i j + 1) mod 3 - 1: small
// integers, so every sum is exact and any corruption shows.
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
  %xm = bufferization.to_buffer %x read_only : tensor<4x8xf32> to memref<4x8xf32>
  %wm = bufferization.to_buffer %w read_only : tensor<8x8xf32> to memref<8x8xf32>
  %o1 = memref.alloc() : memref<4x8xf32>
  call @block(%xm, %wm, %o1) : (memref<4x8xf32>, memref<8x8xf32>, memref<4x8xf32>) -> ()
  %o2 = memref.alloc() : memref<4x8xf32>
  call @block(%o1, %wm, %o2) : (memref<4x8xf32>, memref<8x8xf32>, memref<4x8xf32>) -> ()
  %o3 = memref.alloc() : memref<4x8xf32>
  call @block(%o2, %wm, %o3) : (memref<4x8xf32>, memref<8x8xf32>, memref<4x8xf32>) -> ()
  %u = memref.cast %o3 : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
