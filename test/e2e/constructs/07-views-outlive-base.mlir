// Construct 7: views that outlive their base. In each function the base
// buffer is written directly and then only used to make a view (subview,
// expand_shape, collapse_shape, reinterpret_cast, memref.cast, memref.view
// of an i8 buffer, chains of them, transpose, vector.type_cast,
// memory_space_cast); then another buffer is allocated and written, and
// only after that is the view read. A planner that ended the base's life at
// its last direct use would put the other buffer on top of it.
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

// CHECK-LABEL: func.func @subview
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: %[[BASE1:.*]] = memref.view %[[S1]][
// CHECK: memref.subview %[[BASE1]][
// CHECK: memref.view %[[S1]][
// CHECK-LABEL: func.func @expand_shape
// CHECK: %[[S2:.*]] = memref.alloc()
// CHECK: %[[BASE2:.*]] = memref.view %[[S2]][
// CHECK: memref.expand_shape %[[BASE2]] {{\[}}
// CHECK: memref.view %[[S2]][
// CHECK-LABEL: func.func @collapse_shape
// CHECK: %[[S3:.*]] = memref.alloc()
// CHECK: %[[BASE3:.*]] = memref.view %[[S3]][
// CHECK: memref.collapse_shape %[[BASE3]] {{\[}}
// CHECK: memref.view %[[S3]][
// CHECK-LABEL: func.func @reinterpret_cast
// CHECK: %[[S4:.*]] = memref.alloc()
// CHECK: %[[BASE4:.*]] = memref.view %[[S4]][
// CHECK: memref.reinterpret_cast %[[BASE4]] to
// CHECK: memref.view %[[S4]][
// CHECK-LABEL: func.func @cast
// CHECK: %[[S5:.*]] = memref.alloc()
// CHECK: %[[BASE5:.*]] = memref.view %[[S5]][
// CHECK: memref.cast %[[BASE5]] :
// CHECK: memref.view %[[S5]][
// CHECK-LABEL: func.func @view_of_bytes
// CHECK: %[[S6:.*]] = memref.alloc()
// CHECK: %[[BASE6:.*]] = memref.view %[[S6]][{{.*}} to memref<64xi8>
// CHECK: memref.view %[[BASE6]][
// CHECK: memref.view %[[S6]][{{.*}} to memref<16xf32>
// CHECK-LABEL: func.func @chain
// CHECK: %[[S7:.*]] = memref.alloc()
// CHECK: %[[BASE7:.*]] = memref.view %[[S7]][
// CHECK: memref.expand_shape %[[BASE7]] {{\[}}
// CHECK: memref.view %[[S7]][
// CHECK-LABEL: func.func @more_views
// CHECK: %[[S8:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: %[[T:.*]] = memref.view %[[S8]][{{.*}} to memref<2x4xf32>
// CHECK: %[[V:.*]] = memref.view %[[S8]][{{.*}} to memref<4xf32>
// CHECK: %[[S:.*]] = memref.view %[[S8]][{{.*}} to memref<8xf32>
// CHECK: memref.transpose %[[T]] (
// CHECK: vector.type_cast %[[V]] :
// CHECK: memref.memory_space_cast %[[S]] :
// CHECK: memref.view %[[S8]][{{.*}} to memref<24xf32>

// SUM: @subview: planned 2 of 2 buffers (0 left alone)
// SUM: @expand_shape: planned 2 of 2 buffers (0 left alone)
// SUM: @collapse_shape: planned 3 of 3 buffers (0 left alone)
// SUM: @reinterpret_cast: planned 2 of 2 buffers (0 left alone)
// SUM: @cast: planned 2 of 2 buffers (0 left alone)
// SUM: @view_of_bytes: planned 2 of 2 buffers (0 left alone)
// SUM: @chain: planned 2 of 2 buffers (0 left alone)
// SUM: @more_views: planned 4 of 4 buffers (0 left alone)

// OUT: data =
// OUT-NEXT: [5011,  5012,  5013,  5014,  5015,  5016,  5017,  5018,  2008,  2009,  2010,  2011,  2012,  2013,  2014,  2015]
// OUT: data =
// OUT-NEXT: [5007,  5008,  5009,  5010,  5011,  5012,  5013,  5014]
// OUT: data =
// OUT-NEXT: [6013,  6014,  6015,  6016,  6023,  6024,  6025,  6026]
// OUT: data =
// OUT-NEXT: [5007,  5008,  5009,  5010,  5011,  5012,  2006,  2007]
// OUT: data =
// OUT-NEXT: [4007,  4008,  4009,  4010,  4011,  4012,  4013,  4014]
// OUT: data =
// OUT-NEXT: [5003,  5004,  5005,  5006,  3001,  3000,  4003,  4002,  2008,  2009,  2010,  2011,  2012,  2013,  2014,  2015]
// OUT: data =
// OUT-NEXT: [5011,  5012,  5013,  5014,  5015,  5016,  5017,  5018,  2008,  2009,  2010,  2011,  2012,  2013,  2014,  2015]
// OUT: data =
// OUT-NEXT: {{\[\[}}19013,   19005,   19016,   19008,   19019,   19011,   19022,   19014],
// OUT-NEXT: [20019,   20020,   20021,   20022,   20027,   20028,   20029,   20030],
// OUT-NEXT: [15023,   15024,   15025,   15026,   15027,   15028,   15029,   15030]]

func.func private @printMemrefF32(memref<*xf32>)

// A = 1000+i (16 x f32); S = A[4..12). B = 2000+i (16 x f32) is written
// after the subview. out[i] = S[7-i] + 2*B[i] for i < 8, then B[i] for i >= 8.
func.func @subview(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %A = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<16xf32>
  }
  %S = memref.subview %A[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %B = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %B[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %s = memref.load %S[%j] : memref<8xf32, strided<[1], offset: 4>>
    %b = memref.load %B[%i] : memref<16xf32>
    %b2 = arith.addf %b, %b : f32
    %v = arith.addf %s, %b2 : f32
    memref.store %v, %out[%i] : memref<16xf32>
  }
  scf.for %i = %c8 to %c16 step %c1 {
    %b = memref.load %B[%i] : memref<16xf32>
    memref.store %b, %out[%i] : memref<16xf32>
  }
  return
}

// C = 1000+i (8 x f32), E = C as 2x4. D = 2000+i (8 x f32) is written
// after the expand_shape. out[i] = E[1 - i/4][3 - i%4] + 2*D[i] (C reversed).
func.func @expand_shape(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %C = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %C[%i] : memref<8xf32>
  }
  %E = memref.expand_shape %C [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %D = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %D[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %q = arith.divui %i, %c4 : index
    %r = arith.remui %i, %c4 : index
    %row = arith.subi %c1, %q : index
    %col = arith.subi %c3, %r : index
    %e = memref.load %E[%row, %col] : memref<2x4xf32>
    %d = memref.load %D[%i] : memref<8xf32>
    %d2 = arith.addf %d, %d : f32
    %v = arith.addf %e, %d2 : f32
    memref.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// F = 1000 + 10*r + c (2x4), G = F as 8. H = 2000 + 10*r + c (2x4) is
// written after the collapse_shape. out[i] = G[7-i] + H[i/4][i%4].
func.func @collapse_shape(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %t = arith.constant 10.0 : f32
  %F = memref.alloc() : memref<2x4xf32>
  %H = memref.alloc() : memref<2x4xf32>
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %c = %c0 to %c4 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %ci = arith.index_cast %c : index to i32
      %cf = arith.sitofp %ci : i32 to f32
      %r10 = arith.mulf %rf, %t : f32
      %rc = arith.addf %r10, %cf : f32
      %v = arith.addf %rc, %k1 : f32
      memref.store %v, %F[%r, %c] : memref<2x4xf32>
    }
  }
  %G = memref.collapse_shape %F [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  // H is allocated above F's collapse (so that its lifetime starts before),
  // but written only now; a third buffer I is allocated and written here.
  %I = memref.alloc() : memref<2x4xf32>
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %c = %c0 to %c4 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %ci = arith.index_cast %c : index to i32
      %cf = arith.sitofp %ci : i32 to f32
      %r10 = arith.mulf %rf, %t : f32
      %rc = arith.addf %r10, %cf : f32
      %v = arith.addf %rc, %k2 : f32
      memref.store %v, %H[%r, %c] : memref<2x4xf32>
      %w = arith.addf %v, %k1 : f32
      memref.store %w, %I[%r, %c] : memref<2x4xf32>
    }
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %g = memref.load %G[%j] : memref<8xf32>
    %q = arith.divui %i, %c4 : index
    %r = arith.remui %i, %c4 : index
    %h = memref.load %H[%q, %r] : memref<2x4xf32>
    %w = memref.load %I[%q, %r] : memref<2x4xf32>
    %gh = arith.addf %g, %h : f32
    %v = arith.addf %gh, %w : f32
    memref.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// R = 1000+i (8 x f32); RC = R as offset 2, sizes [2, 3], strides [3, 1]
// (elements 2..7). J = 2000+i (8 x f32) is written after the cast.
// out[3*a + b] = RC[1-a][2-b] + 2*J[3*a + b] for a < 2, b < 3; out[6..8) = J.
func.func @reinterpret_cast(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %R = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %R[%i] : memref<8xf32>
  }
  %RC = memref.reinterpret_cast %R to offset: [2], sizes: [2, 3], strides: [3, 1] : memref<8xf32> to memref<2x3xf32, strided<[3, 1], offset: 2>>
  %J = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %J[%i] : memref<8xf32>
  }
  scf.for %a = %c0 to %c2 step %c1 {
    scf.for %b = %c0 to %c3 step %c1 {
      %ra = arith.subi %c1, %a : index
      %rb = arith.subi %c2, %b : index
      %x = memref.load %RC[%ra, %rb] : memref<2x3xf32, strided<[3, 1], offset: 2>>
      %a3 = arith.muli %a, %c3 : index
      %i = arith.addi %a3, %b : index
      %jv = memref.load %J[%i] : memref<8xf32>
      %jv2 = arith.addf %jv, %jv : f32
      %v = arith.addf %x, %jv2 : f32
      memref.store %v, %out[%i] : memref<8xf32>
    }
  }
  scf.for %i = %c6 to %c8 step %c1 {
    %jv = memref.load %J[%i] : memref<8xf32>
    memref.store %jv, %out[%i] : memref<8xf32>
  }
  return
}

