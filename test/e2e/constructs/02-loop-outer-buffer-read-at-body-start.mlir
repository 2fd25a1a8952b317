// Construct 2: a buffer defined before an scf.for and used only at the start
// of the body, and a buffer allocated inside the body and used after that
// point. In program order the outer buffer's last use comes before the inner
// buffer's allocation, so a liveness that ignores the loop back edge would
// let them share bytes; but the outer buffer is read again at the start of
// the next iteration, after the inner buffer overwrote it.
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

// CHECK-LABEL: func.func @outer_read_at_start
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @nested_outer_read_at_start
// CHECK: %[[SLAB2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: scf.for
// CHECK: memref.view %[[SLAB2]][
// CHECK: scf.for
// CHECK: memref.view %[[SLAB2]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @outer_written_at_end

// SUM: @outer_read_at_start: planned 3 of 3 buffers
// SUM: @nested_outer_read_at_start: planned 3 of 3 buffers
// SUM: @outer_written_at_end: planned 3 of 3 buffers

// OUT: data =
// OUT-NEXT: {{\[}}[1000,   1001,   1002,   1003],
// OUT-NEXT:  [1000,   1001,   1002,   1003],
// OUT-NEXT:  [1000,   1001,   1002,   1003],
// OUT-NEXT:  [8003,   8002,   8001,   8000],
// OUT-NEXT:  [8103,   8102,   8101,   8100],
// OUT-NEXT:  [8203,   8202,   8201,   8200]]
// OUT: data =
// OUT-NEXT: [1503,  1502,  1501,  1500]
// OUT: data =
// OUT-NEXT: {{\[}}[1000,   1001,   1002,   1003],
// OUT-NEXT:  [1000,   1001,   1002,   1003],
// OUT-NEXT:  [1100,   1101,   1102,   1103],
// OUT-NEXT:  [1100,   1101,   1102,   1103],
// OUT-NEXT:  [8003,   8002,   8001,   8000],
// OUT-NEXT:  [8013,   8012,   8011,   8010],
// OUT-NEXT:  [8103,   8102,   8101,   8100],
// OUT-NEXT:  [8113,   8112,   8111,   8110]]
// OUT: data =
// OUT-NEXT: {{\[}}[1000,   1001,   1002,   1003],
// OUT-NEXT:  [4006,   4004,   4002,   4000],
// OUT-NEXT:  [10000,   10004,   10008,   10012],
// OUT-NEXT:  [22024,   22016,   22008,   22000]]

func.func private @printMemrefF32(memref<*xf32>)

// A = 1000+i is written before the loop and only read, at the start of the
// body. S = 8000 + 100*it + i is allocated after that read in every
// iteration. Row it of the output gets A as read at the start of iteration
// it; row 3+it gets S reversed. X, dead before the loop, is printed apart.
func.func @outer_read_at_start(%out: memref<6x4xf32>, %out_x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k8 = arith.constant 8000.0 : f32
  %h = arith.constant 100.0 : f32

  %A = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<4xf32>
  }
  // A second buffer that is dead before the loop, so that greedy-size has a
  // free hole of the right size when it places S: X = A reversed + 500,
  // printed on its own.
  %X = memref.alloc() : memref<4xf32>
  %k500 = arith.constant 500.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %a = memref.load %A[%j] : memref<4xf32>
    %v = arith.addf %a, %k500 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }
  memref.copy %X, %out_x : memref<4xf32> to memref<4xf32>

  scf.for %it = %c0 to %c3 step %c1 {
    // Start of the body: the only use of A.
    scf.for %i = %c0 to %c4 step %c1 {
      %a = memref.load %A[%i] : memref<4xf32>
      memref.store %a, %out[%it, %i] : memref<6x4xf32>
    }
    %S = memref.alloc() : memref<4xf32>
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %base0 = arith.mulf %itf, %h : f32
    %base = arith.addf %base0, %k8 : f32
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %base : f32
      memref.store %v, %S[%i] : memref<4xf32>
    }
    %row = arith.addi %it, %c3 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %s = memref.load %S[%j] : memref<4xf32>
      memref.store %s, %out[%row, %i] : memref<6x4xf32>
    }
  }
  return
}

