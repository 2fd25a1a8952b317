// scf.if and scf.while: buffers allocated in branches can be planned;
// buffers passed through scf.yield, scf.condition and iter_args are aliases
// of the results and arguments they reach.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// Each branch allocates a buffer; the one yielded out of the scf.if is read
// after it, so %kept (live before, during and after the if) must not share
// with either. The branch buffers may share with each other: only one
// branch runs, but program order keeps them apart anyway (then before else),
// which is safe.
// CHECK-LABEL: func.func @if_yields_buffer
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<48xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[O32:.*]] = arith.constant 32 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][] : memref<48xi8> to memref<4xf32>
// CHECK: scf.if
// CHECK: memref.view %[[SLAB]][%[[O16]]][] : memref<48xi8> to memref<4xf32>
// CHECK: } else {
// CHECK: memref.view %[[SLAB]][%[[O32]]][] : memref<48xi8> to memref<4xf32>
func.func @if_yields_buffer(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %kept = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%kept : memref<4xf32>)
  %r = scf.if %cond -> (memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    scf.yield %t : memref<4xf32>
  } else {
    %e = memref.alloc() : memref<4xf32>
    linalg.fill ins(%two : f32) outs(%e : memref<4xf32>)
    scf.yield %e : memref<4xf32>
  }
  linalg.add ins(%r, %kept : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// A buffer used only inside one branch dies with the branch: %after, which
// is allocated after the if, takes its bytes.
// CHECK-LABEL: func.func @branch_local
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK: scf.if
// CHECK: memref.view %[[SLAB]][%[[O0]]][]
// CHECK: }
// CHECK: memref.view %[[SLAB]][%[[O0]]][]
func.func @branch_local(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  scf.if %cond {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  }
  %after = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%after : memref<4xf32>)
  linalg.add ins(%out, %after : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// Ping-pong through scf.while: %a and %b are swapped every iteration through
// iter_args and scf.condition. Both are live for the whole loop and after
// it, so they never share; %tmp, used only in the after region, gets its own
// bytes too because %a and %b are live around it.
// CHECK-LABEL: func.func @while_ping_pong
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<48xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[O32:.*]] = arith.constant 32 : index
// CHECK: memref.view %[[SLAB]][%[[O0]]][]
// CHECK: memref.view %[[SLAB]][%[[O16]]][]
// CHECK: scf.while
// CHECK: memref.view %[[SLAB]][%[[O32]]][]
func.func @while_ping_pong(%n: i32, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  %r:3 = scf.while (%i = %c0, %x = %a, %y = %b) : (i32, memref<4xf32>, memref<4xf32>) -> (i32, memref<4xf32>, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i, %x, %y : i32, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%j: i32, %p: memref<4xf32>, %q: memref<4xf32>):
    %tmp = memref.alloc() : memref<4xf32>
    linalg.add ins(%p, %q : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
    memref.copy %tmp, %p : memref<4xf32> to memref<4xf32>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next, %q, %p : i32, memref<4xf32>, memref<4xf32>
  }
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}

// A buffer allocated in the after region and passed to the next iteration
// has two instances alive at once: left alone.
// CHECK-LABEL: func.func @while_carries_new_buffer
// CHECK: scf.while
// CHECK: memref.alloc() : memref<4xf32>
func.func @while_carries_new_buffer(%n: i32, %init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %x = %init) : (i32, memref<4xf32>) -> (i32, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i, %x : i32, memref<4xf32>
  } do {
  ^bb0(%j: i32, %p: memref<4xf32>):
    // expected-remark @below {{memplan-offsets: left alone: may outlive one iteration of 'scf.while'}}
    %fresh = memref.alloc() : memref<4xf32>
    linalg.add ins(%p, %p : memref<4xf32>, memref<4xf32>) outs(%fresh : memref<4xf32>)
    %next = arith.addi %j, %c1 : i32
    scf.yield %next, %fresh : i32, memref<4xf32>
  }
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}