// K = 1000+i (8 x f32); KC = K cast to a dynamic size, KS = K cast to a
// dynamic stride and offset. M = 2000+i is written after the casts.
// out[i] = KC[7-i] + M[i] + KS[i].
func.func @cast(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %K = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %K[%i] : memref<8xf32>
  }
  %KC = memref.cast %K : memref<8xf32> to memref<?xf32>
  %KS = memref.cast %K : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
  %M = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %M[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %x = memref.load %KC[%j] : memref<?xf32>
    %y = memref.load %KS[%i] : memref<8xf32, strided<[?], offset: ?>>
    %m = memref.load %M[%i] : memref<8xf32>
    %xm = arith.addf %x, %m : f32
    %v = arith.addf %xm, %y : f32
    memref.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// Bytes (64 x i8) are viewed as 4 x f32 at byte 0, 2 x f64 at byte 16 and
// 4 x i32 at byte 32 (a dynamic-size view), each written through the view;
// the base is not used after the views are made. N = 2000+i (16 x f32) is
// written after that. out = [F32 reversed + 2*N[0..4), F64 reversed,
// I32 reversed, N[8..16)].
func.func @view_of_bytes(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f64
  %k4 = arith.constant 4000 : i32
  %bytes = memref.alloc() : memref<64xi8>
  %vf = memref.view %bytes[%c0][] : memref<64xi8> to memref<4xf32>
  %vd = memref.view %bytes[%c16][] : memref<64xi8> to memref<2xf64>
  %vi = memref.view %bytes[%c32][%c4] : memref<64xi8> to memref<?xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %vf[%i] : memref<4xf32>
    %w = arith.addi %ii, %k4 : i32
    memref.store %w, %vi[%i] : memref<?xi32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f64
    %v = arith.addf %fi, %k3 : f64
    memref.store %v, %vd[%i] : memref<2xf64>
  }
  %N = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %N[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %f = memref.load %vf[%j] : memref<4xf32>
    %n = memref.load %N[%i] : memref<16xf32>
    %n2 = arith.addf %n, %n : f32
    %v = arith.addf %f, %n2 : f32
    memref.store %v, %out[%i] : memref<16xf32>
    %iv = memref.load %vi[%j] : memref<?xi32>
    %ivf = arith.sitofp %iv : i32 to f32
    %o = arith.addi %i, %c6 : index
    memref.store %ivf, %out[%o] : memref<16xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %j = arith.subi %c1, %i : index
    %d = memref.load %vd[%j] : memref<2xf64>
    %df = arith.truncf %d : f64 to f32
    %o = arith.addi %i, %c4 : index
    memref.store %df, %out[%o] : memref<16xf32>
  }
  scf.for %i = %c8 to %c16 step %c1 {
    %n = memref.load %N[%i] : memref<16xf32>
    memref.store %n, %out[%i] : memref<16xf32>
  }
  return
}

