// memplan in the upstream deallocation pipeline, in both orders. A tensor
// program bufferized by One-Shot Bufferize (with a scf.if choosing between
// buffers, a loop carrying fresh buffers and a call returning one) runs:
// - with -buffer-deallocation-pipeline and no memplan: the reference;
// - with memplan before -buffer-deallocation-pipeline, for each slab
//   placement and for shared objects: memplan adds no free, since the input
//   has none, and the pipeline frees the slab;
// - with memplan after ownership-based deallocation, before its frees are
//   lowered (bufferization.dealloc with ownership conditions and retained
//   values), then -bufferization-lower-deallocations;
// - with memplan after the whole pipeline, whose frees are memref.dealloc
//   in scf.if behind addresses compared by a helper function.
// Each prints part of the result, and @main the heap bytes each call leaves
// in use once it has returned and its result is freed (glibc's mallinfo2):
// 0, since a leak or a double free would change it. The measure is taken
// around whole calls: a buffer still live at the measure could be given a
// reused chunk a few bytes larger than it asked for, which would make the
// count depend on the heap's past rather than on the program.
//
// RUN: mlir-opt %s "-one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map" -canonicalize -o %t.buf.mlir
// RUN: mlir-opt %t.buf.mlir -buffer-deallocation-pipeline | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.reference
// RUN: memplan-opt %t.buf.mlir --memplan-offsets="strategy=best summary=true" 2> %t.before.txt | mlir-opt -buffer-deallocation-pipeline | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.before-alloc
// RUN: memplan-opt %t.buf.mlir --memplan-offsets="strategy=best slab=global" | mlir-opt -buffer-deallocation-pipeline | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.before-global
// RUN: memplan-opt %t.buf.mlir --memplan-offsets="strategy=best slab=argument" | mlir-opt -buffer-deallocation-pipeline | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.before-argument
// RUN: memplan-opt %t.buf.mlir --memplan-shared-objects=best | mlir-opt -buffer-deallocation-pipeline | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.before-objects
// RUN: mlir-opt %t.buf.mlir -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -canonicalize -o %t.owned.mlir
// RUN: memplan-opt %t.owned.mlir --memplan-offsets="strategy=best summary=true" 2> %t.unlowered.txt | mlir-opt -bufferization-lower-deallocations | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.after-unlowered
// RUN: mlir-opt %t.buf.mlir -buffer-deallocation-pipeline -o %t.freed.mlir
// RUN: memplan-opt %t.freed.mlir --memplan-offsets="strategy=best summary=true" 2> %t.lowered.txt | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.after-lowered
// RUN: diff %t.reference %t.before-alloc
// RUN: diff %t.reference %t.before-global
// RUN: diff %t.reference %t.before-argument
// RUN: diff %t.reference %t.before-objects
// RUN: diff %t.reference %t.after-unlowered
// RUN: diff %t.reference %t.after-lowered
// RUN: FileCheck %s --check-prefix=OUT < %t.reference
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before.txt
// RUN: FileCheck %s --check-prefix=UNLOWERED < %t.unlowered.txt
// RUN: FileCheck %s --check-prefix=LOWERED < %t.lowered.txt
// RUN: memplan-opt %t.owned.mlir --memplan-offsets=best | FileCheck %s --check-prefix=IR

// BEFORE: @compute: planned 6 of 7 buffers (1 left alone: 1 returned)
// BEFORE: @run: planned 1 of 1 buffers (0 left alone)
// The deallocation pass copies the loop's first value into a buffer the
// loop frees through the carried value, which may also be a result of
// @scale; that free stays for @scale's results, and the copy is planned,
// since the ownership it enters the loop with is `false`.
// UNLOWERED: @compute: planned 6 of 7 buffers (1 left alone: 1 returned)
// UNLOWERED: @run: planned 1 of 1 buffers (0 left alone)
// The lowered frees add small index and i1 buffers for the helper, planned too.
// LOWERED: @compute: planned 10 of 12 buffers (2 left alone: 1 returned, 1 freed-elsewhere)
// LOWERED: @run: planned 6 of 6 buffers (0 left alone)

// The bufferization.deallocs of @compute keep only what is not planned: the
// loop's carried value (a result of @scale, or the planned copy with
// ownership `false`). The one of the body's own buffer loses its memref and
// keeps its retained value.
// IR-LABEL: func.func @compute
// IR: %[[SLAB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8>
// IR: scf.for
// IR: bufferization.dealloc ({{%[a-z_0-9]+}} : memref<f32>) if ({{.*}}) retain ({{.*}} : memref<512xf32>)
// IR-NEXT: bufferization.dealloc retain ({{.*}} : memref<512xf32>)
// IR: bufferization.dealloc ({{%[a-z_0-9]+}} : memref<f32>) if ({{.*}}) retain ({{.*}} : memref<512xf32>)
// IR-NEXT: memref.dealloc %[[SLAB]]
// IR-NEXT: return

