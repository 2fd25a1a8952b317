// space-alignment raises the minimum alignment of the buffers of numbered
// memory spaces, and so of their slabs; the default space keeps `alignment`.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size space-alignment=1:64" | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=32 space-alignment=2:8" | FileCheck %s --check-prefix=LOWER
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size space-alignment=1:128" | FileCheck %s --check-prefix=OBJ
// RUN: not memplan-opt %s --memplan-offsets="space-alignment=1:48" 2>&1 | FileCheck %s --check-prefix=BAD

// The two live space-1 buffers sit 64 bytes apart.
// CHECK-LABEL: func.func @spaces
// CHECK-DAG: %[[S1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<80xi8, 1>
// CHECK-DAG: %[[S0:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<80xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S1]][%[[C64]]][] : memref<80xi8, 1> to memref<4xf32, 1>

// A space alignment below `alignment` does not lower it.
// LOWER-DAG: memref.alloc() {alignment = 32 : i64} : memref<48xi8, 1>
// LOWER-DAG: memref.alloc() {alignment = 32 : i64} : memref<16xi8>

// OBJ-COUNT-2: memref.alloc() {alignment = 128 : i64} : memref<16xi8, 1>

// BAD: memplan-offsets: space-alignment: 48 for memory space 1 is not a power of two

func.func @spaces(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1>
  %y = memref.alloc() : memref<4xf32, 1>
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%x, %y : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}
