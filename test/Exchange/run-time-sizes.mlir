// memplan-export{run-time-sizes=true} writes the buffers whose sizes are
// polynomials of their function's arguments with those sizes, over symbols
// named after the function, so that memplan-solve plans the problem for
// every value and gives its figures at chosen sizes. Without the option
// (and for apply, which plans sizes known at compile time only) they are
// not written.

// RUN: memplan-opt %s --memplan-export="file=%t.csv run-time-sizes=true" -o /dev/null
// RUN: FileCheck %s --input-file=%t.csv --match-full-lines
// RUN: memplan-solve %t.csv --size-points=1,1000 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOLVE
// RUN: memplan-opt %s --memplan-export=%t.static.csv -o /dev/null
// RUN: FileCheck %s --input-file=%t.static.csv --check-prefix=STATIC --match-full-lines

// CHECK:      id,lower,upper,size,alignment
// CHECK-NEXT: @layers/0/0,{{[0-9]+}},{{[0-9]+}},256*layers_arg0_d0,16
// CHECK-NEXT: @layers/0/1,{{[0-9]+}},{{[0-9]+}},64,16
// CHECK-NEXT: @layers/0/2,{{[0-9]+}},{{[0-9]+}},256*layers_arg0_d0,16
// CHECK-NEXT: @other/0/0,{{[0-9]+}},{{[0-9]+}},4*other_arg0,16
// CHECK-EMPTY:

// SOLVE: sizes over layers_arg0_d0, other_arg0
// SOLVE: at 1:        slab 576 bytes; lower bound 576;
// SOLVE: at 1000:     slab 512064 bytes; lower bound 512064;

// STATIC:      id,lower,upper,size,alignment
// STATIC-NEXT: @layers/0/0,{{[0-9]+}},{{[0-9]+}},64,16
// STATIC-EMPTY:

func.func @layers(%x: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  %a = memref.alloc(%n) : memref<?x64xf32>
  %s = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%s : memref<16xf32>)
  linalg.copy ins(%x : memref<?x64xf32>) outs(%a : memref<?x64xf32>)
  %b = memref.alloc(%n) : memref<?x64xf32>
  linalg.copy ins(%a : memref<?x64xf32>) outs(%b : memref<?x64xf32>)
  linalg.copy ins(%b : memref<?x64xf32>) outs(%x : memref<?x64xf32>)
  %v = memref.load %s[%c0] : memref<16xf32>
  memref.store %v, %x[%c0, %c0] : memref<?x64xf32>
  memref.dealloc %a : memref<?x64xf32>
  memref.dealloc %b : memref<?x64xf32>
  memref.dealloc %s : memref<16xf32>
  return
}

func.func @other(%n: index) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<?xf32>)
  memref.dealloc %t : memref<?xf32>
  return
}

// accessed-bytes=true adds the traffic through each buffer.
// RUN: memplan-opt %s --memplan-export="file=%t.accessed.csv accessed-bytes=true" -o /dev/null
// RUN: FileCheck %s --input-file=%t.accessed.csv --check-prefix=ACCESSED --match-full-lines
// ACCESSED:      id,lower,upper,size,alignment,accessed
// ACCESSED-NEXT: @layers/0/0,{{[0-9]+}},{{[0-9]+}},64,16,{{[1-9][0-9]*}}
// ACCESSED-EMPTY:
