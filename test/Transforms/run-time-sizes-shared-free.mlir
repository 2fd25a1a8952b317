// One free takes either a buffer of run-time size or a static one. When the
// run leaves the first alone (slab=global here, a capacity below) after the
// analysis gave the shared free to the static one, the static one is left
// alone with it and the free stays: removing it would leak the other.
// RUN: memplan-opt %s --memplan-offsets="slab=global remarks=true" 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: memplan-opt %s --memplan-offsets="capacity=1048576 remarks=true" 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned:
// SHARED-NEXT: %r = memref.alloc(%n) : memref<?xf32>
// SHARED: remark: memplan-offsets: left alone: freed by 'memref.dealloc' of a value that may also be a buffer of 'memref.alloc' that memplan does not plan
// SHARED-NEXT: %s = memref.alloc() : memref<8xf32>
// SHARED-LABEL: func.func @either
// SHARED: memref.alloc(%arg0) : memref<?xf32>
// SHARED: memref.alloc() : memref<8xf32>
// SHARED: memref.dealloc %{{.*}} : memref<?xf32>
func.func @either(%n: index, %flag: i1, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = scf.if %flag -> memref<?xf32> {
    %r = memref.alloc(%n) : memref<?xf32>
    scf.yield %r : memref<?xf32>
  } else {
    %s = memref.alloc() : memref<8xf32>
    %sc = memref.cast %s : memref<8xf32> to memref<?xf32>
    scf.yield %sc : memref<?xf32>
  }
  linalg.fill ins(%one : f32) outs(%x : memref<?xf32>)
  %v = memref.load %x[%c0] : memref<?xf32>
  memref.store %v, %out[%c0] : memref<1xf32>
  memref.dealloc %x : memref<?xf32>
  return
}
