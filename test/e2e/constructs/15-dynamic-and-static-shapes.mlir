// Construct 15: buffers whose sizes are known only at run time (n, an
// argument) mixed with static ones, with lifetimes interleaved: static
// buffers die and are reused while the dynamic ones stay live; static
// buffers are cast to dynamic shapes and passed to a function that takes
// memref<?xf32>; a buffer of dynamic type but constant size is planned at
// that size, as a view with the dynamic size it had. The slab's size and
// the dynamic buffers' offsets are computed from n where @mixed begins, and
// @main calls it at two sizes. The shared-objects pass and slab=global plan
// sizes known at compile time only: they leave the dynamic ones alone.
// (An alloc with a non-identity layout, also left alone, is not here:
// MLIR's CPU lowering does not lower such allocs.)
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-greedy-size
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-best
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects-greedy-size
// RUN: diff %t.unplanned %t.objects-best
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: memplan-opt %s --memplan-shared-objects="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS
// RUN: memplan-opt %s --memplan-offsets="slab=global remarks=true" -o %t.global.mlir 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: mlir-opt %t.global.mlir %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.global
// RUN: diff %t.unplanned %t.global

// E (16n bytes) lies on the static buffers, D (4n) on E: D's offset and
// the slab's size are sums, with no maximum or alignment to compute.
// CHECK-LABEL: func.func @mixed
// CHECK: %[[E_BYTES:.*]] = arith.muli %{{.*}}, %arg0 : index
// CHECK: %[[D_OFFSET:.*]] = arith.addi %{{.*}}, %[[E_BYTES]] : index
// CHECK: %[[D_BYTES:.*]] = arith.muli %{{.*}}, %arg0 : index
// CHECK: %[[SIZE:.*]] = arith.addi %[[D_OFFSET]], %[[D_BYTES]] : index
// CHECK: %[[SLAB:.*]] = memref.alloc(%[[SIZE]]) {alignment = 16 : i64} : memref<?xi8>
// CHECK: memref.view %[[SLAB]][%[[D_OFFSET]]][%arg0] : memref<?xi8> to memref<?xf32>
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][%{{.*}}][%arg0] : memref<?xi8> to memref<?x4xf32>
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK-NOT: memref.alloc
// CHECK: memref.dealloc %[[SLAB]] :
// CHECK-NEXT: return

// REMARK-NOT: left alone{{.*}}memref.alloc(%n)
// REMARK: @mixed: planned 7 of 7 buffers (0 left alone; 1 of dynamic size at an upper bound, 16 bytes; 2 of run-time size) into a {{[0-9]+}}-byte slab at size-hint=128 using greedy-size; {{.*}}slab for every run-time size: at most 20*arg0 + {{[0-9]+}} bytes; worst ratio 1.000

// With the sizes known at compile time only, the two are left alone.
// OBJECTS: remark: memplan-shared-objects: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned: memplan-shared-objects plans sizes known at compile time only)
// OBJECTS-NEXT: %D = memref.alloc(%n) : memref<?xf32>
// OBJECTS: remark: memplan-shared-objects: left alone: has a dynamic size with no constant upper bound: 16*arg0 bytes over the function's arguments (not planned: memplan-shared-objects plans sizes known at compile time only)
// OBJECTS-NEXT: %E = memref.alloc(%n) : memref<?x4xf32>
// GLOBAL: remark: memplan-offsets: left alone: has a dynamic size with no constant upper bound: 4*arg0 bytes over the function's arguments (not planned: slab=global: a global's size is fixed at compile time)

// OUT: data =
// OUT-NEXT: {{\[\[}}1003,   1002,   1001,   1000],
// OUT-NEXT: [3500,   3502,   3504,   3506],
// OUT-NEXT: [15053,   15054,   15055,   15056],
// OUT-NEXT: [7006,   7005,   7004,   7003],
// OUT-NEXT: [5008,   5007,   5006,   5005]]
// OUT: data =
// OUT-NEXT: {{\[\[}}1003,   1002,   1001,   1000],
// OUT-NEXT: [3500,   3502,   3504,   3506],
// OUT-NEXT: [15083,   15084,   15085,   15086],
// OUT-NEXT: [7006,   7005,   7004,   7003],
// OUT-NEXT: [5011,   5010,   5009,   5008]]

func.func private @printMemrefF32(memref<*xf32>)

