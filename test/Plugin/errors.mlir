// What the stock mlir-opt says when memplan's passes, loaded from the pass
// plugin, are given something wrong.

// An unknown strategy, given as an option or bare, names the valid ones.
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{strategy=greedy-sized})" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-sized})" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-shared-objects{strip-best-fit})" %s 2>&1 | FileCheck %s --check-prefix=OBJECTS
// STRATEGY: error: unknown strategy 'greedy-sized' for memplan-offsets; valid strategies are: naive, greedy-size, {{.*}}, best{{$}}
// OBJECTS: error: unknown strategy 'strip-best-fit' for memplan-shared-objects; valid strategies are: naive, greedy-size, greedy-size-improved, {{.*}}, best{{$}}

// So do an unknown option and a bad value.
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{strategy=naive colour=red})" %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{alignment=24})" %s 2>&1 | FileCheck %s --check-prefix=ALIGNMENT
// OPTION: error: unknown option 'colour' for memplan-offsets; valid options are: strategy, alignment, remarks, summary, time-limit
// ALIGNMENT: error: memplan-offsets: alignment must be a power of two, not 24

// The passes run on builtin.module: a pipeline must be anchored, and they
// cannot be nested in a function.
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin --pass-pipeline="memplan-offsets" %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(func.func(memplan-offsets))" %s 2>&1 | FileCheck %s --check-prefix=NESTED
// ANCHOR: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// NESTED: error: Can't add pass 'MemPlanOffsets' restricted to 'builtin.module' on a PassManager intended to run on 'func.func'

// mlir-opt makes a flag for each pass it knows before it reads its command
// line, so a plugin's passes have none: --memplan-offsets=NAME works in
// memplan-opt only.
// RUN: not %system_mlir_opt --load-pass-plugin=%memplan_plugin --memplan-offsets=greedy-size %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument '--memplan-offsets=greedy-size'

// Without the plugin, the passes are unknown.
// RUN: not %system_mlir_opt -p "builtin.module(memplan-offsets)" %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: error: 'memplan-offsets' does not refer to a registered pass or pass pipeline

func.func @f() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
