// The upstream option forms: a bare strategy first, then other options, on
// the command line and in a pipeline; `slab` is an enum option whose bad
// values name the valid ones; the per-space maps are list options.

// RUN: memplan-opt %s --memplan-offsets="greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{greedy-size slab=global})" | FileCheck %s --check-prefix=GLOBAL
// RUN: memplan-opt %s --pass-pipeline="builtin.module(memplan-shared-objects{naive summary remarks})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS
// RUN: memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{strategy=naive space-alignment=1:64,2:128})" | FileCheck %s --check-prefix=SPACES
// RUN: not memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{greedy-size slab=heap})" 2>&1 | FileCheck %s --check-prefix=BADSLAB
// RUN: not memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{greedy-size naive})" 2>&1 | FileCheck %s --check-prefix=TWOBARE
// RUN: not memplan-opt %s --pass-pipeline="builtin.module(memplan-offsets{space-capacity=1:64,1:32})" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not memplan-opt %s --memplan-offsets="slab=argument apply=%t.none.csv" 2>&1 | FileCheck %s --check-prefix=APPLYARG

// BARE: remark: memplan-offsets: @two: planned 3 of 3 buffers (0 left alone) into 3 slabs of 96 bytes in all using greedy-size;

// GLOBAL: memref.global "private" @__memplan_slab_two_space1 : memref<16xi8, 1> = uninitialized {alignment = 16 : i64}
// GLOBAL: memref.global "private" @__memplan_slab_two : memref<48xi8> = uninitialized {alignment = 16 : i64}
// GLOBAL-LABEL: func.func @two
// GLOBAL: memref.get_global @__memplan_slab_two : memref<48xi8>
// GLOBAL-NOT: memref.dealloc

// A bare word that is an option name is that option, as MLIR reads it.
// OBJECTS: remark: memplan-shared-objects: @two: planned 3 of 3 buffers (0 left alone) into 3 objects of 96 bytes in all using naive;

// SPACES-LABEL: func.func @two
// SPACES-DAG: memref.alloc() {alignment = 128 : i64} : memref<32xi8, 2>
// SPACES-DAG: memref.alloc() {alignment = 64 : i64} : memref<16xi8, 1>
// SPACES-DAG: memref.alloc() {alignment = 16 : i64} : memref<48xi8>

// BADSLAB: memplan-offsets: slab must be alloc, global or argument, not 'heap'
// TWOBARE: unknown option 'naive' for memplan-offsets; valid options are:
// TWICE: memplan-offsets: space-capacity: memory space 1 is given twice
// APPLYARG: memplan-offsets: apply cannot be used with slab=argument
func.func @two() {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32, 1>
  %b = memref.alloc() : memref<8xf32, 2>
  %c = memref.alloc() : memref<12xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32, 1>)
  linalg.fill ins(%cst : f32) outs(%b : memref<8xf32, 2>)
  linalg.fill ins(%cst : f32) outs(%c : memref<12xf32>)
  return
}
