// Construct 9: buffers returned from a function (directly, through a view
// or cast, or out of an scf.if), next to planned buffers of the same
// function. The returned buffers must stay heap buffers: @main calls each
// function twice, so a returned buffer placed in the callee's slab would
// be overwritten by the second call (which gets the freed slab's memory
// back), and its memref.dealloc in @main would free a pointer into a slab.
// @main also prints the heap bytes left in use by the calls and deallocs
// (glibc's mallinfo2; 2 KiB buffers), which must be 0.
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
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @make
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S1]][
// CHECK: %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.view %[[S1]][
// CHECK: memref.dealloc %[[S1]] :
// CHECK-NEXT: return %[[R]] :
// CHECK-LABEL: func.func @make_reshaped
// CHECK: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S2]][
// CHECK: %[[B:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[B]] {{\[}}
// CHECK: memref.dealloc %[[S2]] :
// CHECK-NEXT: return %[[E]] :
// CHECK-LABEL: func.func @make_either
// CHECK: memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: scf.if
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: else
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-LABEL: func.func @make_big
// CHECK: %[[S4:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S4]][
// CHECK: %[[BIG:.*]] = memref.alloc() : memref<512xf32>
// CHECK: %[[BC:.*]] = memref.cast %[[BIG]] :
// CHECK: memref.dealloc %[[S4]] :
// CHECK-NEXT: return %[[BC]] :

// REMARK: remark: memplan-offsets: left alone: returned from the function
// REMARK-NEXT: %R = memref.alloc() : memref<4xf32>
// REMARK: remark: memplan-offsets: left alone: returned from the function
// REMARK-NEXT: %B = memref.alloc() : memref<8xf32>
// REMARK: remark: memplan-offsets: left alone: returned from the function
// REMARK-NEXT: %X = memref.alloc() : memref<4xf32>
// REMARK: remark: memplan-offsets: left alone: returned from the function
// REMARK-NEXT: %Y = memref.alloc() : memref<4xf32>
// REMARK: remark: memplan-offsets: left alone: returned from the function
// REMARK-NEXT: %BIG = memref.alloc() : memref<512xf32>
// REMARK-NOT: left alone: returned

// OUT: data =
// OUT-NEXT: [4003,  4004,  4005,  4006]
// OUT: data =
// OUT-NEXT: [7003,  7004,  7005,  7006]
// OUT: data =
// OUT-NEXT: {{\[\[}}2100,   2102,   2104,   2106],
// OUT-NEXT: [2108,   2110,   2112,   2114]]
// OUT: data =
// OUT-NEXT: {{\[\[}}4100,   4102,   4104,   4106],
// OUT-NEXT: [4108,   4110,   4112,   4114]]
// OUT: data =
// OUT-NEXT: [6300,  6302,  6304,  6306]
// OUT: data =
// OUT-NEXT: [8300,  8311,  8322,  8333]
// OUT: data =
// OUT-NEXT: [1700,  2211,  2700,  3211]
// OUT-NEXT: {{^}}4211{{$}}
// OUT-NEXT: {{^}}0{{$}}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()
llvm.func @mallinfo2() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>

// Heap bytes in use (mallinfo2().uordblks).
func.func @heap_in_use() -> i64 {
  %s = llvm.call @mallinfo2() : () -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  %u = llvm.extractvalue %s[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  return %u : i64
}

// T = k + i and U = k + 500 + i are planned; R = T reversed + 2*U is
// returned. Allocation order puts R between them.
func.func @make(%k: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k500 = arith.constant 500.0 : f32
  %T = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %T[%i] : memref<4xf32>
  }
  %R = memref.alloc() : memref<4xf32>
  %U = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %v = arith.addf %v0, %k500 : f32
    memref.store %v, %U[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %t = memref.load %T[%j] : memref<4xf32>
    %u = memref.load %U[%i] : memref<4xf32>
    %u2 = arith.addf %u, %u : f32
    %v = arith.addf %t, %u2 : f32
    memref.store %v, %R[%i] : memref<4xf32>
  }
  memref.dealloc %T : memref<4xf32>
  memref.dealloc %U : memref<4xf32>
  return %R : memref<4xf32>
}

// B = k + i (8 x f32) escapes as a 2x4 expand_shape; T = k + 100 + i is a
// planned scratch buffer added into B.
func.func @make_reshaped(%k: f32) -> memref<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %k100 = arith.constant 100.0 : f32
  %T = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %v = arith.addf %v0, %k100 : f32
    memref.store %v, %T[%i] : memref<8xf32>
  }
  %B = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %t = memref.load %T[%i] : memref<8xf32>
    %v = arith.addf %v0, %t : f32
    memref.store %v, %B[%i] : memref<8xf32>
  }
  %E = memref.expand_shape %B [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  memref.dealloc %T : memref<8xf32>
  return %E : memref<2x4xf32>
}

