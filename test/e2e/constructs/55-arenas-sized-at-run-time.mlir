// Construct 55: slab=argument where the callee's buffers are sized at run
// time. The private @layer takes its arena as a trailing memref<?xi8>
// argument whose bytes a generated function computes from @layer's own
// arguments (`memplan.slab_size_function`); each caller allocates the arena
// with that arithmetic on its operands, right before the call, so that the
// caller's own planning places it in its slab, also sized at run time.
// @main runs the one compiled @model at n = 1, 7, 64 and 1000.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="slab=argument summary=true" -o %t.planned.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: FileCheck %s < %t.planned.mlir
// RUN: mlir-opt %t.planned.mlir %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %s --memplan-offsets="slab=argument strategy=greedy-size size-hint=3" | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %s --memplan-offsets | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -

// SUM: @layer: planned 2 of 2 buffers (0 left alone; 2 of run-time size) into a 16384-byte slab at size-hint=128
// SUM: @model: planned 3 of 3 buffers (0 left alone; 3 of run-time size) into a 24576-byte slab at size-hint=128{{.*}}slab for every run-time size: 192*arg0_d0 bytes

// CHECK-LABEL: func.func private @__memplan_arena_size_layer(%arg0: memref<?x16xf32>, %arg1: memref<?x16xf32>) -> index
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<?x16xf32>
// CHECK: %[[ONE:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: %[[BYTES:.*]] = arith.addi %[[ONE]], %[[ONE]] : index
// CHECK: return %[[BYTES]] : index
// CHECK-LABEL: func.func private @layer(
// CHECK-SAME: %arg2: memref<?xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size_function = @__memplan_arena_size_layer}
// CHECK-NOT: memref.alloc
// CHECK: memref.view %arg2
// CHECK-LABEL: func.func @model
// CHECK: %[[SLAB:.*]] = memref.alloc(%{{.*}}) {alignment = 16 : i64} : memref<?xi8>
// CHECK: %[[ARENA:.*]] = memref.view %[[SLAB]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: call @layer(%{{.*}}, %{{.*}}, %[[ARENA]])
// CHECK: memref.view %[[SLAB]]
// CHECK: call @layer(
// CHECK: memref.dealloc %[[SLAB]] : memref<?xi8>

// OUT-COUNT-4: data =

func.func private @printMemrefF32(memref<*xf32>)

// y = 2 x + x * x, through two temporaries.
func.func private @layer(%x: memref<?x16xf32>, %y: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x16xf32>
  %t = memref.alloc(%n) : memref<?x16xf32>
  %u = memref.alloc(%n) : memref<?x16xf32>
  linalg.add ins(%x, %x : memref<?x16xf32>, memref<?x16xf32>) outs(%t : memref<?x16xf32>)
  linalg.mul ins(%x, %x : memref<?x16xf32>, memref<?x16xf32>) outs(%u : memref<?x16xf32>)
  linalg.add ins(%u, %t : memref<?x16xf32>, memref<?x16xf32>) outs(%y : memref<?x16xf32>)
  memref.dealloc %t : memref<?x16xf32>
  memref.dealloc %u : memref<?x16xf32>
  return
}

func.func @model(%x: memref<?x16xf32>, %y: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x16xf32>
  %h = memref.alloc(%n) : memref<?x16xf32>
  call @layer(%x, %h) : (memref<?x16xf32>, memref<?x16xf32>) -> ()
  call @layer(%h, %y) : (memref<?x16xf32>, memref<?x16xf32>) -> ()
  memref.dealloc %h : memref<?x16xf32>
  return
}

// Runs @model on n rows of x[i][j] = ((3 i + j) mod 7 - 3) / 4 and prints
// the column sums of y.
func.func @run(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %quarter = arith.constant 0.25 : f32
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc(%n) : memref<?x16xf32>
  %y = memref.alloc(%n) : memref<?x16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %i3 = arith.muli %i, %c3 : index
      %s = arith.addi %i3, %j : index
      %m = arith.remui %s, %c7 : index
      %v = arith.subi %m, %c3 : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f32
      %e = arith.mulf %vf, %quarter : f32
      memref.store %e, %x[%i, %j] : memref<?x16xf32>
    }
  }
  call @model(%x, %y) : (memref<?x16xf32>, memref<?x16xf32>) -> ()
  %sums = memref.alloc() : memref<16xf32>
  linalg.fill ins(%zero : f32) outs(%sums : memref<16xf32>)
  linalg.reduce ins(%y : memref<?x16xf32>) outs(%sums : memref<16xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %u = memref.cast %sums : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<?x16xf32>
  memref.dealloc %y : memref<?x16xf32>
  memref.dealloc %sums : memref<16xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  call @run(%c1) : (index) -> ()
  call @run(%c7) : (index) -> ()
  call @run(%c64) : (index) -> ()
  call @run(%c1000) : (index) -> ()
  return
}
