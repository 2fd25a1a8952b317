// Construct 3: buffers allocated inside an scf.for body, used only within
// one iteration, and buffers allocated inside a nested loop's body (scf.for
// and affine.for), plus scf.parallel and linalg.generic bodies. Buffers
// of the outer body that are live across the nested loop, and buffers of the
// function live across both loops, must not share bytes with the nested
// loop's buffers; buffers that died earlier in the same iteration may.
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

// CHECK-LABEL: func.func @body_local
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.for
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @affine_body_local
// CHECK: %[[SLAB2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB2]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @parallel_and_linalg_bodies
// CHECK: %[[SLAB3:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[SLAB3]][
// CHECK: memref.view %[[SLAB3]][
// Each iteration of the scf.parallel allocates a slab for its body's buffer.
// CHECK: scf.parallel
// CHECK-NEXT: %[[BODY:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[BODY]][
// CHECK: memref.dealloc %[[BODY]] :
// CHECK-NEXT: scf.reduce
// CHECK: memref.view %[[SLAB3]][
// CHECK: linalg.generic
// CHECK: memref.dealloc %[[SLAB3]] :
// CHECK-NEXT: return

// Every buffer of @body_local is planned and bytes are reused.
// SUM: @body_local: planned 5 of 5 buffers (0 left alone) into a 64-byte slab using greedy-size; naive 80 bytes
// SUM: @parallel_and_linalg_bodies: planned 4 of 4 buffers (0 left alone) into 2 slabs of 48 bytes in all

// OUT: data =
// OUT-NEXT: {{\[\[}}[2003,    2002,    2001,    2000],
// OUT-NEXT: [6006,    6005,    6004,    6003],
// OUT-NEXT: [6016,    6015,    6014,    6013],
// OUT-NEXT: [1003,    1002,    1001,    1000],
// OUT-NEXT: [9000,    9001,    9002,    9003]],
// OUT-NEXT: {{\[\[}}2103,    2102,    2101,    2100],
// OUT-NEXT: [6206,    6205,    6204,    6203],
// OUT-NEXT: [6216,    6215,    6214,    6213],
// OUT-NEXT: [1103,    1102,    1101,    1100],
// OUT-NEXT: [9000,    9001,    9002,    9003]],
// OUT-NEXT: {{\[\[}}2203,    2202,    2201,    2200],
// OUT-NEXT: [6406,    6405,    6404,    6403],
// OUT-NEXT: [6416,    6415,    6414,    6413],
// OUT-NEXT: [1203,    1202,    1201,    1200],
// OUT-NEXT: [9000,    9001,    9002,    9003]]]
// OUT: data =
// OUT-NEXT: [16244,  16236,  16228,  16220]
// OUT: data =
// OUT-NEXT: {{\[\[}}5003,   5004,   5005,   5006],
// OUT-NEXT: [5103,   5104,   5105,   5106],
// OUT-NEXT: [5203,   5204,   5205,   5206],
// OUT-NEXT: [7006,   7005,   7004,   7003]]


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
// body; C, at function level, accumulates.
//   for it in 0..2: A = 1000 + 100*it + i
//                   for n in 0..2: B = 3000 + 10*n + i; C += B reversed
//                   C += 2 * A reversed
func.func @affine_body_local(%out: memref<4xf32>) {
  %k1 = arith.constant 1000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %h = arith.constant 100.0 : f32
  %t = arith.constant 10.0 : f32
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<4xf32>)
  affine.for %it = 0 to 2 {
    %itf0 = arith.index_cast %it : index to i32
    %itf = arith.sitofp %itf0 : i32 to f32
    %ith = arith.mulf %itf, %h : f32
    %abase = arith.addf %ith, %k1 : f32
    %A = memref.alloc() : memref<4xf32>
    affine.for %i = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %abase : f32
      affine.store %v, %A[%i] : memref<4xf32>
    }
    affine.for %n = 0 to 2 {
      %nf0 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %nf0 : i32 to f32
      %nt = arith.mulf %nf, %t : f32
      %bbase = arith.addf %nt, %k3 : f32
      %B = memref.alloc() : memref<4xf32>
      affine.for %i = 0 to 4 {
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %v = arith.addf %fi, %bbase : f32
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
      %a2 = arith.addf %a, %a : f32
      %s = arith.addf %a2, %c : f32
      affine.store %s, %C[%i] : memref<4xf32>
    }
  }
  memref.copy %C, %out : memref<4xf32> to memref<4xf32>
  return
}

// scf.parallel and linalg.generic bodies that read buffers of the
// function (K = 1000+i, X = 2000+i): a use in the body is a use at the op.
// Each parallel iteration p allocates P = K reversed + 2*X + 100*p (left
// alone: a parallel region) into out[p]. X is dead after the scf.parallel;
// Y = 5000+i, allocated then, may take its bytes but not K's, which the
// linalg.generic body then reads: out[3] = Y + 2 * K reversed.
func.func @parallel_and_linalg_bodies(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %h = arith.constant 100.0 : f32
  %K = memref.alloc() : memref<4xf32>
  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %k = arith.addf %fi, %k1 : f32
    memref.store %k, %K[%i] : memref<4xf32>
    %x = arith.addf %fi, %k2 : f32
    memref.store %x, %X[%i] : memref<4xf32>
  }
  scf.parallel (%p) = (%c0) to (%c3) step (%c1) {
    %pi = arith.index_cast %p : index to i32
    %pf = arith.sitofp %pi : i32 to f32
    %ph = arith.mulf %pf, %h : f32
    %P = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %k = memref.load %K[%j] : memref<4xf32>
      %x = memref.load %X[%i] : memref<4xf32>
      %x2 = arith.addf %x, %x : f32
      %kx = arith.addf %k, %x2 : f32
      %v = arith.addf %kx, %ph : f32
      memref.store %v, %P[%i] : memref<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %P[%i] : memref<4xf32>
      memref.store %v, %out[%p, %i] : memref<4x4xf32>
    }
    memref.dealloc %P : memref<4xf32>
    scf.reduce
  }
  %Y = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k5 : f32
    memref.store %v, %Y[%i] : memref<4xf32>
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%Y : memref<4xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %c3, %i : index
    %k = memref.load %K[%j] : memref<4xf32>
    %kk = arith.addf %k, %k : f32
    %v = arith.addf %y, %kk : f32
    linalg.yield %v : f32
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %Y[%i] : memref<4xf32>
    memref.store %v, %out[%c3, %i] : memref<4x4xf32>
  }
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

  %o3 = memref.alloc() : memref<4x4xf32>
  call @parallel_and_linalg_bodies(%o3) : (memref<4x4xf32>) -> ()
  %u3 = memref.cast %o3 : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  memref.dealloc %o3 : memref<4x4xf32>
  return
}
