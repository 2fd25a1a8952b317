// Construct 12: buffers in non-default integer memory spaces (1 and 2) next
// to default-space ones. The planned IR must have one slab per memory
// space, each buffer a view of the slab of its own space.
//
// MLIR's CPU lowering cannot free memory outside the default space
// (memref.dealloc of a memref<..., 1> becomes a call to free with an
// !llvm.ptr<1> argument, which does not verify), and the pass always frees
// the slabs, so the planned program as such cannot run here; the unplanned
// one only lowers because it never frees its space-1 and space-2 buffers.
// On a CPU the memory space means nothing, so the programs are run with the
// spaces erased by sed, after planning: that still runs each slab's plan,
// while the FileCheck lines check the spaces themselves.
//
// RUN: sed -e 's/, [12]>/>/g' %s | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: memplan-opt %s --memplan-offsets=exact | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-greedy-size
// RUN: memplan-opt %s --memplan-shared-objects=best | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-best
// Global slabs with per-space capacity (naive's 144 bytes in space 1 exceed
// 128, exact finds 80) and per-space alignment.
// RUN: memplan-opt %s --memplan-offsets="strategy=naive slab=global space-capacity=1:128 space-alignment=1:64,2:128" > %t.global.mlir
// RUN: sed -e 's/, [12]>/>/g' %t.global.mlir | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.global
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best slab=global space-alignment=2:256" | sed -e 's/, [12]>/>/g' | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-global
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.objects-global
// RUN: FileCheck %s --check-prefix=GLOBAL < %t.global.mlir
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects-greedy-size
// RUN: diff %t.unplanned %t.objects-best
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// The unplanned program, spaces and all, lowers and runs (it frees nothing
// outside the default space).
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' | diff %t.unplanned -

// CHECK-LABEL: func.func @spaces
// CHECK-DAG: %[[S0:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-DAG: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8, 1>
// CHECK-DAG: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8, 2>
// CHECK-NOT: memref.alloc()
// CHECK-DAG: memref.view %[[S0]][{{.*}}][] : memref<{{[0-9]+}}xi8> to memref<4xf32>
// CHECK-DAG: memref.view %[[S0]][{{.*}}][] : memref<{{[0-9]+}}xi8> to memref<4xf32>
// CHECK-DAG: memref.view %[[S1]][{{.*}}][] : memref<{{[0-9]+}}xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S1]][{{.*}}][] : memref<{{[0-9]+}}xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S1]][{{.*}}][] : memref<{{[0-9]+}}xi8, 1> to memref<4xf32, 1>
// CHECK-DAG: memref.view %[[S2]][{{.*}}][] : memref<{{[0-9]+}}xi8, 2> to memref<8xi32, 2>
// CHECK-NOT: memref.dealloc
// CHECK: return

// GLOBAL-DAG: memref.global "private" @__memplan_slab_spaces : memref<32xi8> = uninitialized {alignment = 16 : i64}
// GLOBAL-DAG: memref.global "private" @__memplan_slab_spaces_space1 : memref<80xi8, 1> = uninitialized {alignment = 64 : i64}
// GLOBAL-DAG: memref.global "private" @__memplan_slab_spaces_space2 : memref<32xi8, 2> = uninitialized {alignment = 128 : i64}
// GLOBAL-NOT: memref.alloc() {alignment

// Three slabs; space 1 reuses bytes (3 buffers of 16 bytes in 32).
// SUM: @spaces: planned 6 of 6 buffers (0 left alone) into 3 slabs of {{[0-9]+}} bytes in all

// OUT: data =
// OUT-NEXT: {{\[\[}}12003,   12005,   12007,   12009],
// OUT-NEXT: [7000,   7002,   7004,   7006],
// OUT-NEXT: [5004,   5005,   5006,   5007]]

func.func private @printMemrefF32(memref<*xf32>)

// Default space: D0 = 1000+i, D1 = 2000+i, both live to the end.
// Space 1: A = 3000+i and B = A reversed + D0; A dies, C = 4000+i takes
// its bytes; C and B are read at the end.
// Space 2: W (8 x i32) = 5000+i, read at the end.
// out = [B reversed + C, D1 + W[0..4), W[4..8)]
func.func @spaces(%out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k5 = arith.constant 5000 : i32

  %D0 = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32, 1>
  %W = memref.alloc() : memref<8xi32, 2>
  %D1 = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %d0 = arith.addf %fi, %k1 : f32
    memref.store %d0, %D0[%i] : memref<4xf32>
    %d1 = arith.addf %fi, %k2 : f32
    memref.store %d1, %D1[%i] : memref<4xf32>
    %a = arith.addf %fi, %k3 : f32
    memref.store %a, %A[%i] : memref<4xf32, 1>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %w = arith.addi %ii, %k5 : i32
    memref.store %w, %W[%i] : memref<8xi32, 2>
  }
  %B = memref.alloc() : memref<4xf32, 1>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %a = memref.load %A[%j] : memref<4xf32, 1>
    %d = memref.load %D0[%i] : memref<4xf32>
    %v = arith.addf %a, %d : f32
    memref.store %v, %B[%i] : memref<4xf32, 1>
  }
  %C = memref.alloc() : memref<4xf32, 1>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k4 : f32
    memref.store %v, %C[%i] : memref<4xf32, 1>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %b = memref.load %B[%j] : memref<4xf32, 1>
    %c = memref.load %C[%i] : memref<4xf32, 1>
    %c2f = arith.addf %c, %c : f32
    %v = arith.addf %b, %c2f : f32
    memref.store %v, %out[%c0, %i] : memref<3x4xf32>
    %d1 = memref.load %D1[%i] : memref<4xf32>
    %w = memref.load %W[%i] : memref<8xi32, 2>
    %wf = arith.sitofp %w : i32 to f32
    %dw = arith.addf %d1, %wf : f32
    memref.store %dw, %out[%c1, %i] : memref<3x4xf32>
    %i4 = arith.addi %i, %c4 : index
    %w2 = memref.load %W[%i4] : memref<8xi32, 2>
    %w2f = arith.sitofp %w2 : i32 to f32
    memref.store %w2f, %out[%c2, %i] : memref<3x4xf32>
  }
  return
}

func.func @main() {
  %o = memref.alloc() : memref<3x4xf32>
  call @spaces(%o) : (memref<3x4xf32>) -> ()
  %u = memref.cast %o : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<3x4xf32>
  return
}
