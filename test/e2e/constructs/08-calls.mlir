// Construct 8: calls. Buffers are passed to functions that write their
// argument, that return it (so the call's result aliases the buffer), that
// return one of two arguments, that return a view of it, that copy into it,
// and that have planned buffers of their own. In the caller, each buffer's
// last direct use is the call; the call's result (or the buffer) is read
// after another buffer was allocated and written.
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

// The callee with locals has its own slab.
// CHECK-LABEL: func.func @with_locals
// CHECK: %[[CS:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-COUNT-2: memref.view %[[CS]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// Every buffer of the caller is planned.
// CHECK-LABEL: func.func @calls
// CHECK: %[[S:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-COUNT-14: memref.view %[[S]][
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: return

// SUM: @with_locals: planned 2 of 2 buffers (0 left alone)
// SUM: @calls: planned 14 of 14 buffers (0 left alone)

// OUT: data =
// OUT-NEXT: {{\[\[}}5003,   5004,   5005,   5006],
// OUT-NEXT: [11003,   11004,   11005,   11006],
// OUT-NEXT: [19003,   19004,   19005,   19006],
// OUT-NEXT: [26007,   26008,   26009,   26010],
// OUT-NEXT: [32000,   32003,   32006,   32009],
// OUT-NEXT: [44003,   44005,   44007,   44009],
// OUT-NEXT: [5003,   5004,   5005,   5006],
// OUT-NEXT: [9003,   9004,   9005,   9006]]
// OUT: data =
// OUT-NEXT: {{\[\[}}5003,   5004,   5005,   5006],
// OUT-NEXT: [11003,   11004,   11005,   11006],
// OUT-NEXT: [20003,   20004,   20005,   20006],
// OUT-NEXT: [26007,   26008,   26009,   26010],
// OUT-NEXT: [32000,   32003,   32006,   32009],
// OUT-NEXT: [44003,   44005,   44007,   44009],
// OUT-NEXT: [5003,   5004,   5005,   5006],
// OUT-NEXT: [10003,   10004,   10005,   10006]]

func.func private @printMemrefF32(memref<*xf32>)

