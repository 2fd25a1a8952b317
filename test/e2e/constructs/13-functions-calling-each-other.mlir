// Construct 13: several functions in one module, each with its own slab,
// calling each other while their own planned buffers are live: a chain
// top -> middle -> leaf, a self-recursive function and two mutually
// recursive ones. Every function reads its local buffers after the calls
// return, so slabs that were shared between functions or between
// activations of one function (rather than allocated per call) would show.
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
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// CHECK-LABEL: func.func @leaf
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S1]][
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @middle
// CHECK: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S2]][
// CHECK: call @leaf
// CHECK: memref.view %[[S2]][
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @top
// CHECK: %[[S3:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S3]][
// CHECK: call @middle
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @rec
// CHECK: %[[S4:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S4]][
// CHECK: call @rec
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @even
// CHECK: %[[S5:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S5]][
// CHECK: call @odd
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @odd
// CHECK: %[[S6:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S6]][
// CHECK: call @even
// CHECK: memref.dealloc %[[S6]] :

// SUM: @leaf: planned 1 of 1 buffers
// SUM: @middle: planned 2 of 2 buffers
// SUM: @top: planned 2 of 2 buffers
// SUM: @rec: planned 1 of 1 buffers
// SUM: @even: planned 1 of 1 buffers
// SUM: @odd: planned 1 of 1 buffers

// OUT: data =
// OUT-NEXT: {{\[\[}}15345,   15341,   15337,   15333],
// OUT-NEXT: [16348,   16343,   16338,   16333]]
// OUT: data =
// OUT-NEXT: [2693,  2662,  2631,  2600]
// OUT: data =
// OUT-NEXT: [-1714,  -1350,  -986,  -622]

func.func private @printMemrefF32(memref<*xf32>)

// L = k + i; x[i] += L[3-i]
func.func @leaf(%x: memref<4xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %L = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %L[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %l = memref.load %L[%j] : memref<4xf32>
    %xv = memref.load %x[%i] : memref<4xf32>
    %v = arith.addf %xv, %l : f32
    memref.store %v, %x[%i] : memref<4xf32>
  }
  return
}

// M = k + 10 + i is written, leaf runs (twice), then N = M reversed * 2
// is made and x[i] += N[i] + M[i].
func.func @middle(%x: memref<4xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k10 = arith.constant 10.0 : f32
  %k100 = arith.constant 100.0 : f32
  %k200 = arith.constant 200.0 : f32
  %M = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %v = arith.addf %v0, %k10 : f32
    memref.store %v, %M[%i] : memref<4xf32>
  }
  %kl = arith.addf %k, %k100 : f32
  call @leaf(%x, %kl) : (memref<4xf32>, f32) -> ()
  %kl2 = arith.addf %k, %k200 : f32
  call @leaf(%x, %kl2) : (memref<4xf32>, f32) -> ()
  %N = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %m = memref.load %M[%j] : memref<4xf32>
    %m2 = arith.addf %m, %m : f32
    memref.store %m2, %N[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %n = memref.load %N[%i] : memref<4xf32>
    %m = memref.load %M[%i] : memref<4xf32>
    %xv = memref.load %x[%i] : memref<4xf32>
    %nm = arith.addf %n, %m : f32
    %v = arith.addf %xv, %nm : f32
    memref.store %v, %x[%i] : memref<4xf32>
  }
  return
}

// T = 1000 + i is live across the calls; X (zeroed) is what middle and leaf
// accumulate into. out[0] = X, out[1] = T reversed + X.
func.func @top(%out: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<4xf32>
  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %T[%i] : memref<4xf32>
    memref.store %zero, %X[%i] : memref<4xf32>
  }
  call @middle(%X, %k2) : (memref<4xf32>, f32) -> ()
  call @leaf(%X, %k5) : (memref<4xf32>, f32) -> ()
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %t = memref.load %T[%j] : memref<4xf32>
    %x = memref.load %X[%i] : memref<4xf32>
    %v = arith.addf %t, %x : f32
    memref.store %x, %out[%c0, %i] : memref<2x4xf32>
    memref.store %v, %out[%c1, %i] : memref<2x4xf32>
  }
  return
}

// R = 100*n + i (its own slab per activation); rec(n-1) runs first, then
// acc[i] = 2*acc[i] + R[3-i].
func.func @rec(%n: index, %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h = arith.constant 100.0 : f32
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %nh = arith.mulf %nf, %h : f32
  %R = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %nh : f32
    memref.store %v, %R[%i] : memref<4xf32>
  }
  %more = arith.cmpi ugt, %n, %c0 : index
  scf.if %more {
    %n1 = arith.subi %n, %c1 : index
    func.call @rec(%n1, %acc) : (index, memref<4xf32>) -> ()
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %r = memref.load %R[%j] : memref<4xf32>
    %a = memref.load %acc[%i] : memref<4xf32>
    %a2 = arith.addf %a, %a : f32
    %v = arith.addf %a2, %r : f32
    memref.store %v, %acc[%i] : memref<4xf32>
  }
  return
}

// Mutual recursion: even(n) has E = 10*n + i, odd(n) has O = 10*n + 5 + i,
// each calls the other with n-1 before reading its buffer:
// acc[i] = acc[i] * 3 + buf[i] (even) or acc[i] * 3 - buf[3-i] (odd).
func.func @even(%n: index, %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant 10.0 : f32
  %three = arith.constant 3.0 : f32
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %nt = arith.mulf %nf, %ten : f32
  %E = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %nt : f32
    memref.store %v, %E[%i] : memref<4xf32>
  }
  %more = arith.cmpi ugt, %n, %c0 : index
  scf.if %more {
    %n1 = arith.subi %n, %c1 : index
    func.call @odd(%n1, %acc) : (index, memref<4xf32>) -> ()
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %e = memref.load %E[%i] : memref<4xf32>
    %a = memref.load %acc[%i] : memref<4xf32>
    %a3 = arith.mulf %a, %three : f32
    %v = arith.addf %a3, %e : f32
    memref.store %v, %acc[%i] : memref<4xf32>
  }
  return
}

func.func @odd(%n: index, %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant 10.0 : f32
  %five = arith.constant 5.0 : f32
  %three = arith.constant 3.0 : f32
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %nt0 = arith.mulf %nf, %ten : f32
  %nt = arith.addf %nt0, %five : f32
  %O = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %nt : f32
    memref.store %v, %O[%i] : memref<4xf32>
  }
  %more = arith.cmpi ugt, %n, %c0 : index
  scf.if %more {
    %n1 = arith.subi %n, %c1 : index
    func.call @even(%n1, %acc) : (index, memref<4xf32>) -> ()
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %o = memref.load %O[%j] : memref<4xf32>
    %a = memref.load %acc[%i] : memref<4xf32>
    %a3 = arith.mulf %a, %three : f32
    %v = arith.subf %a3, %o : f32
    memref.store %v, %acc[%i] : memref<4xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %o = memref.alloc() : memref<2x4xf32>
  call @top(%o) : (memref<2x4xf32>) -> ()
  %u = memref.cast %o : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %acc = memref.alloc() : memref<4xf32>
  %ua = memref.cast %acc : memref<4xf32> to memref<*xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<4xf32>)
  call @rec(%c4, %acc) : (index, memref<4xf32>) -> ()
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  linalg.fill ins(%zero : f32) outs(%acc : memref<4xf32>)
  call @even(%c5, %acc) : (index, memref<4xf32>) -> ()
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<2x4xf32>
  memref.dealloc %acc : memref<4xf32>
  return
}
