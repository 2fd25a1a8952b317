// Construct 6: an scf.for whose body allocates a buffer and yields it
// through iter_args. That buffer may outlive its iteration and must be left
// alone; the other buffers of the function (the initial iter_arg, a body-
// local temporary, buffers before and after the loop) are planned.
//
// @carried_with_deallocs is the same loop as bufferization writes it, with
// the previous iteration's buffer freed in the body and the result freed
// after the loop. @main prints how many heap bytes each call leaves in use
// (glibc's mallinfo2; buffers are 2 KiB so that freed chunks are not kept
// in the per-thread cache, which mallinfo counts as in use), which must be
// 0 planned as it is unplanned.
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

// CHECK-LABEL: func.func @carried
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: %[[INIT:.*]] = memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.for {{.*}} iter_args({{.*}} = %[[INIT]])
// CHECK: memref.view %[[SLAB]][
// CHECK: %[[N:.*]] = memref.alloc() : memref<4xf32>
// CHECK: scf.yield %[[N]] :
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.dealloc %[[SLAB]] :
// CHECK-NEXT: return

// REMARK: remark: memplan-offsets: left alone: may outlive one iteration of 'scf.for'
// REMARK-NEXT: %N = memref.alloc() : memref<4xf32>
// REMARK: @carried: planned 4 of 5 buffers (1 left alone: 1 loop-carried)
// REMARK: remark: memplan-offsets: left alone: may outlive one iteration of 'scf.for'
// REMARK-NEXT: %N = memref.alloc() : memref<512xf32>

// OUT: data =
// OUT-NEXT: {{\[\[}}31612,   31611,   31610,   31609],
// OUT-NEXT: [9000,   9001,   9002,   9003],
// OUT-NEXT: [3000,   3001,   3002,   3003],
// OUT-NEXT: [40612,   40612,   40612,   40612]]
// OUT: data =
// OUT-NEXT: [33133,  33134,  33135,  33136]
// OUT-EMPTY:
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

// init = 1000+i, K = 3000+i (read after the loop). Iteration it allocates
// T = 5000 + 100*it + i (local) and N = cur reversed + 2*T (yielded). After the
// loop Z = 9000+i is written, then r is read reversed.
// out = [r reversed, Z, K, r reversed + Z]
func.func @carried(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %h = arith.constant 100.0 : f32

  %init = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %init[%i] : memref<4xf32>
  }
  %K = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %K[%i] : memref<4xf32>
  }

  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %ith = arith.mulf %itf, %h : f32
    %tbase = arith.addf %ith, %k5 : f32
    %T = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %tbase : f32
      memref.store %v, %T[%i] : memref<4xf32>
    }
    %N = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %cv = memref.load %cur[%j] : memref<4xf32>
      %tv = memref.load %T[%i] : memref<4xf32>
      %tv2 = arith.addf %tv, %tv : f32
      %v = arith.addf %cv, %tv2 : f32
      memref.store %v, %N[%i] : memref<4xf32>
    }
    scf.yield %N : memref<4xf32>
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
    %rv = memref.load %r[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %k = memref.load %K[%i] : memref<4xf32>
    %rz = arith.addf %rv, %z : f32
    memref.store %rv, %out[%c0, %i] : memref<4x4xf32>
    memref.store %z, %out[%c1, %i] : memref<4x4xf32>
    memref.store %k, %out[%c2, %i] : memref<4x4xf32>
    memref.store %rz, %out[%c3, %i] : memref<4x4xf32>
  }
  return
}

// The same loop with the deallocations bufferization inserts: the body
// frees the buffer of the previous iteration (the first time, the planned
// init buffer; later, a left-alone N), and the result is freed after the
// loop. 512 x f32 so that leaked chunks show in mallinfo2.
// out[i] = r[i] for i < 4 (r = r reversed + 2*T, three times).
func.func @carried_with_deallocs(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c511 = arith.constant 511 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %h = arith.constant 100.0 : f32

  %init = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %init[%i] : memref<512xf32>
  }
  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%cur = %init) -> (memref<512xf32>) {
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %ith = arith.mulf %itf, %h : f32
    %tbase = arith.addf %ith, %k5 : f32
    %T = memref.alloc() : memref<512xf32>
    scf.for %i = %c0 to %c512 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %tbase : f32
      memref.store %v, %T[%i] : memref<512xf32>
    }
    %N = memref.alloc() : memref<512xf32>
    scf.for %i = %c0 to %c512 step %c1 {
      %j = arith.subi %c511, %i : index
      %cv = memref.load %cur[%j] : memref<512xf32>
      %tv = memref.load %T[%i] : memref<512xf32>
      %tv2 = arith.addf %tv, %tv : f32
      %v = arith.addf %cv, %tv2 : f32
      memref.store %v, %N[%i] : memref<512xf32>
    }
    memref.dealloc %T : memref<512xf32>
    memref.dealloc %cur : memref<512xf32>
    scf.yield %N : memref<512xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %rv = memref.load %r[%i] : memref<512xf32>
    memref.store %rv, %out[%i] : memref<4xf32>
  }
  memref.dealloc %r : memref<512xf32>
  return
}

func.func @main() {
  %o1 = memref.alloc() : memref<4x4xf32>
  call @carried(%o1) : (memref<4x4xf32>) -> ()
  %u1 = memref.cast %o1 : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  memref.dealloc %o1 : memref<4x4xf32>

  %o2 = memref.alloc() : memref<4xf32>
  %before = call @heap_in_use() : () -> i64
  call @carried_with_deallocs(%o2) : (memref<4xf32>) -> ()
  %after = call @heap_in_use() : () -> i64
  %u2 = memref.cast %o2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  call @printNewline() : () -> ()
  %leaked = arith.subi %after, %before : i64
  call @printI64(%leaked) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %o2 : memref<4xf32>
  return
}
