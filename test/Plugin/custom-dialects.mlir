// Ops of a dialect memplan does not know (a compiler's own: here the test
// dialect Debian's mlir-opt registers) may keep their regions and run them
// later, as unregistered ops may: a buffer used inside one is left alone,
// unless the op describes its control flow with RegionBranchOpInterface
// (test.region_if), which returns to the op once its regions end.

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin --pass-pipeline="builtin.module(memplan-offsets{strategy=greedy-size})" %s | FileCheck %s
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin --pass-pipeline="builtin.module(memplan-offsets{strategy=greedy-size remarks=true})" -verify-diagnostics %s -o /dev/null

// Before, %a and %b shared bytes although the region reading %a may run
// after %b is filled.
// CHECK-LABEL: func.func @region_of_unknown_op
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: test.single_no_terminator_op
// CHECK-NEXT: memref.copy %[[A]]
// CHECK: memref.view %[[SLAB]]
func.func @region_of_unknown_op(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-remark @below {{memplan-offsets: left alone: used inside 'test.single_no_terminator_op', which may run after it returns}}
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  "test.single_no_terminator_op"() ({
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  }) : () -> ()
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @region_branch_op
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-NOT: memref.alloc()
// CHECK: test.region_if
func.func @region_branch_op(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %r = test.region_if %a: memref<4xf32> -> memref<4xf32> then {
    ^bb0(%x : memref<4xf32>):
      test.region_if_yield %x : memref<4xf32>
  } else {
    ^bb0(%x : memref<4xf32>):
      test.region_if_yield %x : memref<4xf32>
  } join {
    ^bb0(%x : memref<4xf32>):
      test.region_if_yield %x : memref<4xf32>
  }
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  return
}
