// One slab per memory space, each planned on its own.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s

// CHECK-LABEL: func.func @spaces
// CHECK-DAG: %[[S1:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8, 1>
// CHECK-DAG: %[[S0:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-DAG: memref.view %[[S0]][%{{.*}}][] : memref<16xi8> to memref<4xf32>
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<32xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<32xi8, 1> to memref<4xf32, 1>
// CHECK-NOT: memref.dealloc
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
