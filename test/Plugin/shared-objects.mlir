// memplan-shared-objects in Debian's stock mlir-opt, loaded from the pass
// plugin: each planned buffer becomes a view at offset 0 of one of a few i8
// objects.

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin --pass-pipeline="builtin.module(memplan-shared-objects{strategy=greedy-size})" %s | FileCheck %s
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-shared-objects{naive})" %s | FileCheck %s --check-prefix=NAIVE
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-shared-objects{strategy=greedy-size summary=true})" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// With the default strategy (best) too, the plugin plans as memplan-opt does.
// RUN: memplan-opt %s --memplan-shared-objects=best > %t.memplan-opt
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-shared-objects)" %s > %t.plugin
// RUN: diff %t.memplan-opt %t.plugin

// The 64-byte a and c share one object, the 32-byte b and d another.
// CHECK-LABEL: func.func @chain
// CHECK: %[[BIG:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[SMALL:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT: %[[P0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[BIG]][%[[O0]]][] : memref<64xi8> to memref<16xf32>
// CHECK: memref.view %[[SMALL]][%[[P0]]][] : memref<32xi8> to memref<8xf32>
// CHECK: memref.view %[[BIG]][%[[O0]]][] : memref<64xi8> to memref<16xf32>
// CHECK: memref.view %[[SMALL]][%[[P0]]][] : memref<32xi8> to memref<8xf32>
// CHECK: %[[R:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return %[[R]]

// Naive gives each of the four buffers its own object.
// NAIVE-LABEL: func.func @chain
// NAIVE-COUNT-4: memref.alloc() {alignment = 16 : i64} : memref<{{32|64}}xi8>
// NAIVE-NOT: memref.alloc() {alignment
// NAIVE: memref.alloc() : memref<8xf32>

// SUMMARY: remark: memplan-shared-objects: @chain: planned 4 of 5 buffers (1 left alone: 1 returned) into 2 objects of 96 bytes in all using greedy-size; naive 192 bytes, lower bound 96 bytes

// The chain a(64 B) -> b(32 B) -> c(64 B) -> d(32 B), each read only by the
// next one; r is returned.
func.func @chain() -> memref<8xf32> {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<8xf32>
  %a8 = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a8, %b : memref<8xf32, strided<[1]>> to memref<8xf32>
  %c = memref.alloc() : memref<16xf32>
  %c8 = memref.subview %c[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %b, %c8 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>>
  %d = memref.alloc() : memref<8xf32>
  memref.copy %c8, %d : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32>
  %r = memref.alloc() : memref<8xf32>
  memref.copy %d, %r : memref<8xf32> to memref<8xf32>
  return %r : memref<8xf32>
}
