// The arena options' errors, and what arenas refuse.

// RUN: not memplan-opt %s --memplan-shared-objects="arenas=sram:64,psram" 2>&1 | FileCheck %s --check-prefix=OBJECTS
// OBJECTS: error: memplan-shared-objects: arenas: shared objects are not divided into arenas; memplan-offsets plans arenas
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram,psram" 2>&1 | FileCheck %s --check-prefix=UNBOUNDED
// UNBOUNDED: error: memplan-offsets: arenas: only the last arena may have no capacity; 'sram' has none
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:64,psram arena-choice=size" 2>&1 | FileCheck %s --check-prefix=CHOICE
// CHOICE: error: memplan-offsets: arena-choice must be best, traffic, accessed or fall-through, not 'size'
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:64,psram capacity=100" 2>&1 | FileCheck %s --check-prefix=CAPACITY
// CAPACITY: error: memplan-offsets: arenas: memory space 0 has a capacity too; the arenas' capacities are its limits
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:64,psram arena-space=2 space-capacity=2:100" 2>&1 | FileCheck %s --check-prefix=CAPACITY2
// CAPACITY2: error: memplan-offsets: arenas: memory space 2 has a capacity too
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:64,psram arena-space=3 shared-spaces=3" 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: error: memplan-offsets: arenas: memory space 3 is shared by a GPU group
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:64,psram apply=%t.csv" 2>&1 | FileCheck %s --check-prefix=APPLY
// APPLY: error: memplan-offsets: apply cannot be used with arenas

// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:256,psram:512" 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:2048,tcm:64,psram" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:2048,tcm:64,psram remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The last arena has a capacity and cannot hold what the first leaves.
// FULL: error: memplan-offsets: planning failed: the buffers left for arena 'psram' take 1024 bytes, above its capacity of 512 bytes
func.func @full() {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<256xf32>
  memref.store %v, %b[%c0] : memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// What `memplan.arena` asks for must exist and fit.
// FULL: error: memplan-offsets: planning failed: the allocation at {{.*}}arenas-errors.mlir{{.*}} asks for arena 'tcm', which arenas does not name
func.func @unknown() {
  %a = memref.alloc() {memplan.arena = "tcm"} : memref<16xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// FULL: error: memplan-offsets: planning failed: the buffers required in arena 'sram' take 512 bytes, above its capacity of 256 bytes
func.func @crowded() {
  %a = memref.alloc() {memplan.arena = "sram"} : memref<64xf32>
  %b = memref.alloc() {memplan.arena = "sram"} : memref<64xf32>
  memref.copy %a, %b : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// A size known only at run time cannot be held to a capacity.
// REMARK: remark: memplan-offsets: left alone: {{.*}}its memory space is divided into arenas of fixed capacity, planned at sizes known at compile time only
func.func @dynamic(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// `memplan.arena` is honoured in the function's slab only; on an alloca
// it is an error, as is a name arenas does not give.
// STACK: error: memplan-offsets: planning failed: the allocation at {{.*}} asks for arena 'sram', but arenas divide the function's slab of memory space 0 only, and it is an alloca, planned into a stack slab
func.func @stack(%in: memref<16xf32>) {
  %a = memref.alloca() {memplan.arena = "sram"} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  return
}