// OUT: data =
// OUT-NEXT: [1,  1.08482,  1.20663,  1.38806,  1.66143,  2.07232,  2.6844,  3.58579]
// OUT-NEXT: 0
// OUT-NEXT: Unranked {{.*}} data =
// OUT-NEXT: [1,  1.19849,  1.43131,  1.70808,  2.04106,  2.44576,  2.94186,  3.55423]
// OUT-NEXT: 0
// OUT-NEXT: Unranked {{.*}} data =
// OUT-NEXT: [1,  1.13009,  1.26455,  1.40367,  1.54775,  1.69713,  1.85215,  2.01318]
// OUT-NEXT: 0

#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()
llvm.func @mallinfo2() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>

func.func @heap_in_use() -> i64 {
  %s = llvm.call @mallinfo2() : () -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  %u = llvm.extractvalue %s[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  return %u : i64
}

// y = x * k + k, in a fresh tensor the caller owns.
func.func private @scale(%x: tensor<512xf32>, %k: f32) -> tensor<512xf32> {
  %e = tensor.empty() : tensor<512xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<512xf32>) outs(%e : tensor<512xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %k : f32
    %s = arith.addf %m, %k : f32
    linalg.yield %s : f32
  } -> tensor<512xf32>
  return %r : tensor<512xf32>
}

func.func @compute(%x: tensor<512xf32>, %c: i1, %n: index) -> tensor<512xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<512xf32>
  %a = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%x : tensor<512xf32>) outs(%e0 : tensor<512xf32>) -> tensor<512xf32>
  %e1 = tensor.empty() : tensor<512xf32>
  %b = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a, %x : tensor<512xf32>, tensor<512xf32>) outs(%e1 : tensor<512xf32>) -> tensor<512xf32>
  %chosen = scf.if %c -> tensor<512xf32> {
    %e2 = tensor.empty() : tensor<512xf32>
    %d = linalg.elementwise kind=#linalg.elementwise_kind<mul> ins(%b, %a : tensor<512xf32>, tensor<512xf32>) outs(%e2 : tensor<512xf32>) -> tensor<512xf32>
    scf.yield %d : tensor<512xf32>
  } else {
    scf.yield %a : tensor<512xf32>
  }
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%t = %chosen) -> tensor<512xf32> {
    %e3 = tensor.empty() : tensor<512xf32>
    %u = linalg.elementwise kind=#linalg.elementwise_kind<mul> ins(%t, %b : tensor<512xf32>, tensor<512xf32>) outs(%e3 : tensor<512xf32>) -> tensor<512xf32>
    %v = func.call @scale(%u, %half) : (tensor<512xf32>, f32) -> tensor<512xf32>
    scf.yield %v : tensor<512xf32>
  }
  %e4 = tensor.empty() : tensor<512xf32>
  %sum = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%acc, %b : tensor<512xf32>, tensor<512xf32>) outs(%e4 : tensor<512xf32>) -> tensor<512xf32>
  %e5 = tensor.empty() : tensor<512xf32>
  %out = linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%sum, %chosen : tensor<512xf32>, tensor<512xf32>) outs(%e5 : tensor<512xf32>) -> tensor<512xf32>
  return %out : tensor<512xf32>
}

func.func @run(%c: i1, %n: index) {
  %x = tensor.generate {
  ^bb0(%i: index):
    %m = arith.remui %i, %n : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %k = arith.constant 0.001 : f32
    %v = arith.mulf %f, %k : f32
    tensor.yield %v : f32
  } : tensor<512xf32>
  %r = func.call @compute(%x, %c, %n) : (tensor<512xf32>, i1, index) -> tensor<512xf32>
  %s = tensor.extract_slice %r[0] [8] [64] : tensor<512xf32> to tensor<8xf32>
  %m = bufferization.to_buffer %s : tensor<8xf32> to memref<8xf32, strided<[64]>>
  %u = memref.cast %m : memref<8xf32, strided<[64]>> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Runs @run and prints the heap bytes it left in use.
func.func @measured_run(%c: i1, %n: index) {
  %before = func.call @heap_in_use() : () -> i64
  func.call @run(%c, %n) : (i1, index) -> ()
  %after = func.call @heap_in_use() : () -> i64
  %leak = arith.subi %after, %before : i64
  func.call @printI64(%leak) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  // The first output allocates stdout's buffer: before any measure.
  func.call @printNewline() : () -> ()
  func.call @measured_run(%true, %c3) : (i1, index) -> ()
  func.call @measured_run(%false, %c3) : (i1, index) -> ()
  func.call @measured_run(%true, %c0) : (i1, index) -> ()
  return
}
