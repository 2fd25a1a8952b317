// The plugin registers memplan's passes only where they are not registered
// yet. MLIR aborts when a pass name comes again from another copy of the
// pass, as it would when the plugin is loaded into memplan-opt, which has the
// passes built in; given twice to mlir-opt, the plugin is asked twice.

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s | FileCheck %s
// RUN: memplan-opt --load-pass-plugin=%memplan_plugin --memplan-offsets=greedy-size %s | FileCheck %s
// RUN: memplan-opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s | FileCheck %s

// memplan-opt's own passes run, and print one statistics report.
// RUN: memplan-opt --load-pass-plugin=%memplan_plugin --memplan-offsets=greedy-size -mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: memplan pass statistics report
// STATS-NOT: memplan pass statistics report

// CHECK-LABEL: func.func @f
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK-COUNT-2: memref.view %[[SLAB]]
// CHECK: memref.dealloc %[[SLAB]]
func.func @f() {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  return
}
