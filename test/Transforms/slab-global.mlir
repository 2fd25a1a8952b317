// slab=global: each slab (or object) is a private, uninitialized
// memref.global taken with memref.get_global; nothing is allocated or freed.
// Names say the function, the memory space (and an object's index in the
// report) and never clash: a name that is taken gets a suffix.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | FileCheck %s
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size slab=global" | FileCheck %s --check-prefix=OBJ
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=alloc" | FileCheck %s --check-prefix=ALLOC
// RUN: not memplan-opt %s --memplan-offsets="slab=stack" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: memplan-offsets: slab must be alloc, global or argument, not 'stack'

// The name the pass would pick is taken, so its global gets another.
// CHECK-DAG: memref.global "private" @__memplan_slab_spaces : memref<4xi8> = uninitialized{{$}}
// CHECK-DAG: memref.global "private" @[[G0:__memplan_slab_spaces_[0-9]+]] : memref<16xi8> = uninitialized {alignment = 16 : i64}
// CHECK-DAG: memref.global "private" @[[G1:__memplan_slab_spaces_space1]] : memref<32xi8, 1> = uninitialized {alignment = 16 : i64}
// CHECK-LABEL: func.func @spaces
// CHECK-DAG: %[[S0:.*]] = memref.get_global @[[G0]] : memref<16xi8>
// CHECK-DAG: %[[S1:.*]] = memref.get_global @[[G1]] : memref<32xi8, 1>
// CHECK-NOT: memref.alloc
// CHECK-DAG: memref.view %[[S0]][%{{.*}}][] : memref<16xi8> to memref<4xf32>
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<32xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S1]][%{{.*}}][] : memref<32xi8, 1> to memref<4xf32, 1>
// CHECK-NOT: memref.dealloc
// CHECK: return

// Shared objects: one global per object, named by its index in the report.
// OBJ-DAG: memref.global "private" @[[O0:__memplan_object_spaces_0]] : memref<16xi8> = uninitialized {alignment = 16 : i64}
// OBJ-DAG: memref.global "private" @[[O1:__memplan_object_spaces_space1_0]] : memref<16xi8, 1> = uninitialized {alignment = 16 : i64}
// OBJ-DAG: memref.global "private" @[[O2:__memplan_object_spaces_space1_1]] : memref<16xi8, 1> = uninitialized {alignment = 16 : i64}
// OBJ-LABEL: func.func @spaces
// OBJ-DAG: memref.get_global @[[O0]] : memref<16xi8>
// OBJ-DAG: memref.get_global @[[O1]] : memref<16xi8, 1>
// OBJ-DAG: memref.get_global @[[O2]] : memref<16xi8, 1>
// OBJ-NOT: memref.alloc
// OBJ-NOT: memref.dealloc
// OBJ: return

// A memory space that is not an integer is spelled out in the name.
// CHECK-DAG: memref.global "private" @[[W:__memplan_slab_workgroup_space_gpu_address_space_workgroup]] : memref<16xi8, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
// CHECK-LABEL: func.func @workgroup
// CHECK: memref.get_global @[[W]]
// OBJ-DAG: memref.global "private" @__memplan_object_workgroup_space_gpu_address_space_workgroup_0 : memref<16xi8, #gpu.address_space<workgroup>>

// ALLOC-NOT: = uninitialized {alignment
// ALLOC-LABEL: func.func @spaces
// ALLOC: memref.alloc() {alignment = 16 : i64} : memref<
// ALLOC-NOT: memref.dealloc
// ALLOC: return

memref.global "private" @__memplan_slab_spaces : memref<4xi8> = uninitialized

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

func.func @workgroup(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, #gpu.address_space<workgroup>>)
  memref.copy %x, %out : memref<4xf32, #gpu.address_space<workgroup>> to memref<4xf32>
  return
}

// A function in a nested module keeps an allocated slab, with a remark; it
// frees its buffer, so the slab is freed too.
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: remark: memplan-offsets: slab=global: allocating the slabs of this function instead, because it is not directly in the module
// NESTED-LABEL: func.func @nested
// NESTED: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// NESTED: memref.dealloc %[[SLAB]]
// NESTED-NEXT: return
module @inner {
  func.func @nested(%out: memref<4xf32>) {
    %one = arith.constant 1.0 : f32
    %z = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
    linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
    memref.dealloc %z : memref<4xf32>
    return
  }
}
