// Construct 1: straight-line code where buffers die and later buffers take
// their bytes. Every buffer holds values no other buffer holds (buffer k,
// element i = 1000*k + i), is read after later buffers were written, and
// every value read ends up in the printed output, so two simultaneously live
// buffers at the same offset change what is printed.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.exact
// A time limit that ends before planning starts: greedy-size stacks every
// buffer (ClockedPlacement.h) and the pass warns.
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size time-limit=1e-9" 2>/dev/null | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.stacked
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-greedy-size
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-best
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.stacked
// RUN: diff %t.unplanned %t.objects-greedy-size
// RUN: diff %t.unplanned %t.objects-best
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// The planned IR really uses a slab, and greedy-size really reuses bytes
// (the slab is smaller than the buffers laid end to end).
// CHECK-LABEL: func.func @chain
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-COUNT-6: memref.view %[[SLAB]][
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @sizes
// CHECK: %[[SLAB2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-COUNT-5: memref.view %[[SLAB2]][
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: return

// SUM: @chain: planned 6 of 6 buffers (0 left alone) into a 128-byte slab using greedy-size; naive 224 bytes
// SUM: @sizes: planned 5 of 5 buffers (0 left alone) into a 224-byte slab using greedy-size; naive 272 bytes

// OUT: data =
// OUT-NEXT: [1000,  1001,  1002,  1003,  1004,  1005,  1006,  1007]
// OUT: data =
// OUT-NEXT: [8014.5,  8013.5,  8012.5,  8011.5,  8010.5,  8009.5,  8008.5,  8007.5]
// OUT: data =
// OUT-NEXT: [16022.5,  16023.5,  16024.5,  16025.5,  16026.5,  16027.5,  16028.5,  16029.5]
// OUT: data =
// OUT-NEXT: [1000,  1001,  1002,  1003,  1004,  1005,  1006,  1007,  1008,  1009,  1010,  1011]
// OUT: data =
// OUT-NEXT: [2000,  2001,  2002,  2003,  2004,  2005,  2006,  2007]
// OUT: data =
// OUT-NEXT: [3003,  3002,  3001,  3000]
// OUT: data =
// OUT-NEXT: [-1023,  -1021,  -1019,  -1017,  -1015,  -1013,  -1011,  -1009,  -1007,  -1005,  -1003,  -1001,  -999,  -997,  -995,  -993,  -991,  -989,  -987,  -985]

func.func private @printMemrefF32(memref<*xf32>)

// Six buffers of 8 x f32 (32 bytes; E is 16 x f32), in this order:
//   F = 1000+i  lives from the start to the end;
//   A = 2000+i  dies in the loop that makes B;
//   B = A reversed + 0.5, read reversed by the loop that makes D;
//   C = 3000+i  is allocated after A died and takes A's bytes;
//   D = B reversed + 2 * C reversed, allocated while B and C are live;
//   E (16 x f32) = 4000+i is allocated after B, C died and takes their bytes.
// Each "reversed" read makes a shared offset visible: a loop that writes
// element i of one buffer while reading element 7-i of another one at the
// same address reads a value it already overwrote.
func.func @chain(%out_f: memref<8xf32>, %out_d: memref<8xf32>, %out_e: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %half = arith.constant 0.5 : f32

  %F = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %F[%i] : memref<8xf32>
  }

  %A = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %A[%i] : memref<8xf32>
  }

  %B = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %a = memref.load %A[%j] : memref<8xf32>
    %v = arith.addf %a, %half : f32
    memref.store %v, %B[%i] : memref<8xf32>
  }

  %C = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %C[%i] : memref<8xf32>
  }

  %D = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %b = memref.load %B[%j] : memref<8xf32>
    %c = memref.load %C[%j] : memref<8xf32>
    %c2 = arith.addf %c, %c : f32
    %v = arith.addf %b, %c2 : f32
    memref.store %v, %D[%i] : memref<8xf32>
  }

  %E = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k4 : f32
    memref.store %v, %E[%i] : memref<16xf32>
  }

  // Read everything that is still live, last.
  scf.for %i = %c0 to %c8 step %c1 {
    %f = memref.load %F[%i] : memref<8xf32>
    memref.store %f, %out_f[%i] : memref<8xf32>
    %d = memref.load %D[%i] : memref<8xf32>
    memref.store %d, %out_d[%i] : memref<8xf32>
    %j = arith.addi %i, %c8 : index
    %e0 = memref.load %E[%i] : memref<16xf32>
    %e1 = memref.load %E[%j] : memref<16xf32>
    %e = arith.addf %e0, %e1 : f32
    %ed = arith.addf %e, %d : f32
    memref.store %ed, %out_e[%i] : memref<8xf32>
  }
  return
}

