// Calls: a callee that reads or writes its argument keeps it local; the
// results it may return the argument as are aliases; a callee that keeps,
// frees or hides the argument makes it escape.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

func.func private @fill(%m: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  return
}

func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

func.func private @frees(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func private @external(%m: memref<4xf32>)

func.func private @forwards_to_external(%m: memref<4xf32>) {
  func.call @external(%m) : (memref<4xf32>) -> ()
  return
}

// %a goes through @identity; the result %r is read after %b is allocated,
// so %a stays live and %b must not share its bytes.
// CHECK-LABEL: func.func @call_result_aliases
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O16:.*]] = arith.constant 16 : index
// CHECK: %[[A:.*]] = memref.view %[[SLAB]][%[[O0]]][]
// CHECK: call @fill(%[[A]])
// CHECK: call @identity(%[[A]])
// CHECK: memref.view %[[SLAB]][%[[O16]]][]
func.func @call_result_aliases(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  func.call @fill(%a) : (memref<4xf32>) -> ()
  %r = func.call @identity(%a) : (memref<4xf32>) -> memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  func.call @fill(%b) : (memref<4xf32>) -> ()
  linalg.add ins(%r, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// CHECK-LABEL: func.func @call_escapes
// CHECK-NOT: memref.view
// CHECK: return
func.func @call_escapes() {
  // expected-remark @below {{memplan-offsets: left alone: passed to @frees, where it is freed by the function that receives it}}
  %freed = memref.alloc() : memref<4xf32>
  func.call @frees(%freed) : (memref<4xf32>) -> ()
  // expected-remark @below {{memplan-offsets: left alone: passed to @external, whose body is not visible}}
  %hidden = memref.alloc() : memref<4xf32>
  func.call @external(%hidden) : (memref<4xf32>) -> ()
  // expected-remark @below {{memplan-offsets: left alone: passed to @forwards_to_external, where it is passed to @external, whose body is not visible}}
  %indirect = memref.alloc() : memref<4xf32>
  func.call @forwards_to_external(%indirect) : (memref<4xf32>) -> ()
  return
}

// Recursion: a callee that only passes its argument to itself keeps nothing
// (the least fixed point, from the optimistic assumption).
func.func private @recurse(%m: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi ugt, %n, %c0 : index
  scf.if %more {
    %k = arith.subi %n, %c1 : index
    func.call @recurse(%m, %k) : (memref<4xf32>, index) -> ()
  }
  return
}

// CHECK-LABEL: func.func @recursive_callee
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: %[[M:.*]] = memref.view %[[SLAB]]
// CHECK: call @recurse(%[[M]],
func.func @recursive_callee(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  func.call @recurse(%m, %n) : (memref<4xf32>, index) -> ()
  return
}
