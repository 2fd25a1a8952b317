// A buffer used inside a loop is live for the whole loop; buffers allocated
// in a loop body may share bytes with each other, but never with anything
// live across the loop.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// %a's last use in the body comes before %b is allocated, but the next
// iteration reads %a again: they must not share bytes.
// CHECK-LABEL: func.func @outer_buffer_used_at_body_start
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<32xi8> to memref<4xf32>
// CHECK: scf.for
// CHECK:   memref.view %[[SLAB]][%[[O16]]][] : memref<32xi8> to memref<4xf32>
// CHECK-NOT: memref.dealloc
func.func @outer_buffer_used_at_body_start(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
    linalg.add ins(%out, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  }
  return
}

// %c and %d live one after the other in each iteration and share bytes.
// %e is allocated before the loop and read after it, so it is live across
// the loop and shares with neither. %early dies before %e is allocated and
// shares %e's bytes.
// CHECK-LABEL: func.func @body_buffers_share
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O64:.*]] = arith.constant 64 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
// CHECK: memref.view %[[SLAB]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
func.func @body_buffers_share(%n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %early = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%early : memref<16xf32>)
  memref.copy %early, %out : memref<16xf32> to memref<16xf32>
  %e = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%e : memref<16xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %c = memref.alloc() : memref<16xf32>
    linalg.fill ins(%one : f32) outs(%c : memref<16xf32>)
    linalg.add ins(%out, %c : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
    %d = memref.alloc() : memref<16xf32>
    memref.copy %out, %d : memref<16xf32> to memref<16xf32>
    linalg.add ins(%out, %d : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  }
  linalg.add ins(%out, %e : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// In a nested loop, %outer (allocated in the outer body and read at the
// start of the inner body) stays live for the whole inner loop, so %inner
// cannot take its bytes.
// CHECK-LABEL: func.func @nested_loops
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<32xi8> to memref<4xf32>
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][%[[O16]]][] : memref<32xi8> to memref<4xf32>
func.func @nested_loops(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %outer = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%outer : memref<4xf32>)
    scf.for %j = %c0 to %n step %c1 {
      linalg.add ins(%out, %outer : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
      %inner = memref.alloc() : memref<4xf32>
      linalg.fill ins(%one : f32) outs(%inner : memref<4xf32>)
      linalg.add ins(%out, %inner : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
    }
  }
  return
}

// A buffer allocated in the body and carried to the next iteration through
// iter_args has two instances alive at once: it is left alone. %init, the
// initial value, is allocated once, outside the loop, and is planned.
// CHECK-LABEL: func.func @loop_carried
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[SLAB]]
// CHECK: scf.for
// CHECK: memref.alloc() : memref<4xf32>
func.func @loop_carried(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%init : memref<4xf32>)
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> (memref<4xf32>) {
    // expected-remark @below {{memplan-offsets: left alone: may outlive one iteration of 'scf.for'}}
    %next = memref.alloc() : memref<4xf32>
    linalg.add ins(%prev, %prev : memref<4xf32>, memref<4xf32>) outs(%next : memref<4xf32>)
    scf.yield %next : memref<4xf32>
  }
  memref.copy %last, %out : memref<4xf32> to memref<4xf32>
  return
}

// Parallel loops run iterations at once: the buffers of a body go into a
// slab that each iteration allocates at the start of the body and frees at
// its end, never into the function's slab.
// CHECK-LABEL: func.func @parallel
// CHECK: scf.parallel
// CHECK-NEXT: %[[PSLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[PSLAB]]
// CHECK-NOT: memref.dealloc
// CHECK: scf.reduce
// CHECK: scf.forall
// CHECK-NEXT: %[[FSLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[FSLAB]]
// CHECK-NOT: memref.dealloc
// CHECK: }
func.func @parallel(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    scf.reduce
  }
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  }
  return
}

// A reduction region runs after the body, past the free of the iteration's
// slab: %seen, which the reduction reads, is left alone; %scratch, which it
// does not read, is in the slab. (The function frees %held, so the slabs
// are freed too.)
// CHECK-LABEL: func.func @parallel_reduce_reads_body_buffer
// CHECK: scf.parallel
// CHECK-NEXT: %[[RSLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[RSLAB]]
// CHECK: %[[SEEN:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.dealloc %[[RSLAB]]
// CHECK-NEXT: scf.reduce
// CHECK: memref.load %[[SEEN]]
func.func @parallel_reduce_reads_body_buffer(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %held = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%held : memref<4xf32>)
  %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %scratch = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%scratch : memref<4xf32>)
    %x = memref.load %scratch[%c0] : memref<4xf32>
    // expected-remark @below {{memplan-offsets: left alone: used by 'scf.reduce', which ends the parallel region of 'scf.parallel' after the iteration's slab is freed}}
    %seen = memref.alloc() : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%seen : memref<4xf32>)
    scf.reduce(%x : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %w = memref.load %seen[%c0] : memref<4xf32>
      %s = arith.addf %lhs, %rhs : f32
      %t = arith.addf %s, %w : f32
      scf.reduce.return %t : f32
    }
  }
  memref.dealloc %held : memref<4xf32>
  return %sum : f32
}

// Nested parallel loops: each buffer belongs to the iterations of the
// innermost parallel loop around it. The outer body's %o, live across the
// inner loop, is in the outer iteration's slab; the inner body's %in in the
// inner iteration's.
// CHECK-LABEL: func.func @nested_parallel
// CHECK: scf.forall
// CHECK-NEXT: %[[OUTER:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: %[[O:.*]] = memref.view %[[OUTER]]
// CHECK: scf.parallel
// CHECK-NEXT: %[[INNER:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK: memref.view %[[INNER]]
// CHECK-NOT: memref.dealloc
// CHECK: scf.reduce
// CHECK-NOT: memref.dealloc
// CHECK: }
func.func @nested_parallel(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%i) in (%n) {
    %o = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%o : memref<4xf32>)
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %in = memref.alloc() : memref<8xf32>
      linalg.fill ins(%one : f32) outs(%in : memref<8xf32>)
      %v = memref.load %o[%c0] : memref<4xf32>
      memref.store %v, %in[%c0] : memref<8xf32>
      scf.reduce
    }
  }
  return
}
