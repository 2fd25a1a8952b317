// Construct 10: planned buffers that the program already frees with
// memref.dealloc: straight after the last use, in both branches of an
// scf.if, through a cast, and inside a loop body. Each dealloc must go
// (freeing a view of the slab would abort in free(), or free the slab
// twice), and the buffer must still be live until its last real use.
// @main prints the heap bytes each call leaves in use (glibc's mallinfo2;
// the buffers are 2 KiB so that freed chunks do not stay in the per-thread
// cache, which mallinfo counts as in use): 0, planned or not.
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

// Only the slab is freed, once per function.
// CHECK-LABEL: func.func @straight
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-COUNT-3: memref.view %[[S1]][
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S1]] :
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @in_both_branches
// CHECK: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S2]] :
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @through_cast
// CHECK: %[[S3:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S3]] :
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @in_loop
// CHECK: %[[S4:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S4]] :
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @main

// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [7000,  7003,  7006,  7009]
// OUT: data =
// OUT-NEXT: [3976448]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [5000,  5003,  5006,  5009]
// OUT: data =
// OUT-NEXT: [1154816]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [5003,  5004,  5005,  5006]
// OUT: data =
// OUT-NEXT: [1154816]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [5511,  5512,  5513,  5514]
// OUT: data =
// OUT-NEXT: [2952448]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: {{\[\[}}20000,   20004,   20008,   20012],
// OUT-NEXT: [20300,   20304,   20308,   20312],
// OUT-NEXT: [20600,   20604,   20608,   20612]]
// OUT: data =
// OUT-NEXT: [10763264,  10916864,  11070464]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printI64(i64)
func.func private @printNewline()
llvm.func @mallinfo2() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>

// Heap bytes in use (mallinfo2().uordblks).
func.func @heap_in_use() -> i64 {
  %s = llvm.call @mallinfo2() : () -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  %u = llvm.extractvalue %s[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  return %u : i64
}

// A = 1000+i; B = A reversed, then A is freed; C = 3000+i takes A's bytes;
// B and C are freed after the output is written.
// v[i] = B[511-i] + 2*C[i]; out = v[0..4), sums = [sum of all v] (512 x
// f32 each).
func.func @straight(%out: memref<4xf32>, %sums: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c511 = arith.constant 511 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<512xf32>
  }
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %j = arith.subi %c511, %i : index
    %v = memref.load %A[%j] : memref<512xf32>
    memref.store %v, %B[%i] : memref<512xf32>
  }
  memref.dealloc %A : memref<512xf32>
  %C = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %C[%i] : memref<512xf32>
  }
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
    %j = arith.subi %c511, %i : index
    %b = memref.load %B[%j] : memref<512xf32>
    %c = memref.load %C[%i] : memref<512xf32>
    %c2 = arith.addf %c, %c : f32
    %v = arith.addf %b, %c2 : f32
    %small = arith.cmpi ult, %i, %c4 : index
    scf.if %small {
      memref.store %v, %out[%i] : memref<4xf32>
    }
    %vi = arith.fptosi %v : f32 to i64
    %acc1 = arith.addi %acc, %vi : i64
    scf.yield %acc1 : i64
  }
  memref.store %sum, %sums[%c0] : memref<1xi64>
  memref.dealloc %B : memref<512xf32>
  memref.dealloc %C : memref<512xf32>
  return
}

// A = 1000+i is read and freed in either branch of an scf.if; B = 2000+i
// is allocated after the scf.if and may take A's bytes.
// out = (c ? A : A reversed)[0..4) + 2*B[0..4), sums = [sum of all B]
func.func @in_both_branches(%c: i1, %out: memref<4xf32>, %sums: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<512xf32>
  }
  scf.if %c {
    scf.for %i = %c0 to %c4 step %c1 {
      %a = memref.load %A[%i] : memref<512xf32>
      memref.store %a, %out[%i] : memref<4xf32>
    }
    memref.dealloc %A : memref<512xf32>
  } else {
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %a = memref.load %A[%j] : memref<512xf32>
      memref.store %a, %out[%i] : memref<4xf32>
    }
    memref.dealloc %A : memref<512xf32>
  }
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %B[%i] : memref<512xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %o = memref.load %out[%i] : memref<4xf32>
    %b = memref.load %B[%i] : memref<512xf32>
    %b2 = arith.addf %b, %b : f32
    %v = arith.addf %o, %b2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
    %b = memref.load %B[%i] : memref<512xf32>
    %bi = arith.fptosi %b : f32 to i64
    %acc1 = arith.addi %acc, %bi : i64
    scf.yield %acc1 : i64
  }
  memref.store %sum, %sums[%c0] : memref<1xi64>
  memref.dealloc %B : memref<512xf32>
  return
}