// dst[i] = src[n-1-i] + k, over the dynamic length n of dst.
func.func @reverse_add(%src: memref<?xf32>, %dst: memref<?xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %dst, %c0 : memref<?xf32>
  %n1 = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.subi %n1, %i : index
    %v = memref.load %src[%j] : memref<?xf32>
    %w = arith.addf %v, %k : f32
    memref.store %w, %dst[%i] : memref<?xf32>
  }
  return
}

// D (n x f32, dynamic) = 1000+i, live to the end.
// A (4 x f32) = 2000+i; B (4 x f32) = (D[0..4) + A) reversed, A's last use.
// E (n x 4, dynamic) rows = 3000 + 10*r + c, live to the end.
// C (4 x f32) = B reversed + 500 through @reverse_add with casts to ?;
//   takes A's bytes.
// L (? x f32, allocated with size 4) = 4000+i.
// F (4 x f32) = 6000+i, allocated after B and C are dead.
// out = [D[0..4) reversed, C, E[n-1] reversed + 2*F, L + B,
//        L reversed + D[n-1]]
func.func @mixed(%n: index, %out: memref<5x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k5 = arith.constant 500.0 : f32
  %k6 = arith.constant 6000.0 : f32
  %ten = arith.constant 10.0 : f32

  %D = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %D[%i] : memref<?xf32>
  }
  %A = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %A[%i] : memref<4xf32>
  }
  %E = memref.alloc(%n) : memref<?x4xf32>
  scf.for %r = %c0 to %n step %c1 {
    scf.for %c = %c0 to %c4 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %ci = arith.index_cast %c : index to i32
      %cf = arith.sitofp %ci : i32 to f32
      %r10 = arith.mulf %rf, %ten : f32
      %rc = arith.addf %r10, %cf : f32
      %v = arith.addf %rc, %k3 : f32
      memref.store %v, %E[%r, %c] : memref<?x4xf32>
    }
  }
  %B = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %d = memref.load %D[%j] : memref<?xf32>
    %a = memref.load %A[%j] : memref<4xf32>
    %v = arith.addf %d, %a : f32
    memref.store %v, %B[%i] : memref<4xf32>
  }
  %L = memref.alloc(%c4) : memref<?xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k4 : f32
    memref.store %v, %L[%i] : memref<?xf32>
  }
  %C = memref.alloc() : memref<4xf32>
  %Bd = memref.cast %B : memref<4xf32> to memref<?xf32>
  %Cd = memref.cast %C : memref<4xf32> to memref<?xf32>
  call @reverse_add(%Bd, %Cd, %k5) : (memref<?xf32>, memref<?xf32>, f32) -> ()
  // B's last use: row 3 = L + B.
  scf.for %i = %c0 to %c4 step %c1 {
    %l = memref.load %L[%i] : memref<?xf32>
    %b = memref.load %B[%i] : memref<4xf32>
    %v = arith.addf %l, %b : f32
    memref.store %v, %out[%c3, %i] : memref<5x4xf32>
  }
  %F = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k6 : f32
    memref.store %v, %F[%i] : memref<4xf32>
  }
  %n1 = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %d = memref.load %D[%j] : memref<?xf32>
    memref.store %d, %out[%c0, %i] : memref<5x4xf32>
    %c = memref.load %C[%i] : memref<4xf32>
    memref.store %c, %out[%c1, %i] : memref<5x4xf32>
    %e = memref.load %E[%n1, %j] : memref<?x4xf32>
    %f = memref.load %F[%i] : memref<4xf32>
    %f2 = arith.addf %f, %f : f32
    %ef = arith.addf %e, %f2 : f32
    memref.store %ef, %out[%c2, %i] : memref<5x4xf32>
    %l = memref.load %L[%j] : memref<?xf32>
    %dn = memref.load %D[%n1] : memref<?xf32>
    %ld = arith.addf %l, %dn : f32
    memref.store %ld, %out[%c4, %i] : memref<5x4xf32>
  }
  memref.dealloc %D : memref<?xf32>
  memref.dealloc %E : memref<?x4xf32>
  memref.dealloc %L : memref<?xf32>
  return
}

func.func @main() {
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %o = memref.alloc() : memref<5x4xf32>
  %u = memref.cast %o : memref<5x4xf32> to memref<*xf32>
  call @mixed(%c6, %o) : (index, memref<5x4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @mixed(%c9, %o) : (index, memref<5x4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<5x4xf32>
  return
}
