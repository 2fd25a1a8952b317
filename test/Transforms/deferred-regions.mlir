// Regions that may run after their op returns: OpenMP tasks and target
// regions, and OpenACC constructs (which may be `async`). Program order
// says nothing about when their uses happen, so a buffer allocated or used
// inside one is left alone; the callees of their loops may run on several
// threads at once, so slab=global does not give them a global slab. The
// other buffers are still planned.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GLOBAL

func.func @task(%out: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %c11 = arith.constant 11 : i64
  // expected-remark @below {{memplan-offsets: left alone: used inside 'omp.task', which may run after it returns}}
  %a = memref.alloc() : memref<2xi64>
  memref.store %c11, %a[%c0] : memref<2xi64>
  omp.task {
    %v = memref.load %a[%c0] : memref<2xi64>
    memref.store %v, %out[%c0] : memref<2xi64>
    omp.terminator
  }
  %b = memref.alloc() : memref<2xi64>
  memref.store %c11, %b[%c0] : memref<2xi64>
  %w = memref.load %b[%c0] : memref<2xi64>
  memref.store %w, %out[%c0] : memref<2xi64>
  omp.taskwait
  memref.dealloc %a : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return
}

func.func @acc_regions(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-remark @below {{memplan-offsets: left alone: used inside 'acc.parallel', which may run after it returns}}
  %used = memref.alloc() : memref<16xf32>
  acc.parallel {
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'acc.parallel', which may run after it returns}}
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%c0] : memref<16xf32>
    memref.store %f, %used[%c0] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    acc.yield
  }
  acc.serial {
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'acc.serial', which may run after it returns}}
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%c0] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    acc.yield
  }
  acc.kernels {
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'acc.kernels', which may run after it returns}}
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%c0] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    acc.terminator
  }
  memref.dealloc %used : memref<16xf32>
  return
}

// Every iteration of the acc.loop calls @tmp, maybe at once.
// GLOBAL: remark: memplan-offsets: slab=global: allocating the slabs of this function instead, because it may run on several threads at once: it is called from inside 'acc.loop' in @acc_loop
// GLOBAL-NEXT: func.func private @tmp
// CHECK-LABEL: func.func private @tmp
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK-NOT: memref.get_global
func.func private @tmp(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<16xf32>
  memref.store %x, %t[%c0] : memref<16xf32>
  %v = memref.load %t[%c0] : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return %v : f32
}

func.func @acc_loop(%out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  acc.parallel {
    acc.loop gang control(%i : index) = (%c0 : index) to (%c64 : index) step (%c1 : index) {
      %fi = arith.index_cast %i : index to i32
      %f = arith.sitofp %fi : i32 to f32
      %v = func.call @tmp(%f) : (f32) -> f32
      memref.store %v, %out[%i] : memref<64xf32>
      acc.yield
    } attributes {independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}
