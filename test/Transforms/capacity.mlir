// capacity and space-capacity: a function whose planned buffers cannot fit
// is an error naming the function, the memory space, the best size found
// and the lower bound, and no function of the module is rewritten. exact is
// tried with the capacity before giving up.

// @fits needs 16 bytes in the default space; @spaces needs 16 in the default
// space and at least 32 in space 1.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size capacity=32 space-capacity=1:32" | FileCheck %s --check-prefix=FITS
// RUN: not memplan-opt %s --memplan-offsets="strategy=greedy-size capacity=8" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not memplan-opt %s --memplan-offsets="strategy=greedy-size space-capacity=1:16,2:4" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=SPACE1
// RUN: memplan-opt %s --memplan-offsets="strategy=naive space-capacity=1:32 summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: not memplan-opt %s --memplan-shared-objects="strategy=greedy-size space-capacity=1:16" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size capacity=16 space-capacity=1:32" | FileCheck %s --check-prefix=OBJFITS
// RUN: not memplan-opt %s --memplan-offsets="space-capacity=1" 2>&1 | FileCheck %s --check-prefix=BADMAP
// RUN: not memplan-opt %s --memplan-offsets="space-capacity=0:64" 2>&1 | FileCheck %s --check-prefix=BADZERO
// RUN: not memplan-opt %s --memplan-offsets="space-capacity=1:64,1:32" 2>&1 | FileCheck %s --check-prefix=BADTWICE

// FITS-LABEL: func.func @fits
// FITS: memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// FITS-LABEL: func.func @spaces
// FITS: memref.alloc() {alignment = 16 : i64} : memref<32xi8, 1>

// Both functions fail in the default space; neither is rewritten.
// DEFAULT-DAG: error: memplan-offsets: @fits: the default memory space does not fit its capacity of 8 bytes: the best slab found takes 16 bytes, the lower bound is 16 bytes; exact proved that no plan fits
// DEFAULT-DAG: error: memplan-offsets: @spaces: the default memory space does not fit its capacity of 8 bytes: the best slab found takes 16 bytes, the lower bound is 16 bytes; exact proved that no plan fits
// DEFAULT: IR Dump After MemPlanOffsets Failed
// DEFAULT-NOT: memref.view
// DEFAULT-NOT: xi8

// Only @spaces fails; @fits, planned without error, is not rewritten either.
// SPACE1: error: memplan-offsets: @spaces: memory space 1 does not fit its capacity of 16 bytes: the best slab found takes 32 bytes, the lower bound is 32 bytes; exact proved that no plan fits
// SPACE1-NOT: error
// SPACE1: IR Dump After MemPlanOffsets Failed
// SPACE1-LABEL: func.func @fits
// SPACE1-NEXT: arith.constant
// SPACE1-NEXT: memref.alloc() : memref<4xf32>
// SPACE1-NOT: memref.view
// SPACE1-NOT: xi8


// naive puts x and y of space 1 apart (48 bytes with z); exact finds 32.
// EXACT: remark: memplan-offsets: @spaces: planned 4 of 4 buffers (0 left alone) into 2 slabs of 48 bytes in all using naive; naive 64 bytes, lower bound 48 bytes ([memory space 1] fits the capacity of 32 bytes thanks to exact)

// OBJ: error: memplan-shared-objects: @spaces: memory space 1 does not fit its capacity of 16 bytes: the best objects found take 32 bytes in all, the lower bound is 32 bytes; no plan fits below it{{$}}
// OBJ: IR Dump After MemPlanSharedObjects Failed
// OBJ-NOT: memref.view

// OBJFITS-LABEL: func.func @spaces
// OBJFITS-COUNT-2: memref.alloc() {alignment = 16 : i64} : memref<16xi8, 1>

// BADMAP: memplan-offsets: space-capacity: '1' is not SPACE:VALUE
// BADZERO: memplan-offsets: space-capacity: memory space 0 is the default space, which the option without 'space-' sets
// BADTWICE: memplan-offsets: space-capacity: memory space 1 is given twice

func.func @fits(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  memref.dealloc %z : memref<4xf32>
  return
}

// x and y live together; w only after both are dead.
func.func @spaces(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1>
  %y = memref.alloc() : memref<4xf32, 1>
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%x, %y : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  %w = memref.alloc() : memref<4xf32, 1>
  linalg.add ins(%x, %x : memref<4xf32, 1>, memref<4xf32, 1>) outs(%w : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