// The same in two nested loops: A is allocated in the outer body and read at
// the start of the inner body; S is allocated in the inner body after that.
// A = 1000 + 100*o + i, S = 8000 + 100*o + 10*n + i.
func.func @nested_outer_read_at_start(%out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k8 = arith.constant 8000.0 : f32
  %h = arith.constant 100.0 : f32
  %t = arith.constant 10.0 : f32

  // Dead before the loops: a hole for greedy-size to offer.
  %X = memref.alloc() : memref<4xf32>
  linalg.fill ins(%k1 : f32) outs(%X : memref<4xf32>)
  %x0 = memref.load %X[%c0] : memref<4xf32>

  scf.for %o = %c0 to %c2 step %c1 {
    %of0 = arith.index_cast %o : index to i32
    %of = arith.sitofp %of0 : i32 to f32
    %ob0 = arith.mulf %of, %h : f32
    %abase = arith.addf %ob0, %k1 : f32
    %A = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %abase : f32
      memref.store %v, %A[%i] : memref<4xf32>
    }
    scf.for %n = %c0 to %c2 step %c1 {
      // Start of the inner body: the only use of A.
      %o2 = arith.muli %o, %c2 : index
      %row = arith.addi %o2, %n : index
      scf.for %i = %c0 to %c4 step %c1 {
        %a = memref.load %A[%i] : memref<4xf32>
        memref.store %a, %out[%row, %i] : memref<8x4xf32>
      }
      %S = memref.alloc() : memref<4xf32>
      %nf0 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %nf0 : i32 to f32
      %nb0 = arith.mulf %nf, %t : f32
      %sb0 = arith.addf %ob0, %nb0 : f32
      %sbase = arith.addf %sb0, %k8 : f32
      scf.for %i = %c0 to %c4 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %v = arith.addf %fi, %sbase : f32
        memref.store %v, %S[%i] : memref<4xf32>
      }
      %srow = arith.addi %row, %c4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.subi %c3, %i : index
        %s = memref.load %S[%j] : memref<4xf32>
        memref.store %s, %out[%srow, %i] : memref<8x4xf32>
      }
    }
  }
  %x0i = arith.fptosi %x0 : f32 to i32
  %unused = arith.addi %x0i, %x0i : i32
  return
}

// The mirror image: B is allocated before the loop but first touched at the
// end of the body (written), and read at the start of the next iteration;
// S is allocated in between. B = 1000+i before the loop; each iteration
// reads B, makes S = 2*B reversed + 2000, and writes B = S.
// Rows: B before the loop, then B after each of the 3 iterations.
func.func @outer_written_at_end(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32

  %B = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %B[%i] : memref<4xf32>
    memref.store %v, %out[%c0, %i] : memref<4x4xf32>
  }
  %X = memref.alloc() : memref<4xf32>
  linalg.fill ins(%k2 : f32) outs(%X : memref<4xf32>)
  %x0 = memref.load %X[%c0] : memref<4xf32>

  scf.for %it = %c0 to %c3 step %c1 {
    %S = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %b = memref.load %B[%j] : memref<4xf32>
      %b2 = arith.addf %b, %b : f32
      %v = arith.addf %b2, %x0 : f32
      memref.store %v, %S[%i] : memref<4xf32>
    }
    %row = arith.addi %it, %c1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %s = memref.load %S[%i] : memref<4xf32>
      memref.store %s, %B[%i] : memref<4xf32>
      memref.store %s, %out[%row, %i] : memref<4x4xf32>
    }
  }
  return
}

func.func @main() {
  %o1 = memref.alloc() : memref<6x4xf32>
  %x1 = memref.alloc() : memref<4xf32>
  call @outer_read_at_start(%o1, %x1) : (memref<6x4xf32>, memref<4xf32>) -> ()
  %u1 = memref.cast %o1 : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %ux1 = memref.cast %x1 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ux1) : (memref<*xf32>) -> ()
  memref.dealloc %o1 : memref<6x4xf32>
  memref.dealloc %x1 : memref<4xf32>

  %o2 = memref.alloc() : memref<8x4xf32>
  call @nested_outer_read_at_start(%o2) : (memref<8x4xf32>) -> ()
  %u2 = memref.cast %o2 : memref<8x4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %o2 : memref<8x4xf32>

  %o3 = memref.alloc() : memref<4x4xf32>
  call @outer_written_at_end(%o3) : (memref<4x4xf32>) -> ()
  %u3 = memref.cast %o3 : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  memref.dealloc %o3 : memref<4x4xf32>
  return
}
