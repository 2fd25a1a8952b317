// Construct 7, continued: an i8 buffer reinterpreted with memref.view as
// vector<4xf32> and f64, next to an odd-sized i8 buffer, planned with
// alignment=1. The unplanned program gets malloc's 16-byte alignment for
// the bytes; a plan must give the bytes the alignment of every type they
// are viewed as (16 for vector<4xf32>), whatever the alignment option, or
// the vector load faults or reads the wrong bytes. (With the default
// alignment=16 every offset is already a multiple of 16.)
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-greedy-size
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-best
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=1" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy1
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=1" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive1
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects-greedy-size
// RUN: diff %t.unplanned %t.objects-best
// RUN: diff %t.unplanned %t.greedy1
// RUN: diff %t.unplanned %t.naive1
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=1" | FileCheck %s --check-prefix=NAIVE1

// CHECK-LABEL: func.func @odd_then_bytes
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]][{{.*}} to memref<3xi8>
// CHECK: %[[BYTES:.*]] = memref.view %[[SLAB]][{{.*}} to memref<48xi8>
// CHECK: memref.view %[[BYTES]][{{.*}} to memref<2xvector<4xf32>>

// The bytes must sit at a multiple of 16 (offset constants are named
// %c<offset>), and the slab must be aligned to 16.
// NAIVE1-LABEL: func.func @odd_then_bytes
// NAIVE1: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// NAIVE1: memref.view %[[SLAB]][%c{{(0|16|32|48|64)}}][] : {{.*}} to memref<48xi8>

// OUT: data =
// OUT-NEXT: {{\[\[}}1004,   1005,   1006,   1007],
// OUT-NEXT: [1003,   1002,   1001,   1000],
// OUT-NEXT: [2000,   2001,   0,   0],
// OUT-NEXT: [20,   21,   22,   0]]

func.func private @printMemrefF32(memref<*xf32>)

// odd (3 x i8) = 20+i, allocated first and read last; bytes (48 x i8)
// hold 2 x vector<4xf32> = 1000 + 4*k + lane at byte 0 and 2 x f64 =
// 2000+k at byte 32. out = [vector 1, vector 0 reversed, f64s, odd].
func.func @odd_then_bytes(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %odd = memref.alloc() : memref<3xi8>
  scf.for %i = %c0 to %c3 step %c1 {
    %i8 = arith.index_cast %i : index to i8
    %k = arith.constant 20 : i8
    %v = arith.addi %i8, %k : i8
    memref.store %v, %odd[%i] : memref<3xi8>
  }
  %bytes = memref.alloc() : memref<48xi8>
  %vec = memref.view %bytes[%c0][] : memref<48xi8> to memref<2xvector<4xf32>>
  %dbl = memref.view %bytes[%c32][] : memref<48xi8> to memref<2xf64>
  %lanes = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : vector<4xf32>
  scf.for %k = %c0 to %c2 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %four = arith.constant 4.0 : f32
    %k4 = arith.mulf %kf, %four : f32
    %base = arith.constant 1000.0 : f32
    %b = arith.addf %k4, %base : f32
    %bv = vector.broadcast %b : f32 to vector<4xf32>
    %v = arith.addf %bv, %lanes : vector<4xf32>
    memref.store %v, %vec[%k] : memref<2xvector<4xf32>>
    %kd = arith.sitofp %ki : i32 to f64
    %dbase = arith.constant 2000.0 : f64
    %d = arith.addf %kd, %dbase : f64
    memref.store %d, %dbl[%k] : memref<2xf64>
  }
  %v1 = memref.load %vec[%c1] : memref<2xvector<4xf32>>
  vector.store %v1, %out[%c0, %c0] : memref<4x4xf32>, vector<4xf32>
  %v0 = memref.load %vec[%c0] : memref<2xvector<4xf32>>
  %v0r = vector.shuffle %v0, %v0 [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
  vector.store %v0r, %out[%c1, %c0] : memref<4x4xf32>, vector<4xf32>
  scf.for %k = %c0 to %c2 step %c1 {
    %d = memref.load %dbl[%k] : memref<2xf64>
    %df = arith.truncf %d : f64 to f32
    memref.store %df, %out[%c2, %k] : memref<4x4xf32>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %o = memref.load %odd[%i] : memref<3xi8>
    %of = arith.sitofp %o : i8 to f32
    memref.store %of, %out[%c3, %i] : memref<4x4xf32>
  }
  return
}

func.func @main() {
  %o = memref.alloc() : memref<4x4xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<4x4xf32>)
  call @odd_then_bytes(%o) : (memref<4x4xf32>) -> ()
  %u = memref.cast %o : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<4x4xf32>
  return
}
