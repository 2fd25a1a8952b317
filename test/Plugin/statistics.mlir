// -mlir-pass-statistics through the pass plugin. Debian's MLIR is built
// without pass statistics, so mlir-opt's own report is empty; memplan's
// passes print their figures themselves, as they do in memplan-opt, when the
// flag is on mlir-opt's command line (before or after the plugin).

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s
// RUN: %system_mlir_opt -mlir-pass-statistics --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s -mlir-pass-statistics -mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s

// One report per pass run, each pass by its own name.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size},memplan-shared-objects{greedy-size})" %s -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH

// Without the flag, nothing.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// CHECK: ... memplan pass statistics report ...
// CHECK: MemPlanOffsets
// CHECK-NEXT: (S) {{ *}}3 buffers
// CHECK-NEXT: (S) {{ *}}2 planned
// CHECK-NEXT: (S) {{ *}}1 left-alone
// CHECK: (S) {{ *}}1 left-alone-returned
// CHECK: (S) {{ *}}1 slabs
// CHECK-NEXT: (S) {{ *}}64 slab-bytes
// CHECK-NEXT: (S) {{ *}}128 naive-bytes
// CHECK-NEXT: (S) {{ *}}64 lower-bound-bytes
// CHECK: ... Pass statistics report ...

// BOTH: MemPlanOffsets
// BOTH: (S) {{ *}}3 buffers
// BOTH: MemPlanSharedObjects
// The slab of memplan-offsets is a local buffer like any other.
// BOTH-NEXT: (S) {{ *}}2 buffers
// BOTH-NEXT: (S) {{ *}}1 planned

// QUIET-NOT: statistics report

// a and b (64 bytes each) are never live together; r is returned.
func.func @f() -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  %v = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<16xf32>)
  %b4 = memref.subview %b[0] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  %r = memref.alloc() : memref<4xf32>
  memref.copy %b4, %r : memref<4xf32, strided<[1]>> to memref<4xf32>
  return %r : memref<4xf32>
}
