// The recommended pipeline (docs/guide.md, section 6) in one --pass-pipeline
// string of the stock mlir-opt: One-Shot Bufferize, memplan through the
// plugin, then upstream's deallocation, which frees the slab. The program
// is test/e2e/constructs/23-deallocation-pipeline.mlir; its output, heap
// figures included, must be what the same pipeline without memplan prints.

// RUN: %system_mlir_opt -p "builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-deallocation-pipeline)" %S/../e2e/constructs/23-deallocation-pipeline.mlir | %system_mlir_opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map},canonicalize,memplan-offsets{strategy=best},buffer-deallocation-pipeline)" %S/../e2e/constructs/23-deallocation-pipeline.mlir -o %t.planned.mlir
// RUN: %system_mlir_opt %t.planned.mlir %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.planned
// RUN: diff %t.unplanned %t.planned
// RUN: FileCheck %s < %t.planned.mlir

// CHECK-LABEL: func.func @compute
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]]
// CHECK-LABEL: func.func @run
