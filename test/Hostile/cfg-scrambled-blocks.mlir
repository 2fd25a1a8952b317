// A function of many blocks joined by cf.br / cf.cond_br whose textual order
// is not the order they run in: the loop latch, which reads %A, comes before
// the loop body, which allocates %T, so numbering ops in textual order alone
// would end %A before %T starts. Lifetimes must cover the whole CFG loop:
// %A and %T must not share bytes, which the planned run shows by printing
// what the unplanned run prints.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e "s/base@ = 0x[0-9a-f]*/base@/" > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e "s/base@ = 0x[0-9a-f]*/base@/" > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e "s/base@ = 0x[0-9a-f]*/base@/" > %t.naive
// RUN: memplan-opt %s --memplan-offsets=best | mlir-opt %lower_to_llvm | %run_main | sed -e "s/base@ = 0x[0-9a-f]*/base@/" > %t.best
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e "s/base@ = 0x[0-9a-f]*/base@/" > %t.objects
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.best
// RUN: diff %t.unplanned %t.objects
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// SUMMARY: @scrambled: planned 4 of 4 buffers (0 left alone)

// acc starts at 0; each of the 3 iterations adds T = A reversed + 10*it,
// then the latch adds A: acc[i] = 3*(1003-i) + 30 + 3*(1000+i) = 6039.
// out = acc + E with E = 5000+i.
// OUT: data =
// OUT-NEXT: [11039,  11040,  11041,  11042]

func.func private @printMemrefF32(memref<*xf32>)

func.func @scrambled(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4xf32>
  %acc = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<4xf32>
    memref.store %zero, %acc[%i] : memref<4xf32>
  }
  cf.br ^header(%c0 : index)
^latch(%l: index):
  // The last use of %A, textually before the body that allocates %T.
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %A[%i] : memref<4xf32>
    %s = memref.load %acc[%i] : memref<4xf32>
    %v = arith.addf %s, %a : f32
    memref.store %v, %acc[%i] : memref<4xf32>
  }
  %l1 = arith.addi %l, %c1 : index
  cf.br ^header(%l1 : index)
^exit:
  %E = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %k5 = arith.constant 5000.0 : f32
    %v = arith.addf %fi, %k5 : f32
    memref.store %v, %E[%i] : memref<4xf32>
  }
  cf.br ^finish
^header(%it: index):
  %more = arith.cmpi ult, %it, %c3 : index
  cf.cond_br %more, ^body, ^exit
^finish:
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.load %acc[%i] : memref<4xf32>
    %e = memref.load %E[%i] : memref<4xf32>
    %v = arith.addf %s, %e : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
^body:
  %iti = arith.index_cast %it : index to i32
  %itf = arith.sitofp %iti : i32 to f32
  %ten = arith.constant 10.0 : f32
  %itt = arith.mulf %itf, %ten : f32
  %T = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %a = memref.load %A[%j] : memref<4xf32>
    %v = arith.addf %a, %itt : f32
    memref.store %v, %T[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.load %T[%i] : memref<4xf32>
    %s = memref.load %acc[%i] : memref<4xf32>
    %v = arith.addf %s, %t : f32
    memref.store %v, %acc[%i] : memref<4xf32>
  }
  cf.br ^latch(%it : index)
}

func.func @main() {
  %o = memref.alloc() : memref<4xf32>
  call @scrambled(%o) : (memref<4xf32>) -> ()
  %u = memref.cast %o : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<4xf32>
  return
}