// Buffers of different sizes (48, 32, 16, 80 and 96 bytes), handled by
// linalg and memref.copy rather than explicit loops, so that best-fit puts
// small buffers into the holes left by bigger dead ones:
//   P (12 x f32) = 1000+i, read at the very end;
//   Q (8 x f32)  = 2000+i, copied to the output, then dead;
//   R (4 x f32)  = Q[3-i] + 1000, allocated before Q's last use;
//   S (20 x f32) = 4000+i, allocated after Q died;
//   T (24 x f32) = 5000+i, allocated after R died, folded onto S.
func.func @sizes(%out_p: memref<12xf32>, %out_q: memref<8xf32>, %out_r: memref<4xf32>, %out_s: memref<20xf32>) {
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k5 = arith.constant 5000.0 : f32

  %P = memref.alloc() : memref<12xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%P : memref<12xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    linalg.yield %v : f32
  }

  %Q = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%Q : memref<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    linalg.yield %v : f32
  }

  %R = memref.alloc() : memref<4xf32>
  // R[i] = Q[3 - i] + 1000; Q is read for the last time here.
  linalg.generic {indexing_maps = [affine_map<(i) -> (3 - i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%Q : memref<8xf32>) outs(%R : memref<4xf32>) {
  ^bb0(%q: f32, %o: f32):
    %v = arith.addf %q, %k1 : f32
    linalg.yield %v : f32
  }
  memref.copy %Q, %out_q : memref<8xf32> to memref<8xf32>

  %S = memref.alloc() : memref<20xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%S : memref<20xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k4 : f32
    linalg.yield %v : f32
  }
  memref.copy %R, %out_r : memref<4xf32> to memref<4xf32>

  %T = memref.alloc() : memref<24xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%T : memref<24xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k5 : f32
    linalg.yield %v : f32
  }
  // out_s[i] = S[i] - T[23 - i] = 2*i - 1023.
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (23 - i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%S, %T : memref<20xf32>, memref<24xf32>) outs(%out_s : memref<20xf32>) {
  ^bb0(%s: f32, %t: f32, %o: f32):
    %v = arith.subf %s, %t : f32
    linalg.yield %v : f32
  }
  memref.copy %P, %out_p : memref<12xf32> to memref<12xf32>
  return
}

func.func @main() {
  %f = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<8xf32>
  %e = memref.alloc() : memref<8xf32>
  call @chain(%f, %d, %e) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  %uf = memref.cast %f : memref<8xf32> to memref<*xf32>
  %ud = memref.cast %d : memref<8xf32> to memref<*xf32>
  %ue = memref.cast %e : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()

  %p = memref.alloc() : memref<12xf32>
  %q = memref.alloc() : memref<8xf32>
  %r = memref.alloc() : memref<4xf32>
  %s = memref.alloc() : memref<20xf32>
  call @sizes(%p, %q, %r, %s) : (memref<12xf32>, memref<8xf32>, memref<4xf32>, memref<20xf32>) -> ()
  %up = memref.cast %p : memref<12xf32> to memref<*xf32>
  %uq = memref.cast %q : memref<8xf32> to memref<*xf32>
  %ur = memref.cast %r : memref<4xf32> to memref<*xf32>
  %us = memref.cast %s : memref<20xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  call @printMemrefF32(%uq) : (memref<*xf32>) -> ()
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  memref.dealloc %f : memref<8xf32>
  memref.dealloc %d : memref<8xf32>
  memref.dealloc %e : memref<8xf32>
  memref.dealloc %p : memref<12xf32>
  memref.dealloc %q : memref<8xf32>
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %s : memref<20xf32>
  return
}