// m[i] = k + i
func.func @write_arg(%m: memref<4xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

func.func @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

func.func @nested_identity(%m: memref<4xf32>) -> memref<4xf32> {
  %r = call @identity(%m) : (memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

func.func @pick(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// m[i] = k + i, 8 elements
func.func @write_arg8(%m: memref<8xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %m[%i] : memref<8xf32>
  }
  return
}

// Elements 4..7 of an 8-element buffer.
func.func @upper_half(%m: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>> {
  %s = memref.subview %m[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  return %s : memref<4xf32, strided<[1], offset: 4>>
}

// dst[i] = src[3 - i]
func.func @copy_reversed(%src: memref<4xf32>, %dst: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %v = memref.load %src[%j] : memref<4xf32>
    memref.store %v, %dst[%i] : memref<4xf32>
  }
  return
}

// memref.copy src -> dst
func.func @copy_op(%src: memref<4xf32>, %dst: memref<4xf32>) {
  memref.copy %src, %dst : memref<4xf32> to memref<4xf32>
  return
}

// With planned buffers of its own: T = k + i, L = (m + T) reversed, m = L.
func.func @with_locals(%m: memref<4xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %T = memref.alloc() : memref<4xf32>
  call @write_arg(%T, %k) : (memref<4xf32>, f32) -> ()
  %L = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %mv = memref.load %m[%j] : memref<4xf32>
    %tv = memref.load %T[%j] : memref<4xf32>
    %v = arith.addf %mv, %tv : f32
    memref.store %v, %L[%i] : memref<4xf32>
  }
  call @copy_op(%L, %m) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// out[row] = x reversed + 2 * y
func.func @combine(%x: memref<4xf32>, %y: memref<4xf32>, %out: memref<8x4xf32>, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %xv = memref.load %x[%j] : memref<4xf32>
    %yv = memref.load %y[%i] : memref<4xf32>
    %y2 = arith.addf %yv, %yv : f32
    %v = arith.addf %xv, %y2 : f32
    memref.store %v, %out[%row, %i] : memref<8x4xf32>
  }
  return
}

func.func @calls(%c: i1, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %k6 = arith.constant 6000.0 : f32
  %k7 = arith.constant 7000.0 : f32
  %k8 = arith.constant 8000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %k10 = arith.constant 10000.0 : f32
  %k11 = arith.constant 11000.0 : f32
  %k12 = arith.constant 12000.0 : f32
  %k13 = arith.constant 13000.0 : f32
  %k14 = arith.constant 14000.0 : f32

  // Row 0: a call returning its argument. A's last direct use is the call.
  %A = memref.alloc() : memref<4xf32>
  call @write_arg(%A, %k1) : (memref<4xf32>, f32) -> ()
  %RA = call @identity(%A) : (memref<4xf32>) -> memref<4xf32>
  %B = memref.alloc() : memref<4xf32>
  call @write_arg(%B, %k2) : (memref<4xf32>, f32) -> ()
  call @combine(%RA, %B, %out, %c0) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()

  // Row 1: the same through two calls.
  %N = memref.alloc() : memref<4xf32>
  call @write_arg(%N, %k3) : (memref<4xf32>, f32) -> ()
  %RN = call @nested_identity(%N) : (memref<4xf32>) -> memref<4xf32>
  %M = memref.alloc() : memref<4xf32>
  call @write_arg(%M, %k4) : (memref<4xf32>, f32) -> ()
  call @combine(%RN, %M, %out, %c1) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()

  // Row 2: a call returning one of two arguments.
  %P = memref.alloc() : memref<4xf32>
  call @write_arg(%P, %k5) : (memref<4xf32>, f32) -> ()
  %Q = memref.alloc() : memref<4xf32>
  call @write_arg(%Q, %k6) : (memref<4xf32>, f32) -> ()
  %RPQ = call @pick(%c, %P, %Q) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %F = memref.alloc() : memref<4xf32>
  call @write_arg(%F, %k7) : (memref<4xf32>, f32) -> ()
  call @combine(%RPQ, %F, %out, %c2) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()

  // Row 3: a call returning a view of its argument: V = 8000+i (8 x f32),
  // RV = V[4..8). G = 9000+i (8 x f32) is written after the call; then RV
  // and G's lower half are copied out and combined.
  %V = memref.alloc() : memref<8xf32>
  call @write_arg8(%V, %k8) : (memref<8xf32>, f32) -> ()
  %RV = call @upper_half(%V) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>>
  %G = memref.alloc() : memref<8xf32>
  call @write_arg8(%G, %k9) : (memref<8xf32>, f32) -> ()
  %G0 = memref.subview %G[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %RV4 = memref.alloc() : memref<4xf32>
  memref.copy %RV, %RV4 : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  %G4 = memref.alloc() : memref<4xf32>
  memref.copy %G0, %G4 : memref<4xf32, strided<[1]>> to memref<4xf32>
  call @combine(%RV4, %G4, %out, %c3) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()

  // Row 4: a callee copies into a buffer; the source dies at the call.
  %C = memref.alloc() : memref<4xf32>
  call @write_arg(%C, %k10) : (memref<4xf32>, f32) -> ()
  %D = memref.alloc() : memref<4xf32>
  call @copy_reversed(%C, %D) : (memref<4xf32>, memref<4xf32>) -> ()
  %E = memref.alloc() : memref<4xf32>
  call @write_arg(%E, %k11) : (memref<4xf32>, f32) -> ()
  call @combine(%D, %E, %out, %c4) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()

  // Row 5: a callee with its own planned buffers updates D in place, while
  // E is still to be read; row 6 re-reads RA, B and N's alias RN, which
  // were all written long ago, through the callee.
  call @with_locals(%D, %k12) : (memref<4xf32>, f32) -> ()
  call @combine(%D, %E, %out, %c5) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()
  call @combine(%RN, %RA, %out, %c6) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()
  call @combine(%RPQ, %B, %out, %c7) : (memref<4xf32>, memref<4xf32>, memref<8x4xf32>, index) -> ()
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %o = memref.alloc() : memref<8x4xf32>
  %u = memref.cast %o : memref<8x4xf32> to memref<*xf32>
  call @calls(%true, %o) : (i1, memref<8x4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @calls(%false, %o) : (i1, memref<8x4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<8x4xf32>
  return
}
