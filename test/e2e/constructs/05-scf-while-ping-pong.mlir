// Construct 5: scf.while with two buffers passed through the iter_args and
// scf.condition, swapped on every iteration (ping-pong), plus buffers local
// to the before and the after region. The ping-pong buffers are read after
// the loop, through the loop's results, once another buffer was written.
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

// CHECK-LABEL: func.func @ping_pong
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: %[[P:.*]] = memref.view %[[SLAB]][
// CHECK: %[[Q:.*]] = memref.view %[[SLAB]][
// CHECK: scf.while ({{.*}} = %[[P]], {{.*}} = %[[Q]],
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.condition
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.yield
// CHECK: memref.view %[[SLAB]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @data_dependent_exit
// CHECK: %[[SLAB2:.*]] = memref.alloc()
// CHECK: memref.view %[[SLAB2]][

// SUM: @ping_pong: planned 5 of 5 buffers (0 left alone)
// SUM: @data_dependent_exit: planned 3 of 3 buffers (0 left alone)

// OUT: data =
// OUT-NEXT: {{\[\[}}19215,   19218,   19221,   19224],
// OUT-NEXT: [11715,   11713,   11711,   11709],
// OUT-NEXT: [9000,   9001,   9002,   9003],
// OUT-NEXT: [28215,   28219,   28223,   28227]]
// OUT: data =
// OUT-NEXT: {{\[\[}}32000,   32032,   32064,   32096],
// OUT-NEXT: [5000,   5001,   5002,   5003],
// OUT-NEXT: [5,   5,   5,   5]]

func.func private @printMemrefF32(memref<*xf32>)

// P = 1000+i, Q = 2000+i. The before region allocates C = x reversed (read
// only there, to decide to go on while n < 5 and C[0] > 0). The after
// region allocates S = x reversed + y + 100, writes y = S and
// continues with (y, x). After the loop Z = 9000+i is written, then both
// results are read reversed.
// out = [r#0 reversed, r#1 reversed, Z, r#0 reversed + Z]
func.func @ping_pong(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %h = arith.constant 100.0 : f32
  %zero = arith.constant 0.0 : f32

  %P = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %P[%i] : memref<4xf32>
  }
  %Q = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %Q[%i] : memref<4xf32>
  }

  %r:3 = scf.while (%x = %P, %y = %Q, %n = %c0) : (memref<4xf32>, memref<4xf32>, index) -> (memref<4xf32>, memref<4xf32>, index) {
    %C = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %xv = memref.load %x[%j] : memref<4xf32>
      memref.store %xv, %C[%i] : memref<4xf32>
    }
    %c00 = memref.load %C[%c0] : memref<4xf32>
    %pos = arith.cmpf ogt, %c00, %zero : f32
    %more = arith.cmpi ult, %n, %c5 : index
    %go = arith.andi %pos, %more : i1
    scf.condition(%go) %x, %y, %n : memref<4xf32>, memref<4xf32>, index
  } do {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>, %n: index):
    %S = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %xv = memref.load %x[%j] : memref<4xf32>
      %yv = memref.load %y[%i] : memref<4xf32>
      %s0 = arith.addf %xv, %yv : f32
      %s = arith.addf %s0, %h : f32
      memref.store %s, %S[%i] : memref<4xf32>
    }
    memref.copy %S, %y : memref<4xf32> to memref<4xf32>
    %n1 = arith.addi %n, %c1 : index
    scf.yield %y, %x, %n1 : memref<4xf32>, memref<4xf32>, index
  }

  %Z = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k9 : f32
    memref.store %v, %Z[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %a = memref.load %r#0[%j] : memref<4xf32>
    %b = memref.load %r#1[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %az = arith.addf %a, %z : f32
    memref.store %a, %out[%c0, %i] : memref<4x4xf32>
    memref.store %b, %out[%c1, %i] : memref<4x4xf32>
    memref.store %z, %out[%c2, %i] : memref<4x4xf32>
    memref.store %az, %out[%c3, %i] : memref<4x4xf32>
  }
  return
}

// A while loop whose exit depends on the buffers' contents: x doubles into
// a fresh body-local buffer D and is copied back, until x[3] > 20000. A
// buffer W = 5000+i, written before the loop and read only after it, must
// survive the loop. out = [x after the loop, W, number of trips]
func.func @data_dependent_exit(%out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %limit = arith.constant 20000.0 : f32

  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }
  %W = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k5 : f32
    memref.store %v, %W[%i] : memref<4xf32>
  }
  %trips = scf.while (%n = %c0) : (index) -> index {
    %x3 = memref.load %X[%c3] : memref<4xf32>
    %go = arith.cmpf ole, %x3, %limit : f32
    scf.condition(%go) %n : index
  } do {
  ^bb0(%n: index):
    %D = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %xv = memref.load %X[%j] : memref<4xf32>
      %d = arith.addf %xv, %xv : f32
      memref.store %d, %D[%i] : memref<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %d = memref.load %D[%j] : memref<4xf32>
      memref.store %d, %X[%i] : memref<4xf32>
    }
    %n1 = arith.addi %n, %c1 : index
    scf.yield %n1 : index
  }
  %tripsi = arith.index_cast %trips : index to i32
  %tripsf = arith.sitofp %tripsi : i32 to f32
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %X[%i] : memref<4xf32>
    %w = memref.load %W[%i] : memref<4xf32>
    memref.store %x, %out[%c0, %i] : memref<3x4xf32>
    memref.store %w, %out[%c1, %i] : memref<3x4xf32>
    memref.store %tripsf, %out[%c2, %i] : memref<3x4xf32>
  }
  return
}

func.func @main() {
  %o1 = memref.alloc() : memref<4x4xf32>
  call @ping_pong(%o1) : (memref<4x4xf32>) -> ()
  %u1 = memref.cast %o1 : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  memref.dealloc %o1 : memref<4x4xf32>

  %o2 = memref.alloc() : memref<3x4xf32>
  call @data_dependent_exit(%o2) : (memref<3x4xf32>) -> ()
  %u2 = memref.cast %o2 : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %o2 : memref<3x4xf32>
  return
}
