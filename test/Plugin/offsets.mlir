// memplan-offsets in Debian's stock mlir-opt, loaded from the pass plugin.
// The passes run on builtin.module, so the pipeline is anchored there.

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin --pass-pipeline="builtin.module(memplan-offsets{strategy=greedy-size})" %s | FileCheck %s
// The strategy can be given bare, the pipeline with -p, and the plugin after
// it (mlir-opt parses the pipeline once it has read every flag).
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s | FileCheck %s
// RUN: %system_mlir_opt -p "builtin.module(memplan-offsets{greedy-size})" --load-pass-plugin=%memplan_plugin %s | FileCheck %s

// The plugin plans exactly as memplan-opt does.
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=64" > %t.memplan-opt
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{strategy=greedy-size alignment=64})" %s > %t.plugin
// RUN: diff %t.memplan-opt %t.plugin

// The reasons buffers are left alone need the traits and interfaces of
// libMLIR's ops (ReturnLike here) to be seen by the plugin as they are.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{strategy=best remarks=true})" %s -verify-diagnostics -o /dev/null
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{strategy=greedy-size summary=true})" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// SUMMARY: remark: memplan-offsets: @chain: planned 4 of 6 buffers (2 left alone: 1 dynamic-shape, 1 returned) into a 96-byte slab using greedy-size; naive 192 bytes, lower bound 96 bytes

// CHECK-LABEL: func.func @chain
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// CHECK-DAG: %[[AT0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[AT64:.*]] = arith.constant 64 : index
// CHECK: memref.view %[[SLAB]][%[[AT0]]][] : memref<96xi8> to memref<16xf32>
// CHECK: memref.view %[[SLAB]][%[[AT64]]][] : memref<96xi8> to memref<8xf32>
// CHECK: memref.view %[[SLAB]][%[[AT0]]][] : memref<96xi8> to memref<16xf32>
// CHECK: memref.view %[[SLAB]][%[[AT64]]][] : memref<96xi8> to memref<8xf32>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[R:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NOT: memref.view
// CHECK: memref.dealloc %[[SLAB]] : memref<96xi8>
// CHECK-NEXT: return %[[R]]

// The chain a(64 B) -> b(32 B) -> c(64 B) -> d(32 B), each read only by the
// next one; r is returned and %dyn has a dynamic size that is no
// polynomial of the arguments (a quotient), so both are left alone. Greedy by size puts the 64-byte buffers, which never live at the
// same time, at offset 0 and the 32-byte ones at 64: a 96-byte slab.
func.func @chain(%n: index) -> memref<8xf32> {
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
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments}}
  %dyn = memref.alloc(%half) : memref<?xf32>
  linalg.fill ins(%cst : f32) outs(%dyn : memref<?xf32>)
  memref.dealloc %dyn : memref<?xf32>
  // expected-remark @below {{memplan-offsets: left alone: returned from the function}}
  %r = memref.alloc() : memref<8xf32>
  memref.copy %d, %r : memref<8xf32> to memref<8xf32>
  return %r : memref<8xf32>
}
