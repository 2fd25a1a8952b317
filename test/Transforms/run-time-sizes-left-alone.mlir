// Where a size known only at run time cannot be planned, the buffer is left
// alone and the remark says why: the size is no polynomial of the
// arguments (loaded, computed in a loop), the buffer escapes (that reason
// wins), or the run cannot make a slab sized at run time (the
// shared-objects pass, slab=global, a memory space with a capacity).

// RUN: memplan-opt %s --memplan-offsets="remarks=true summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFSETS
// RUN: memplan-opt %s --memplan-shared-objects="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS
// RUN: memplan-opt %s --memplan-offsets="remarks=true slab=global" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: memplan-opt %s --memplan-offsets="remarks=true summary=true slab=argument" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARGUMENT
// RUN: memplan-opt %s --memplan-offsets="remarks=true capacity=1048576" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAPACITY

// OFFSETS: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a value computed by 'memref.load'
// OFFSETS: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a block argument that is not one of the function's
// OFFSETS: remark: memplan-offsets: left alone: returned from the function
// OFFSETS-NEXT: %returned = memref.alloc(%n)
// OFFSETS: @sizes: planned 1 of 4 buffers (3 left alone: 2 dynamic-shape, 1 returned; 1 of run-time size)

// OBJECTS: remark: memplan-shared-objects: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned: memplan-shared-objects plans sizes known at compile time only)
// OBJECTS-NEXT: %planned = memref.alloc(%n)

// GLOBAL: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned: slab=global: a global's size is fixed at compile time)
// GLOBAL-NEXT: %planned = memref.alloc(%n)

// Under slab=argument the private @callee takes its arena from @sizes,
// which allocates the bytes @__memplan_arena_size_callee computes (e2e 55)
// and plans that arena with its own buffer: both sized at run time.
// ARGUMENT: @callee: planned 1 of 1 buffers (0 left alone; 1 of run-time size)
// ARGUMENT: @sizes: planned 2 of 5 buffers (3 left alone: 2 dynamic-shape, 1 returned; 2 of run-time size)

// CAPACITY: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned: its memory space has a capacity, which a size known only at run time cannot be held to)
// CAPACITY-NEXT: %planned = memref.alloc(%n)

func.func @sizes(%n: index, %sizes: memref<4xindex>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %loaded = memref.load %sizes[%c0] : memref<4xindex>
  %fromMemory = memref.alloc(%loaded) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%fromMemory : memref<?xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %inLoop = memref.alloc(%i) : memref<?xf32>
    linalg.fill ins(%one : f32) outs(%inLoop : memref<?xf32>)
    memref.dealloc %inLoop : memref<?xf32>
  }
  %planned = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%planned : memref<?xf32>)
  memref.dealloc %planned : memref<?xf32>
  memref.dealloc %fromMemory : memref<?xf32>
  %returned = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%returned : memref<?xf32>)
  call @callee(%n) : (index) -> ()
  return %returned : memref<?xf32>
}

func.func private @callee(%n: index) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<?xf32>)
  memref.dealloc %t : memref<?xf32>
  return
}
