// A heap slab is freed only where the input frees: a function that frees
// any buffer gets its slab freed on every way out (or at the end of each
// iteration, for a slab of a parallel loop's body); a function that frees
// nothing, as bufferization leaves it, leaves its slab to whatever frees the
// rest. -buffer-deallocation-pipeline accepts no free in its input, so it
// can run after memplan and free the slab itself
// (test/Transforms/deallocation-pipeline.mlir).

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" | FileCheck %s --check-prefix=ARG

// CHECK-LABEL: func.func @frees_nothing
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NOT: memref.dealloc
// CHECK: return
// PIPE-LABEL: func.func @frees_nothing
// PIPE: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// PIPE: memref.dealloc %[[SLAB]] : memref<32xi8>
// PIPE-NEXT: return
func.func @frees_nothing(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  linalg.add ins(%b, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// One buffer of two freed, on one of two ways out: the slab is freed on both.
// CHECK-LABEL: func.func @frees_one
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: cf.cond_br
// CHECK: memref.dealloc %[[SLAB]] : memref<32xi8>
// CHECK-NEXT: return
// CHECK: memref.dealloc %[[SLAB]] : memref<32xi8>
// CHECK-NEXT: return
func.func @frees_one(%c: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  linalg.add ins(%b, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.dealloc %b : memref<4xf32>
  cf.cond_br %c, ^early, ^late
^early:
  return
^late:
  linalg.add ins(%out, %out : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// Each iteration's slab is freed at the end of the iteration when the body
// freed its buffer.
// CHECK-LABEL: func.func @parallel_frees
// CHECK: scf.parallel
// CHECK-NEXT: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.dealloc %[[SLAB]] : memref<16xi8>
// CHECK-NEXT: scf.reduce
func.func @parallel_frees(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
    scf.reduce
  }
  return
}

// slab=argument: the caller that frees its buffers frees each arena after
// the call; the caller that frees nothing does not.
// ARG-LABEL: func.func private @callee
// ARG-SAME: memplan.slab_size = 16
// ARG-NOT: memref.dealloc
// ARG: return
// ARG-LABEL: func.func @caller_frees
// ARG: %[[S:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// ARG: call @callee
// ARG: memref.dealloc %[[S]] : memref<32xi8>
// ARG-NEXT: return
// ARG-LABEL: func.func @caller_frees_nothing
// ARG: memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// ARG: call @callee
// ARG-NOT: memref.dealloc
// ARG: return
func.func private @callee(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  linalg.add ins(%t, %t : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
func.func @caller_frees(%out: memref<4xf32>) {
  %x = memref.alloc() : memref<4xf32>
  func.call @callee(%x) : (memref<4xf32>) -> ()
  linalg.add ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.dealloc %x : memref<4xf32>
  return
}
func.func @caller_frees_nothing(%out: memref<4xf32>) {
  %x = memref.alloc() : memref<4xf32>
  func.call @callee(%x) : (memref<4xf32>) -> ()
  linalg.add ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
