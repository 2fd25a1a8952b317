// slab=global and functions whose addresses the module hands to a
// function without a body: that function may run them on threads of its
// own, as a thread pool's submit would, so they keep their slabs like those
// called from parallel code (test/Transforms/slab-global-concurrent.mlir).
// With no call to a function without a body, a function whose address is
// taken but only called in sequence keeps its global slab.

// RUN: memplan-opt %s --split-input-file --memplan-offsets="strategy=greedy-size slab=global" -verify-diagnostics | FileCheck %s

// A function without a body that the module hands a function's address (a
// thread pool's submit, say) may run it on threads of its own, and so the
// functions it calls: both keep their slabs. Before, both got a global slab
// and two threads shared one buffer.
// CHECK-LABEL: func.func private @callback_helper
// CHECK-NOT: memref.get_global
// CHECK-LABEL: func.func private @callback_target
// CHECK-NOT: memref.get_global
// CHECK-LABEL: func.func @hands_out_address
// expected-remark @below {{because it may run on several threads at once: it is called from @callback_target, which is a function whose address the module takes, which @submit (a function without a body, called in @hands_out_address) may call on threads of its own}}
func.func private @callback_helper(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

// expected-remark @below {{because it may run on several threads at once: it is a function whose address the module takes, which @submit (a function without a body, called in @hands_out_address) may call on threads of its own}}
func.func private @callback_target(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  %w = func.call @callback_helper(%v) : (f32) -> f32
  return %w : f32
}

func.func private @submit((f32) -> f32)

func.func @hands_out_address() {
  %f = func.constant @callback_target : (f32) -> f32
  func.call @submit(%f) : ((f32) -> f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func private @sequential_target
// CHECK: memref.get_global @__memplan_slab_sequential_target
func.func private @sequential_target(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32>
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}

func.func @calls_through_pointer(%x: f32) -> f32 {
  %f = func.constant @sequential_target : (f32) -> f32
  %r = func.call_indirect %f(%x) : (f32) -> f32
  return %r : f32
}
