// Where the passes can stand in a pipeline. They run on a builtin.module and
// plan every function in it, those of nested modules included.

// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets)" %s | FileCheck %s --check-prefixes=OUTER,INNER
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "any(memplan-offsets)" %s | FileCheck %s --check-prefixes=OUTER,INNER
// Nested in builtin.module, they see only the nested modules.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(builtin.module(memplan-offsets))" %s | FileCheck %s --check-prefixes=UNPLANNED,INNER
// Under any() in a module, they run on the nested modules and pass over the
// functions, on which they cannot run, without a word.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(any(memplan-offsets))" %s | FileCheck %s --check-prefixes=UNPLANNED,INNER

// OUTER-LABEL: func.func @outer
// OUTER: memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// OUTER-COUNT-2: memref.view
// UNPLANNED-LABEL: func.func @outer
// UNPLANNED-COUNT-2: memref.alloc() : memref<16xf32>
// INNER-LABEL: func.func @inner
// INNER: memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// INNER-COUNT-2: memref.view

func.func @outer() {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  return
}

module @nested {
  func.func @inner() {
    %one = arith.constant 1.0 : f32
    %a = memref.alloc() : memref<16xf32>
    linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
    memref.dealloc %a : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    linalg.fill ins(%one : f32) outs(%b : memref<16xf32>)
    memref.dealloc %b : memref<16xf32>
    return
  }
}
