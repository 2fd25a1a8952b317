// memplan-schedule reorders a block only where its dependences allow, and
// only when the peak of live plannable bytes drops.
//
// RUN: memplan-opt %s --memplan-schedule -split-input-file | FileCheck %s
// RUN: memplan-opt %s --memplan-schedule="summary=true" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-schedule="order=keep" -split-input-file | FileCheck %s --check-prefix=KEEP
// RUN: memplan-opt %s --memplan-schedule="order=list" -split-input-file -o /dev/null
// RUN: memplan-opt %s --memplan-schedule="order=dfs" -split-input-file -o /dev/null
// RUN: memplan-opt %s --memplan-schedule="order=exact" -split-input-file -o /dev/null
// RUN: not memplan-opt %s --memplan-schedule="order=fastest" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: memplan-schedule: unknown order 'fastest' (keep, list, dfs, exact or best)

// Two chains, interleaved: each fills a 1 KiB buffer and takes 16 bytes of
// it. Finishing chain A before starting chain B halves the peak; each
// allocation moves to just before its first use.
// SUM: @two_chains: peak of live plannable bytes 2064 -> 1056; no order goes below 1056 (proven optimal); 1 of 1 blocks reordered
// CHECK-LABEL: func.func @two_chains
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK: memref.copy %{{.*}}, %[[SA:.*]] :
// CHECK: %[[B:.*]] = memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[B]]
// CHECK: memref.copy %{{.*}}, %[[SB:.*]] :
// CHECK: linalg.add ins(%[[SA]], %[[SB]]
// KEEP-LABEL: func.func @two_chains
// KEEP: memref.alloc() : memref<256xf32>
// KEEP-NEXT: memref.alloc() : memref<256xf32>
func.func @two_chains(%x: memref<256xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %sa = memref.alloc() : memref<4xf32>
  %sb = memref.alloc() : memref<4xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %sa : memref<4xf32, strided<[1]>> to memref<4xf32>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  linalg.add ins(%sa, %sb : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// -----

// As above, but chain B's first op also writes the first bytes of %a,
// through a view and a cast; chain A reads them through another view. The
// read must stay after that write, so chain B cannot wait, and nothing
// moves.
// SUM: @aliasing_views: peak of live plannable bytes 2064 -> 2064; no order goes below 2064 (proven optimal); 0 of 1 blocks reordered
// CHECK-LABEL: func.func @aliasing_views
// CHECK: memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.copy
// CHECK: linalg.generic
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32, strided<[1]>> to memref<4xf32>
#id = affine_map<(i) -> (i)>
func.func @aliasing_views(%x: memref<256xf32>, %y: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  %wa = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  %wc = memref.cast %wa : memref<4xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  %bv = memref.subview %b[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y : memref<4xf32>) outs(%bv, %wc : memref<4xf32, strided<[1]>>, memref<?xf32, strided<[1]>>) {
  ^bb0(%v: f32, %o: f32, %p: f32):
    linalg.yield %v, %v : f32, f32
  }
  %sa = memref.alloc() : memref<4xf32>
  %sb = memref.alloc() : memref<4xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %sa : memref<4xf32, strided<[1]>> to memref<4xf32>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  linalg.add ins(%sa, %sb : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// -----

// A call whose body is not visible may touch any memory: chain A's read
// stays after it, chain B's write before it.
// SUM: @call_in_between: peak of live plannable bytes 2064 -> 2064; no order goes below 2064 (proven optimal); 0 of 1 blocks reordered
// CHECK-LABEL: func.func @call_in_between
// CHECK: memref.copy
// CHECK-NEXT: memref.copy
// CHECK-NEXT: call @observe()
func.func private @observe()
func.func @call_in_between(%x: memref<256xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  func.call @observe() : () -> ()
  %sa = memref.alloc() : memref<4xf32>
  %sb = memref.alloc() : memref<4xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %sa : memref<4xf32, strided<[1]>> to memref<4xf32>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  linalg.add ins(%sa, %sb : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// -----

// A value that may be either buffer (arith.select): its read is ordered
// against every access, so nothing moves past it.
// SUM: @merged_value: peak of live plannable bytes 2064 -> 2064; no order goes below 2064 (proven optimal); 0 of 1 blocks reordered
// CHECK-LABEL: func.func @merged_value
// CHECK: memref.copy
// CHECK-NEXT: memref.copy
// CHECK-NEXT: arith.select
func.func @merged_value(%x: memref<256xf32>, %c: i1, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %m = arith.select %c, %a, %b : memref<256xf32>
  %sa = memref.alloc() : memref<4xf32>
  %sb = memref.alloc() : memref<4xf32>
  %va = memref.subview %m[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %sa : memref<4xf32, strided<[1]>> to memref<4xf32>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  linalg.add ins(%sa, %sb : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// -----

// Chain A fills its buffer in a loop and reads it in another: the loops
// move as a whole, and chain B waits for them. Their bodies are blocks of
// their own, with nothing to gain.
// SUM: @loops_move_whole: peak of live plannable bytes 2064 -> 1056; no order goes below 1056 (proven optimal); 1 of 3 blocks reordered
// CHECK-LABEL: func.func @loops_move_whole
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: memref.load %[[A]]
// CHECK: %[[B:.*]] = memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[B]]
func.func @loops_move_whole(%x: memref<256xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    memref.store %v, %a[%i] : memref<256xf32>
  }
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %sa = memref.alloc() : memref<4xf32>
  %sb = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<256xf32>
    memref.store %v, %sa[%i] : memref<4xf32>
  }
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %sb : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  linalg.add ins(%sa, %sb : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// -----

// The function's arguments may alias each other: chain B reads %x before
// chain A writes %out, so finishing chain A first, which would halve the
// peak, would read %x after the write, and nothing moves.
// SUM: @arguments_alias: peak of live plannable bytes 2048 -> 2048; no order goes below 2048 (proven optimal); 0 of 1 blocks reordered
// CHECK-LABEL: func.func @arguments_alias
// CHECK: memref.copy %arg0, %[[A:.*]] :
// CHECK-NEXT: memref.copy %arg0, %[[B:.*]] :
// CHECK-NEXT: memref.subview %[[A]]
func.func @arguments_alias(%x: memref<256xf32>, %out: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  %oa = memref.subview %out[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %oa : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  %ob = memref.subview %out[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %ob : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>>
  return
}

// -----

// A caller may pass a writable global as an argument: chain B reads @state
// before chain A writes %out, which may be @state itself, and nothing moves.
// SUM: @writable_global_may_be_argument: peak of live plannable bytes 2048 -> 2048; no order goes below 2048 (proven optimal); 0 of 1 blocks reordered
// CHECK-LABEL: func.func @writable_global_may_be_argument
// CHECK: memref.copy %[[G:.*]], %[[A:.*]] :
// CHECK-NEXT: memref.copy %[[G]], %[[B:.*]] :
// CHECK-NEXT: memref.subview %[[A]]
memref.global "private" @state : memref<256xf32> = dense<1.0>
func.func @writable_global_may_be_argument(%out: memref<256xf32>) {
  %x = memref.get_global @state : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  %oa = memref.subview %out[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %oa : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  %ob = memref.subview %out[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %ob : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>>
  return
}

// -----

// A constant global is never written, so an argument that is the same
// memory is never written either: chain A may finish first.
// SUM: @constant_global_is_not_written: peak of live plannable bytes 2048 -> 1024; no order goes below 1024 (proven optimal); 1 of 1 blocks reordered
// CHECK-LABEL: func.func @constant_global_is_not_written
// CHECK: memref.copy %[[G:.*]], %[[A:.*]] :
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
// CHECK: memref.copy %[[G]], %[[B:.*]] :
memref.global "private" constant @table : memref<256xf32> = dense<1.0>
func.func @constant_global_is_not_written(%out: memref<256xf32>) {
  %x = memref.get_global @table : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  %oa = memref.subview %out[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %oa : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  %ob = memref.subview %out[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %ob : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>>
  return
}

// -----

// The same with a fresh buffer for the result: chain A may finish first.
// SUM: @fresh_result: peak of live plannable bytes 2048 -> 1024; no order goes below 1024 (proven optimal); 1 of 1 blocks reordered
// CHECK-LABEL: func.func @fresh_result
// CHECK: memref.copy %arg0, %[[A:.*]] :
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
// CHECK: memref.copy %arg0, %[[B:.*]] :
func.func private @consume(memref<256xf32>)
func.func @fresh_result(%x: memref<256xf32>) {
  %out = memref.alloc() : memref<256xf32>
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  memref.copy %x, %b : memref<256xf32> to memref<256xf32>
  %va = memref.subview %a[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  %oa = memref.subview %out[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %va, %oa : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  %vb = memref.subview %b[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  %ob = memref.subview %out[4] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %vb, %ob : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>>
  func.call @consume(%out) : (memref<256xf32>) -> ()
  return
}

// -----

// An atomic orders memory for other threads: here iteration 0 of the forall
// writes data[0] and then publishes it through flag[0], which iteration 1
// waits for before it reads data[0]. No access moves across the atomic,
// although data and flag are different buffers: before, the store of
// data[0] went after the atomic, to lower the peak, and the reader saw
// stale bytes (found by review).
// CHECK-LABEL: func.func @publish
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[DATA:.*]][%{{.*}}] : memref<4xi64>
// CHECK-NEXT: memref.atomic_rmw assign
// CHECK: memref.load %[[DATA]]
func.func @publish(%x: memref<256xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %data = memref.alloc() : memref<4xi64>
  %flag = memref.alloc() : memref<1xi64>
  %out = memref.alloc() : memref<1xi64>
  memref.store %zero, %flag[%c0] : memref<1xi64>
  scf.forall (%it) in (2) {
    %is0 = arith.cmpi eq, %it, %c0 : index
    scf.if %is0 {
      %t = memref.alloc() : memref<256xi64>
      %u = memref.alloc() : memref<256xi64>
      memref.copy %x, %u : memref<256xi64> to memref<256xi64>
      memref.copy %x, %t : memref<256xi64> to memref<256xi64>
      %d = memref.load %t[%c1] : memref<256xi64>
      memref.store %d, %data[%c0] : memref<4xi64>
      %one = memref.load %u[%c1] : memref<256xi64>
      %old = memref.atomic_rmw assign %one, %flag[%c0] : (i64, memref<1xi64>) -> i64
      memref.dealloc %t : memref<256xi64>
      memref.dealloc %u : memref<256xi64>
    } else {
      scf.while : () -> () {
        %f = memref.atomic_rmw addi %zero, %flag[%c0] : (i64, memref<1xi64>) -> i64
        %wait = arith.cmpi eq, %f, %zero : i64
        scf.condition(%wait)
      } do {
        scf.yield
      }
      %v = memref.load %data[%c0] : memref<4xi64>
      memref.store %v, %out[%c0] : memref<1xi64>
    }
  }
  %r = memref.load %out[%c0] : memref<1xi64>
  memref.dealloc %data : memref<4xi64>
  memref.dealloc %flag : memref<1xi64>
  memref.dealloc %out : memref<1xi64>
  return %r : i64
}