// A = 1000+i is freed through a cast of it, while a later buffer
// B = 2000+i is live; A is read through another cast after B is written.
// v[i] = A[511-i] + 2*B[i]; out = v[0..4), sums = [sum of all v]
func.func @through_cast(%out: memref<4xf32>, %sums: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<512xf32>
  }
  %AD = memref.cast %A : memref<512xf32> to memref<?xf32>
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %B[%i] : memref<512xf32>
  }
  %zero = arith.constant 0 : i64
  %c511 = arith.constant 511 : index
  %sum = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
    %j = arith.subi %c511, %i : index
    %a = memref.load %AD[%j] : memref<?xf32>
    %b = memref.load %B[%i] : memref<512xf32>
    %b2 = arith.addf %b, %b : f32
    %v = arith.addf %a, %b2 : f32
    %small = arith.cmpi ult, %i, %c4 : index
    scf.if %small {
      memref.store %v, %out[%i] : memref<4xf32>
    }
    %vi = arith.fptosi %v : f32 to i64
    %acc1 = arith.addi %acc, %vi : i64
    scf.yield %acc1 : i64
  }
  memref.store %sum, %sums[%c0] : memref<1xi64>
  memref.dealloc %AD : memref<?xf32>
  memref.dealloc %B : memref<512xf32>
  return
}

// Each iteration allocates T = 1000 + 100*it + i and U = T reversed, frees
// T, allocates V = 5000 + 100*it + i (which may take T's bytes), writes
// out[it] = v[0..4), sums[it] = sum of all v, with v[i] = U[511-i] + 2*V[i] + P[i],
// and frees U and V. P = 9000+i, allocated before the
// loop and freed after it, is added to every row.
func.func @in_loop(%out: memref<3x4xf32>, %sums: memref<3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c511 = arith.constant 511 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %h = arith.constant 100.0 : f32
  %P = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k9 : f32
    memref.store %v, %P[%i] : memref<512xf32>
  }
  scf.for %it = %c0 to %c3 step %c1 {
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %ith = arith.mulf %itf, %h : f32
    %tb = arith.addf %ith, %k1 : f32
    %vb = arith.addf %ith, %k5 : f32
    %T = memref.alloc() : memref<512xf32>
    scf.for %i = %c0 to %c512 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %tb : f32
      memref.store %v, %T[%i] : memref<512xf32>
    }
    %U = memref.alloc() : memref<512xf32>
    scf.for %i = %c0 to %c512 step %c1 {
      %j = arith.subi %c511, %i : index
      %v = memref.load %T[%j] : memref<512xf32>
      memref.store %v, %U[%i] : memref<512xf32>
    }
    memref.dealloc %T : memref<512xf32>
    %V = memref.alloc() : memref<512xf32>
    scf.for %i = %c0 to %c512 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %vb : f32
      memref.store %v, %V[%i] : memref<512xf32>
    }
    %zero = arith.constant 0 : i64
    %sum = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
      %j = arith.subi %c511, %i : index
      %u = memref.load %U[%j] : memref<512xf32>
      %w = memref.load %V[%i] : memref<512xf32>
      %p = memref.load %P[%i] : memref<512xf32>
      %w2 = arith.addf %w, %w : f32
      %uw = arith.addf %u, %w2 : f32
      %v = arith.addf %uw, %p : f32
      %small = arith.cmpi ult, %i, %c4 : index
      scf.if %small {
        memref.store %v, %out[%it, %i] : memref<3x4xf32>
      }
      %vi = arith.fptosi %v : f32 to i64
      %acc1 = arith.addi %acc, %vi : i64
      scf.yield %acc1 : i64
    }
    memref.store %sum, %sums[%it] : memref<3xi64>
    memref.dealloc %U : memref<512xf32>
    memref.dealloc %V : memref<512xf32>
  }
  memref.dealloc %P : memref<512xf32>
  return
}

func.func @print_leak(%before: i64) {
  %after = call @heap_in_use() : () -> i64
  %d = arith.subi %after, %before : i64
  call @printI64(%d) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %o = memref.alloc() : memref<4xf32>
  %u = memref.cast %o : memref<4xf32> to memref<*xf32>
  %s = memref.alloc() : memref<1xi64>
  %us = memref.cast %s : memref<1xi64> to memref<*xi64>
  %o3 = memref.alloc() : memref<3x4xf32>
  %u3 = memref.cast %o3 : memref<3x4xf32> to memref<*xf32>
  %s3 = memref.alloc() : memref<3xi64>
  %us3 = memref.cast %s3 : memref<3xi64> to memref<*xi64>

  %h1 = call @heap_in_use() : () -> i64
  call @straight(%o, %s) : (memref<4xf32>, memref<1xi64>) -> ()
  call @print_leak(%h1) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()

  %h2 = call @heap_in_use() : () -> i64
  call @in_both_branches(%true, %o, %s) : (i1, memref<4xf32>, memref<1xi64>) -> ()
  call @print_leak(%h2) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()
  %h3 = call @heap_in_use() : () -> i64
  call @in_both_branches(%false, %o, %s) : (i1, memref<4xf32>, memref<1xi64>) -> ()
  call @print_leak(%h3) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()

  %h4 = call @heap_in_use() : () -> i64
  call @through_cast(%o, %s) : (memref<4xf32>, memref<1xi64>) -> ()
  call @print_leak(%h4) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()

  %h5 = call @heap_in_use() : () -> i64
  call @in_loop(%o3, %s3) : (memref<3x4xf32>, memref<3xi64>) -> ()
  call @print_leak(%h5) : (i64) -> ()
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  call @printMemrefI64(%us3) : (memref<*xi64>) -> ()

  memref.dealloc %o : memref<4xf32>
  memref.dealloc %s : memref<1xi64>
  memref.dealloc %o3 : memref<3x4xf32>
  memref.dealloc %s3 : memref<3xi64>
  return
}