// Either branch allocates the buffer it yields (X = k + i or
// Y = k + 10*i), and the scf.if's result is returned. S = k + 300 + i is a
// planned scratch buffer added in.
func.func @make_either(%c: i1, %k: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k300 = arith.constant 300.0 : f32
  %ten = arith.constant 10.0 : f32
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %v = arith.addf %v0, %k300 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  %r = scf.if %c -> (memref<4xf32>) {
    %X = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k : f32
      memref.store %v, %X[%i] : memref<4xf32>
    }
    scf.yield %X : memref<4xf32>
  } else {
    %Y = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %f10 = arith.mulf %fi, %ten : f32
      %v = arith.addf %f10, %k : f32
      memref.store %v, %Y[%i] : memref<4xf32>
    }
    scf.yield %Y : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.load %S[%i] : memref<4xf32>
    %x = memref.load %r[%i] : memref<4xf32>
    %v = arith.addf %s, %x : f32
    memref.store %v, %r[%i] : memref<4xf32>
  }
  memref.dealloc %S : memref<4xf32>
  return %r : memref<4xf32>
}

// 2 KiB buffers, so that a leak shows in mallinfo2: BIG = k + i is
// returned through a memref.cast; T = k + 700 + i is planned scratch.
func.func @make_big(%k: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %k700 = arith.constant 700.0 : f32
  %T = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v0 = arith.addf %fi, %k : f32
    %v = arith.addf %v0, %k700 : f32
    memref.store %v, %T[%i] : memref<512xf32>
  }
  %BIG = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %t = memref.load %T[%i] : memref<512xf32>
    memref.store %t, %BIG[%i] : memref<512xf32>
  }
  memref.dealloc %T : memref<512xf32>
  %BC = memref.cast %BIG : memref<512xf32> to memref<?xf32>
  return %BC : memref<?xf32>
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %c0 = arith.constant 0 : index
  %c511 = arith.constant 511 : index

  %r1 = call @make(%k1) : (f32) -> memref<4xf32>
  %r2 = call @make(%k2) : (f32) -> memref<4xf32>
  %e1 = call @make_reshaped(%k1) : (f32) -> memref<2x4xf32>
  %e2 = call @make_reshaped(%k2) : (f32) -> memref<2x4xf32>
  %x1 = call @make_either(%true, %k3) : (i1, f32) -> memref<4xf32>
  %x2 = call @make_either(%false, %k4) : (i1, f32) -> memref<4xf32>
  %b1 = call @make_big(%k1) : (f32) -> memref<?xf32>
  %b2 = call @make_big(%k2) : (f32) -> memref<?xf32>
  // A few elements of the big ones, read before anything else runs.
  %b1f = memref.load %b1[%c0] : memref<?xf32>
  %b1l = memref.load %b1[%c511] : memref<?xf32>
  %b2f = memref.load %b2[%c0] : memref<?xf32>
  %b2l = memref.load %b2[%c511] : memref<?xf32>
  %bs = memref.alloc() : memref<4xf32>
  memref.store %b1f, %bs[%c0] : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  memref.store %b1l, %bs[%c1] : memref<4xf32>
  memref.store %b2f, %bs[%c2] : memref<4xf32>
  memref.store %b2l, %bs[%c3] : memref<4xf32>

  %ur1 = memref.cast %r1 : memref<4xf32> to memref<*xf32>
  %ur2 = memref.cast %r2 : memref<4xf32> to memref<*xf32>
  %ue1 = memref.cast %e1 : memref<2x4xf32> to memref<*xf32>
  %ue2 = memref.cast %e2 : memref<2x4xf32> to memref<*xf32>
  %ux1 = memref.cast %x1 : memref<4xf32> to memref<*xf32>
  %ux2 = memref.cast %x2 : memref<4xf32> to memref<*xf32>
  %ubs = memref.cast %bs : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ur1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ur2) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ue1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ue2) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ux1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ux2) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ubs) : (memref<*xf32>) -> ()

  // A call and the free of what it returned leave the heap as it was.
  %before = call @heap_in_use() : () -> i64
  %b3 = call @make_big(%k3) : (f32) -> memref<?xf32>
  %b3l = memref.load %b3[%c511] : memref<?xf32>
  memref.dealloc %b3 : memref<?xf32>
  %after = call @heap_in_use() : () -> i64
  %leak = arith.subi %after, %before : i64
  %b3li = arith.fptosi %b3l : f32 to i64
  call @printI64(%b3li) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%leak) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %r1 : memref<4xf32>
  memref.dealloc %r2 : memref<4xf32>
  memref.dealloc %e1 : memref<2x4xf32>
  memref.dealloc %e2 : memref<2x4xf32>
  memref.dealloc %x1 : memref<4xf32>
  memref.dealloc %x2 : memref<4xf32>
  memref.dealloc %bs : memref<4xf32>
  memref.dealloc %b2 : memref<?xf32>
  memref.dealloc %b1 : memref<?xf32>
  return
}
