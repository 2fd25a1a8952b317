// Ops of no registered dialect (-allow-unregistered-dialect): a buffer an
// unknown op takes, directly or through a view, or that is allocated or
// used inside an unknown op's region (which it may keep and run later), is
// left alone with a remark; the other buffers of the function are still
// planned. An unknown op that touches no buffer
// changes nothing.
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets="strategy=greedy-size remarks=true summary=true" -verify-diagnostics -o /dev/null
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-shared-objects=greedy-size | FileCheck %s --check-prefix=OBJECTS
// memplan-schedule leaves the regions of unknown ops alone and keeps every
// op that touches memory on its side of an unknown op.
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-schedule --memplan-offsets=greedy-size | FileCheck %s
// Without the flag the input is refused before any pass runs.
// RUN: not memplan-opt %s --memplan-offsets=greedy-size 2>&1 | FileCheck %s --check-prefix=REFUSED

// REFUSED: error: {{.*}}unregistered{{.*}}

// CHECK-LABEL: func.func @unknown_ops
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]]
// CHECK: "test.opaque"() : () -> ()
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.copy %{{.*}}, %[[B]]
// CHECK: %[[TAKEN:.*]] = memref.alloc() : memref<4xf32>
// CHECK: "test.take"(%[[TAKEN]])
// CHECK: %[[VIEWED:.*]] = memref.alloc() : memref<8xf32>
// CHECK: "test.take_view"(
// CHECK: %[[PRODUCED:.*]] = memref.alloc() : memref<4xf32>
// CHECK: "test.produce"(%[[PRODUCED]])
// CHECK: "test.region"() ({
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: })
// CHECK: memref.view %[[SLAB]]
// CHECK-NOT: memref.dealloc
// CHECK: return

// OBJECTS-LABEL: func.func @unknown_ops
// OBJECTS: "test.take"(%{{.*}}) : (memref<4xf32>) -> ()

// expected-remark @below {{memplan-offsets: @unknown_ops: planned 2 of 7 buffers (5 left alone: 4 captured, 1 region)}}
func.func @unknown_ops(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  // Touches no buffer.
  "test.opaque"() : () -> ()
  // expected-remark @below {{memplan-offsets: left alone: used inside 'test.region', which may run after it returns}}
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  // expected-remark @below {{memplan-offsets: left alone: used by 'test.take', whose effect on memory is unknown}}
  %taken = memref.alloc() : memref<4xf32>
  "test.take"(%taken) : (memref<4xf32>) -> ()
  // expected-remark @below {{memplan-offsets: left alone: used by 'test.take_view', whose effect on memory is unknown}}
  %viewed = memref.alloc() : memref<8xf32>
  %sub = memref.subview %viewed[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  "test.take_view"(%sub) : (memref<4xf32, strided<[1], offset: 2>>) -> ()
  // An unknown op that takes a buffer and gives back a memref.
  // expected-remark @below {{memplan-offsets: left alone: used by 'test.produce', whose effect on memory is unknown}}
  %produced = memref.alloc() : memref<4xf32>
  %p = "test.produce"(%produced) : (memref<4xf32>) -> memref<4xf32>
  memref.copy %p, %out : memref<4xf32> to memref<4xf32>
  // A buffer allocated in the region of an unknown op, whose control flow
  // is unknown; %b, read inside it, may be read after the op returns.
  "test.region"() ({
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'test.region', whose control flow is unknown}}
    %inner = memref.alloc() : memref<4xf32>
    memref.copy %b, %inner : memref<4xf32> to memref<4xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  %c = memref.alloc() : memref<4xf32>
  memref.copy %b, %c : memref<4xf32> to memref<4xf32>
  memref.copy %c, %out : memref<4xf32> to memref<4xf32>
  return
}
