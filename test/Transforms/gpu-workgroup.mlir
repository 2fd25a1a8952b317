// Workgroup memory is shared by every work-item of a group, which run at
// their own pace: two buffers of it may share bytes only if a gpu.barrier
// that the whole group executes separates every use of one from every use
// of the other (docs/concurrency.md). Program order alone, which lets two
// buffers of one work-item share bytes, is not enough: work-item (x) may
// still read %a while work-item (y) writes %b.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size shared-spaces=3" | FileCheck %s
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size shared-spaces=3" | FileCheck %s --check-prefix=OBJECTS
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size shared-spaces=3 insert-barriers=true" | FileCheck %s --check-prefix=INSERT
// RUN: memplan-opt %s --memplan-export="file=%t.csv shared-spaces=3" -o /dev/null
// RUN: FileCheck %s --check-prefix=CSV < %t.csv

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // No barrier: %a and %b are used in one epoch and get bytes of their own.
    // CHECK-LABEL: gpu.func @no_barrier
    // CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8, #gpu.address_space<workgroup>>
    // CHECK-DAG: %[[O0:.*]] = arith.constant 0 : index
    // CHECK-DAG: %[[O64:.*]] = arith.constant 64 : index
    // CHECK: memref.view %[[SLAB]][%[[O0]]][]
    // CHECK: memref.view %[[SLAB]][%[[O64]]][]
    // With insert-barriers, one barrier between them lets them share.
    // INSERT-LABEL: gpu.func @no_barrier
    // INSERT: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<workgroup>>
    // INSERT: %[[A:.*]] = memref.view %[[SLAB]]
    // INSERT: memref.load %[[A]]
    // INSERT-NEXT: %[[B:.*]] = memref.view %[[SLAB]]
    // INSERT-NEXT: gpu.barrier
    // INSERT-NEXT: memref.store %{{.*}}, %[[B]]
    // OBJECTS-LABEL: gpu.func @no_barrier
    // OBJECTS-COUNT-2: memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<workgroup>>
    gpu.func @no_barrier(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %one, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // A barrier between %a's last read and %b's first write: they share.
    // CHECK-LABEL: gpu.func @barrier_between
    // CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<workgroup>>
    // CHECK-COUNT-2: memref.view %[[SLAB]][%{{.*}}][] : memref<64xi8
    // The barrier is there already: none is added.
    // INSERT-LABEL: gpu.func @barrier_between
    // INSERT-COUNT-1: gpu.barrier
    // INSERT-NOT: gpu.barrier
    // INSERT: gpu.return
    // OBJECTS-LABEL: gpu.func @barrier_between
    // OBJECTS-COUNT-1: memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<workgroup>>
    // OBJECTS-NOT: memref.alloc()
    // OBJECTS: gpu.return
    gpu.func @barrier_between(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %one, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %b = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // A barrier under scf.if is not executed by every work-item when the
    // condition differs between them: it separates nothing.
    // CHECK-LABEL: gpu.func @barrier_under_if
    // INSERT-LABEL: gpu.func @barrier_under_if
    // INSERT: memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<workgroup>>
    // INSERT: scf.if
    // INSERT-NEXT: gpu.barrier
    // INSERT-NEXT: }
    // INSERT-NEXT: memref.view
    // INSERT-NEXT: gpu.barrier
    // CHECK: memref.alloc() {alignment = 16 : i64} : memref<128xi8, #gpu.address_space<workgroup>>
    gpu.func @barrier_under_if(%out: memref<16xf32>, %cond: i1) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %one, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      scf.if %cond {
        gpu.barrier
      }
      %b = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // A barrier while %a is still in use separates nothing either.
    // CHECK-LABEL: gpu.func @barrier_too_early
    // CHECK: memref.alloc() {alignment = 16 : i64} : memref<128xi8, #gpu.address_space<workgroup>>
    gpu.func @barrier_too_early(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %one, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // Private memory is each work-item's own: program order holds, and the
    // two share bytes without a barrier.
    // CHECK-LABEL: gpu.func @private_space
    // CHECK: memref.alloc() {alignment = 16 : i64} : memref<64xi8, #gpu.address_space<private>>
    gpu.func @private_space(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
      memref.store %one, %a[%tx] : memref<16xf32, #gpu.address_space<private>>
      %v = memref.load %a[%c0] : memref<16xf32, #gpu.address_space<private>>
      %b = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
      memref.store %v, %b[%tx] : memref<16xf32, #gpu.address_space<private>>
      %w = memref.load %b[%c0] : memref<16xf32, #gpu.address_space<private>>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // Numbered space 3 is shared because shared-spaces=3 says so.
    // CHECK-LABEL: gpu.func @numbered_space
    // CHECK: memref.alloc() {alignment = 16 : i64} : memref<128xi8, 3>
    gpu.func @numbered_space(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<16xf32, 3>
      memref.store %one, %a[%tx] : memref<16xf32, 3>
      %v = memref.load %a[%c0] : memref<16xf32, 3>
      %b = memref.alloc() : memref<16xf32, 3>
      memref.store %v, %b[%tx] : memref<16xf32, 3>
      %w = memref.load %b[%c0] : memref<16xf32, 3>
      memref.store %w, %out[%tx] : memref<16xf32>
      gpu.return
    }

    // A device function that is not a kernel may be called by some
    // work-items only (here under scf.if): a barrier added in it would wait
    // for the others, so none is, and %a and %b keep bytes of their own.
    // INSERT-LABEL: func.func @device_helper
    // INSERT: memref.alloc() {alignment = 16 : i64} : memref<512xi8, #gpu.address_space<workgroup>>
    // INSERT-NOT: gpu.barrier
    // INSERT: return
    func.func @device_helper(%out: memref<64xf32>, %i: index) {
      %f = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%i] : memref<64xf32>
      return
    }
    gpu.func @calls_helper_in_some_items(%out: memref<64xf32>) kernel {
      %tx = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %low = arith.cmpi ult, %tx, %c32 : index
      scf.if %low {
        func.call @device_helper(%out, %tx) : (memref<64xf32>, index) -> ()
      }
      gpu.return
    }
  }
}

// Exported lifetimes of shared spaces are in epochs: one epoch without a
// barrier, two across it.
// CSV: @no_barrier/0/0,0,1,64,16
// CSV-NEXT: @no_barrier/0/1,0,1,64,16
// CSV-NEXT: @barrier_between/0/0,1,2,64,16
// CSV-NEXT: @barrier_between/0/1,2,3,64,16
