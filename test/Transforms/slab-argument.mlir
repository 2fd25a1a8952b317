// slab=argument: a private function called only by func.call takes one
// trailing argument per memory space (per object for shared objects), with
// its size and alignment as argument attributes; each call passes a buffer
// that the caller plans like its own. Public functions allocate.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument space-alignment=1:64" 2>/dev/null | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func private @callee
// CHECK-SAME: %[[A1:[^:]*]]: memref<16xi8, 1> {memplan.slab_alignment = 64 : i64, memplan.slab_size = 16 : i64}
// CHECK-SAME: %[[A0:[^:]*]]: memref<16xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size = 16 : i64}
// CHECK-NOT: memref.alloc
// CHECK-DAG: memref.view %[[A0]]
// CHECK-DAG: memref.view %[[A1]]
// CHECK: return

// The caller's slabs hold the callee's arenas, in their own spaces.
// CHECK-LABEL: func.func @caller
// CHECK-DAG: %[[S1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xi8, 1>
// CHECK-DAG: %[[S0:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-DAG: %[[V1:.*]] = memref.view %[[S1]][%{{.*}}][] : memref<16xi8, 1> to memref<16xi8, 1>
// CHECK-DAG: %[[V0:.*]] = memref.view %[[S0]][%{{.*}}][] : memref<16xi8> to memref<16xi8>
// CHECK: call @callee(%{{.*}}, %[[V1]], %[[V0]])
// CHECK-DAG: %[[W1:.*]] = memref.view %[[S1]][%{{.*}}][] : memref<16xi8, 1> to memref<16xi8, 1>
// CHECK-DAG: %[[W0:.*]] = memref.view %[[S0]][%{{.*}}][] : memref<16xi8> to memref<16xi8>
// CHECK: call @callee(%{{.*}}, %[[W1]], %[[W0]])
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc

// REMARK: remark: memplan-offsets: slab=argument: allocating the slabs of this function instead, because it is public: callers outside the module would not pass a slab
// REMARK-NEXT: func.func @caller

func.func private @callee(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1>
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%x, %x : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

func.func @caller(%out: memref<4xf32>) {
  call @callee(%out) : (memref<4xf32>) -> ()
  call @callee(%out) : (memref<4xf32>) -> ()
  return
}