// A chain of views: P (16 x f32) = 1000+i -> expand_shape to 4x4 ->
// subview of rows 1..3 -> cast to dynamic strides -> collapse_shape of the
// (contiguous) rows to 8 elements. Q = 2000+i (16 x f32) is written after
// the whole chain was built. out[i] = last[7-i] + 2*Q[i] for i < 8, Q after.
func.func @chain(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %P = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %P[%i] : memref<16xf32>
  }
  %e = memref.expand_shape %P [[0, 1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  %s = memref.subview %e[1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
  %c = memref.cast %s : memref<2x4xf32, strided<[4, 1], offset: 4>> to memref<2x4xf32, strided<[4, 1], offset: ?>>
  %flat = memref.collapse_shape %c [[0, 1]] : memref<2x4xf32, strided<[4, 1], offset: ?>> into memref<8xf32, strided<[1], offset: ?>>
  %Q = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %Q[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %x = memref.load %flat[%j] : memref<8xf32, strided<[1], offset: ?>>
    %q = memref.load %Q[%i] : memref<16xf32>
    %q2 = arith.addf %q, %q : f32
    %v = arith.addf %x, %q2 : f32
    memref.store %v, %out[%i] : memref<16xf32>
  }
  scf.for %i = %c8 to %c16 step %c1 {
    %q = memref.load %Q[%i] : memref<16xf32>
    memref.store %q, %out[%i] : memref<16xf32>
  }
  return
}

// memref.transpose, vector.type_cast and memory_space_cast (to space 1
// and back) of three buffers, made before Z (24 x f32) = 9000+i is
// written and read after: T (2x4) = 1000 + 10*r + c read transposed,
// V (4) = 2000+i read as one vector<4xf32>, S (8) = 3000+i read through
// both casts. out[0][i] = TT[(7-i)/2][(7-i)%2] + 2*Z[i],
// out[1][i] = V[(7-i)%4] + 2*Z[8+i], out[2][i] = S[7-i] + S[i] + Z[16+i].
func.func @more_views(%out: memref<3x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  // T (2x4) = 1000 + 10*r + c; TT = transpose (4x2).
  %T = memref.alloc() : memref<2x4xf32>
  // V (4) = 2000+i; VV = vector.type_cast to memref<vector<4xf32>>.
  %V = memref.alloc() : memref<4xf32>
  // S (8) = 3000+i; SS = memory_space_cast to space 1, SB = back to 0.
  %S = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    %lo = arith.cmpi ult, %i, %c4 : index
    scf.if %lo {
      memref.store %v, %V[%i] : memref<4xf32>
    }
    %s = arith.addf %fi, %k3 : f32
    memref.store %s, %S[%i] : memref<8xf32>
    %r = arith.divui %i, %c4 : index
    %c = arith.remui %i, %c4 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ten = arith.constant 10.0 : f32
    %r10 = arith.mulf %rf, %ten : f32
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %t0 = arith.addf %r10, %cf : f32
    %t = arith.addf %t0, %k1 : f32
    memref.store %t, %T[%r, %c] : memref<2x4xf32>
  }
  %TT = memref.transpose %T (i, j) -> (j, i) : memref<2x4xf32> to memref<4x2xf32, strided<[1, 4]>>
  %VV = vector.type_cast %V : memref<4xf32> to memref<vector<4xf32>>
  %SS = memref.memory_space_cast %S : memref<8xf32> to memref<8xf32, 1>
  %SB = memref.memory_space_cast %SS : memref<8xf32, 1> to memref<8xf32>
  // Z (3 x 8) = 9000+i is written after the views were made.
  %Z = memref.alloc() : memref<24xf32>
  %c24 = arith.constant 24 : index
  scf.for %i = %c0 to %c24 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k9 : f32
    memref.store %v, %Z[%i] : memref<24xf32>
  }
  %vv = memref.load %VV[] : memref<vector<4xf32>>
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    // row 0: TT[j/2][j%2] (T transposed, read backwards)
    %a = arith.divui %j, %c2 : index
    %b = arith.remui %j, %c2 : index
    %t = memref.load %TT[%a, %b] : memref<4x2xf32, strided<[1, 4]>>
    %z0 = memref.load %Z[%i] : memref<24xf32>
    %z02 = arith.addf %z0, %z0 : f32
    %v0 = arith.addf %t, %z02 : f32
    memref.store %v0, %out[%c0, %i] : memref<3x8xf32>
    // row 1: lane (7-i) mod 4 of VV
    %j4 = arith.remui %j, %c4 : index
    %l = vector.extract %vv[%j4] : f32 from vector<4xf32>
    %i8 = arith.addi %i, %c8 : index
    %z1 = memref.load %Z[%i8] : memref<24xf32>
    %z12 = arith.addf %z1, %z1 : f32
    %v1 = arith.addf %l, %z12 : f32
    memref.store %v1, %out[%c1, %i] : memref<3x8xf32>
    // row 2: SS[7-i] through the space-1 view and SB[i]
    %s1 = memref.load %SS[%j] : memref<8xf32, 1>
    %s0 = memref.load %SB[%i] : memref<8xf32>
    %i16 = arith.addi %i, %c8 : index
    %i16b = arith.addi %i16, %c8 : index
    %z2 = memref.load %Z[%i16b] : memref<24xf32>
    %s10 = arith.addf %s1, %s0 : f32
    %v2 = arith.addf %s10, %z2 : f32
    memref.store %v2, %out[%c2, %i] : memref<3x8xf32>
  }
  return
}
func.func @main() {
  %o16 = memref.alloc() : memref<16xf32>
  %u16 = memref.cast %o16 : memref<16xf32> to memref<*xf32>
  %o8 = memref.alloc() : memref<8xf32>
  %u8 = memref.cast %o8 : memref<8xf32> to memref<*xf32>
  call @subview(%o16) : (memref<16xf32>) -> ()
  call @printMemrefF32(%u16) : (memref<*xf32>) -> ()
  call @expand_shape(%o8) : (memref<8xf32>) -> ()
  call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  call @collapse_shape(%o8) : (memref<8xf32>) -> ()
  call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  call @reinterpret_cast(%o8) : (memref<8xf32>) -> ()
  call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  call @cast(%o8) : (memref<8xf32>) -> ()
  call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  call @view_of_bytes(%o16) : (memref<16xf32>) -> ()
  call @printMemrefF32(%u16) : (memref<*xf32>) -> ()
  call @chain(%o16) : (memref<16xf32>) -> ()
  call @printMemrefF32(%u16) : (memref<*xf32>) -> ()
  %o38 = memref.alloc() : memref<3x8xf32>
  call @more_views(%o38) : (memref<3x8xf32>) -> ()
  %u38 = memref.cast %o38 : memref<3x8xf32> to memref<*xf32>
  call @printMemrefF32(%u38) : (memref<*xf32>) -> ()
  memref.dealloc %o38 : memref<3x8xf32>
  memref.dealloc %o16 : memref<16xf32>
  memref.dealloc %o8 : memref<8xf32>
  return
}
