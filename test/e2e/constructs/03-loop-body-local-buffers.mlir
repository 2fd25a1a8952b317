// Construct 3: buffers allocated inside an scf.for body, used only within
// one iteration, and buffers allocated inside a nested loop's body. Buffers
// of the outer body that are live across the nested loop, and buffers of the
// function live across both loops, must not share bytes with the nested
// loop's buffers; buffers that died earlier in the same iteration may.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// CHECK-LABEL: func.func @body_local
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]]
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]]
// CHECK: memref.view %[[SLAB]]
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]]
// CHECK: memref.view %[[SLAB]]
// CHECK: memref.dealloc %[[SLAB]]
// CHECK-NEXT: return
// CHECK-LABEL: func.func @affine_body_local
// CHECK: %[[SLAB2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB2]]
// CHECK: memref.dealloc %[[SLAB2]]
// CHECK-NEXT: return

// Every buffer of @body_local is planned and bytes are reused.
// SUM: @body_local: planned 5 of 5 buffers (0 left alone) into a 64-byte slab using greedy-size; naive 80 bytes

// OUT: data =
// OUT-NEXT: {{\[}}[2003,   2002,   2001,   2000],
// OUT-NEXT:  [6003,   6004,   6005,   6006],
// OUT-NEXT:  [6013,   6014,   6015,   6016],
// OUT-NEXT:  [1003,   1002,   1001,   1000],
// OUT-NEXT:  [9000,   9001,   9002,   9003]],
// OUT: data =
// OUT: [4003,  4002,  4001,  4000]

func.func private @printMemrefF32(memref<*xf32>)

// for it in 0..3:
//   T = 1000 + 100*it + i             (outer body, read again after the
//                                      nested loop and inside it)
//   U = T reversed + 1000             (outer body, dead before the nested
//                                      loop)
//   for n in 0..2:
//     V = 5000 + 100*it + 10*n + i     (nested body)
//     W = V reversed + T + Z reversed - 9000, where Z = 9000 + i lives
//         across both loops
// out[it] = [U, W(n=0), W(n=1), T reversed, Z read last]
func.func @body_local(%out: memref<3x5x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %h = arith.constant 100.0 : f32
  %t = arith.constant 10.0 : f32

  %Z = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k9 : f32
    memref.store %v, %Z[%i] : memref<4xf32>
  }

  scf.for %it = %c0 to %c3 step %c1 {
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %ith = arith.mulf %itf, %h : f32

    %T = memref.alloc() : memref<4xf32>
    %tbase = arith.addf %ith, %k1 : f32
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %tbase : f32
      memref.store %v, %T[%i] : memref<4xf32>
    }

    %U = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %a = memref.load %T[%j] : memref<4xf32>
      %v = arith.addf %a, %k1 : f32
      memref.store %v, %U[%i] : memref<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %u = memref.load %U[%i] : memref<4xf32>
      memref.store %u, %out[%it, %c0, %i] : memref<3x5x4xf32>
    }

    scf.for %n = %c0 to %c2 step %c1 {
      %nf0 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %nf0 : i32 to f32
      %nt = arith.mulf %nf, %t : f32
      %vb0 = arith.addf %ith, %nt : f32
      %vbase = arith.addf %vb0, %k5 : f32
      %V = memref.alloc() : memref<4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %v = arith.addf %fi, %vbase : f32
        memref.store %v, %V[%i] : memref<4xf32>
      }
      %W = memref.alloc() : memref<4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.subi %c3, %i : index
        %v = memref.load %V[%j] : memref<4xf32>
        %a = memref.load %T[%i] : memref<4xf32>
        %z = memref.load %Z[%j] : memref<4xf32>
        %va = arith.addf %v, %a : f32
        %vaz = arith.addf %va, %z : f32
        %w = arith.subf %vaz, %k9 : f32
        memref.store %w, %W[%i] : memref<4xf32>
      }
      %row = arith.addi %n, %c1 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %w = memref.load %W[%i] : memref<4xf32>
        memref.store %w, %out[%it, %row, %i] : memref<3x5x4xf32>
      }
    }

    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %a = memref.load %T[%j] : memref<4xf32>
      memref.store %a, %out[%it, %c3, %i] : memref<3x5x4xf32>
    }
  }

  scf.for %it = %c0 to %c3 step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      %z = memref.load %Z[%i] : memref<4xf32>
      memref.store %z, %out[%it, %c4, %i] : memref<3x5x4xf32>
    }
  }
  return
}

// The same shape with affine.for loops (lowered by --lower-affine): A is
// allocated in the outer body and read after the inner loop; B in the inner
// body. A = 1000 + 100*it + i, B = 3000 + 100*it + 10*n + i; out[it] =
// A reversed + sum over n of B reversed... accumulated in C (function level).
func.func @affine_body_local(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k1 = arith.constant 1000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4xf32>)
  affine.for %it = 0 to 2 {
    %A = memref.alloc() : memref<4xf32>
    affine.for %i = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k1 : f32
      affine.store %v, %A[%i] : memref<4xf32>
    }
    affine.for %n = 0 to 2 {
      %B = memref.alloc() : memref<4xf32>
      affine.for %i = 0 to 4 {
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %v = arith.addf %fi, %k3 : f32
        affine.store %v, %B[%i] : memref<4xf32>
      }
      affine.for %i = 0 to 4 {
        %b = affine.load %B[3 - %i] : memref<4xf32>
        %c = affine.load %C[%i] : memref<4xf32>
        %s = arith.addf %b, %c : f32
        affine.store %s, %C[%i] : memref<4xf32>
      }
    }
    affine.for %i = 0 to 4 {
      %a = affine.load %A[3 - %i] : memref<4xf32>
      %c = affine.load %C[%i] : memref<4xf32>
      %s = arith.subf %a, %c : f32
      affine.store %s, %C[%i] : memref<4xf32>
    }
  }
  memref.copy %C, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() {
  %o = memref.alloc() : memref<3x5x4xf32>
  call @body_local(%o) : (memref<3x5x4xf32>) -> ()
  %u = memref.cast %o : memref<3x5x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<3x5x4xf32>

  %o2 = memref.alloc() : memref<4xf32>
  call @affine_body_local(%o2) : (memref<4xf32>) -> ()
  %u2 = memref.cast %o2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %o2 : memref<4xf32>
  return
}
