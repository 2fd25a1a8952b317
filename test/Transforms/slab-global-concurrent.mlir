// slab=global gives a function one slab that every call shares, so no
// function that may run on several threads or work-items at once gets one:
// those called, directly or through other functions, from a parallel loop,
// an OpenMP region, async work, a GPU function or a region op whose control
// flow is unknown, and those whose address such code may call through. They
// allocate their slabs instead, with a remark naming the parallel caller.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" -verify-diagnostics | FileCheck %s
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size slab=global" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS

// OBJECTS: remark: memplan-shared-objects: slab=global: allocating the slabs of this function instead, because it may run on several threads at once: it is called from inside 'scf.forall' in @forall_caller

// Called from an scf.forall: its slab is allocated per call.
// CHECK-LABEL: func.func private @forall_callee
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NOT: memref.get_global
// expected-remark @below {{slab=global: allocating the slabs of this function instead, because it may run on several threads at once: it is called from inside 'scf.forall' in @forall_caller}}
func.func private @forall_callee(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  memref.store %v, %b[%c0] : memref<8xf32>
  %w = memref.load %b[%c0] : memref<8xf32>
  return %w : f32
}

// The caller's own buffer, live across its loop, may be in a global: one
// thread runs the caller.
// CHECK-LABEL: func.func @forall_caller
// CHECK: memref.get_global @__memplan_slab_forall_caller
func.func @forall_caller(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.0 : f32
  memref.store %one, %t[%c0] : memref<4xf32>
  scf.forall (%i) in (%n) {
    %x = memref.load %t[%c0] : memref<4xf32>
    %r = func.call @forall_callee(%x) : (f32) -> f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}

// Two levels down from an scf.parallel: both allocate.
// CHECK-LABEL: func.func private @deep_leaf
// CHECK-NOT: memref.get_global
// expected-remark @below {{because it may run on several threads at once: it is called from @deep_middle, which is called from inside 'scf.parallel' in @deep_caller}}
func.func private @deep_leaf(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @deep_middle
// CHECK-NOT: memref.get_global
// CHECK-LABEL: func.func @deep_caller
// expected-remark @below {{because it may run on several threads at once: it is called from inside 'scf.parallel' in @deep_caller}}
func.func private @deep_middle(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  %r = func.call @deep_leaf(%v) : (f32) -> f32
  return %r : f32
}

func.func @deep_caller(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %r = func.call @deep_middle(%one) : (f32) -> f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// Async work may run beside the code after it.
// expected-remark @below {{because it may run on several threads at once: it is called from inside 'async.execute' in @async_caller}}
func.func private @async_callee(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @async_caller(%x: f32) {
  %token = async.execute {
    %r = func.call @async_callee(%x) : (f32) -> f32
    async.yield
  }
  async.await %token : !async.token
  return
}

// OpenMP.
// expected-remark @below {{because it may run on several threads at once: it is called from inside 'omp.parallel' in @omp_caller}}
func.func private @omp_callee(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @omp_caller(%x: f32) {
  omp.parallel {
    %r = func.call @omp_callee(%x) : (f32) -> f32
    omp.terminator
  }
  return
}

// affine.parallel describes its control flow with no interface memplan
// reads: unknown, so concurrent.
// expected-remark @below {{because it may run on several threads at once: it is called from inside 'affine.parallel' in @affine_caller}}
func.func private @affine_callee(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @affine_caller(%x: f32, %out: memref<16xf32>) {
  affine.parallel (%i) = (0) to (16) {
    %r = func.call @affine_callee(%x) : (f32) -> f32
    memref.store %r, %out[%i] : memref<16xf32>
  }
  return
}

// A call through a pointer inside a parallel loop may reach any function
// whose address is taken.
// CHECK-LABEL: func.func private @pointer_target
// CHECK-NOT: memref.get_global
// CHECK-LABEL: func.func @pointer_caller
// expected-remark @below {{because it may run on several threads at once: it is called through a pointer from inside 'scf.forall' in @pointer_caller}}
func.func private @pointer_target(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @pointer_caller(%n: index, %x: f32) {
  %f = func.constant @pointer_target : (f32) -> f32
  scf.forall (%i) in (%n) {
    %r = func.call_indirect %f(%x) : (f32) -> f32
  }
  return
}

// Called from a sequential loop only, and from the concurrent function's
// caller outside its loop: one thread at a time, so a global slab.
// CHECK-LABEL: func.func private @sequential_callee
// CHECK: memref.get_global @__memplan_slab_sequential_callee
func.func private @sequential_callee(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @sequential_caller(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = func.call @sequential_callee(%x) : (f32) -> f32
  }
  return
}
