// Whole writes: what begins a new life of a buffer (split-lives) besides a
// structured op writing it directly. Each function fills %t, reads it, then
// writes it whole in another form, which begins its second life, and reads
// it again; the negatives write part of it, read it first, or may skip the
// write, and begin none.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=split-lives=true -o /dev/null | FileCheck %s

#id = affine_map<(d0) -> (d0)>

// Through views of every element: a cast, a reshape, a subview of the full
// extent (rank-reducing too). A view made before the first access does not
// make a life of its own.
// CHECK-LABEL: @through_views: 8 buffers
// CHECK: "c" memref<8xf32>: planned [{{.*}}), life 1 begun by 'linalg.fill' "cast"
// CHECK: "r" memref<2x4xf32>: planned [{{.*}}), life 1 begun by 'linalg.generic' "reshape"
// CHECK: "s" memref<8xf32>: planned [{{.*}}), life 1 begun by 'memref.copy' "subview"
// CHECK: "u" memref<1x8xf32>: planned [{{.*}}), life 1 begun by 'linalg.fill' "reducing"
func.func @through_views(%x: memref<8xf32>, %out: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %c = memref.alloc() : memref<8xf32> loc("c")
  linalg.fill ins(%one : f32) outs(%c : memref<8xf32>)
  linalg.add ins(%c, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %cd = memref.cast %c : memref<8xf32> to memref<?xf32>
  linalg.fill ins(%one : f32) outs(%cd : memref<?xf32>) loc("cast")
  linalg.add ins(%c, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %r = memref.alloc() : memref<2x4xf32> loc("r")
  %rf = memref.collapse_shape %r [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  linalg.fill ins(%one : f32) outs(%r : memref<2x4xf32>)
  linalg.add ins(%rf, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<8xf32>) outs(%rf : memref<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } loc("reshape")
  linalg.add ins(%rf, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %s = memref.alloc() : memref<8xf32> loc("s")
  linalg.fill ins(%one : f32) outs(%s : memref<8xf32>)
  linalg.add ins(%s, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %all = memref.subview %s[0] [8] [1] : memref<8xf32> to memref<8xf32, strided<[1]>>
  memref.copy %x, %all : memref<8xf32> to memref<8xf32, strided<[1]>> loc("subview")
  linalg.add ins(%s, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %u = memref.alloc() : memref<1x8xf32> loc("u")
  %row = memref.subview %u[0, 0] [1, 8] [1, 1] : memref<1x8xf32> to memref<8xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%u : memref<1x8xf32>)
  linalg.add ins(%row, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  linalg.fill ins(%one : f32) outs(%row : memref<8xf32, strided<[1]>>) loc("reducing")
  linalg.add ins(%row, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// Whole vectors at index 0.
// CHECK-LABEL: @vectors: 4 buffers
// CHECK: "w" memref<2x4xf32>: planned [{{.*}}), life 1 begun by 'vector.transfer_write' "transfer"
// CHECK: "v" memref<8xf32>: planned [{{.*}}), life 1 begun by 'vector.store' "store"
func.func @vectors(%x: vector<2x4xf32>, %y: vector<8xf32>, %out: memref<2x4xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %w = memref.alloc() : memref<2x4xf32> loc("w")
  linalg.fill ins(%one : f32) outs(%w : memref<2x4xf32>)
  linalg.add ins(%w, %out : memref<2x4xf32>, memref<2x4xf32>) outs(%out : memref<2x4xf32>)
  vector.transfer_write %x, %w[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32> loc("transfer")
  linalg.add ins(%w, %out : memref<2x4xf32>, memref<2x4xf32>) outs(%out : memref<2x4xf32>)
  %v = memref.alloc() : memref<8xf32> loc("v")
  linalg.fill ins(%one : f32) outs(%v : memref<8xf32>)
  %l = vector.load %v[%c0] : memref<8xf32>, vector<8xf32>
  vector.store %y, %v[%c0] : memref<8xf32>, vector<8xf32> loc("store")
  %m = vector.load %v[%c0] : memref<8xf32>, vector<8xf32>
  return
}

// Loops storing every element once: scf.for over a transposed index order
// (with another loop around that repeats the stores: each of its iterations
// writes the whole buffer first, and the life is live in each from there),
// affine.for.
// CHECK-LABEL: @store_loops: 4 buffers
// CHECK: "n" memref<3x4xf32>: planned [{{.*}}), life 1 begun by 'scf.for' "nest", each iteration from 'scf.for'

// CHECK: "a" memref<8xf32>: planned [{{.*}}), life 1 begun by 'affine.for' "affine"
func.func @store_loops(%x: memref<8xf32>, %out: memref<3x4xf32>, %out1: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %n = memref.alloc() : memref<3x4xf32> loc("n")
  linalg.fill ins(%one : f32) outs(%n : memref<3x4xf32>)
  linalg.add ins(%n, %out : memref<3x4xf32>, memref<3x4xf32>) outs(%out : memref<3x4xf32>)
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %x[%j] : memref<8xf32>
      scf.for %i = %c0 to %c3 step %c1 {
        memref.store %v, %n[%i, %j] : memref<3x4xf32>
      }
    }
  } loc("nest")
  linalg.add ins(%n, %out : memref<3x4xf32>, memref<3x4xf32>) outs(%out : memref<3x4xf32>)
  %a = memref.alloc() : memref<8xf32> loc("a")
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  linalg.add ins(%a, %out1 : memref<8xf32>, memref<8xf32>) outs(%out1 : memref<8xf32>)
  affine.for %i = 0 to 8 {
    affine.store %one, %a[%i] : memref<8xf32>
  } loc("affine")
  linalg.add ins(%a, %out1 : memref<8xf32>, memref<8xf32>) outs(%out1 : memref<8xf32>)
  return
}

// Every branch writes the whole buffer first: scf.if with an else (one
// branch by a store loop), scf.index_switch.
// CHECK-LABEL: @branches: 4 buffers
// CHECK: "b" memref<8xf32>: planned [{{.*}}), life 1 begun by 'scf.if' "if"
// CHECK: "s" memref<8xf32>: planned [{{.*}}), life 1 begun by 'scf.index_switch' "switch"
func.func @branches(%x: memref<8xf32>, %out: memref<8xf32>, %c: i1, %k: index) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %b = memref.alloc() : memref<8xf32> loc("b")
  linalg.fill ins(%one : f32) outs(%b : memref<8xf32>)
  linalg.add ins(%b, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.if %c {
    memref.copy %x, %b : memref<8xf32> to memref<8xf32>
    linalg.add ins(%b, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  } else {
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %one, %b[%i] : memref<8xf32>
    }
  } loc("if")
  linalg.add ins(%b, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %s = memref.alloc() : memref<8xf32> loc("s")
  linalg.fill ins(%one : f32) outs(%s : memref<8xf32>)
  linalg.add ins(%s, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.index_switch %k
  case 0 {
    memref.copy %x, %s : memref<8xf32> to memref<8xf32>
    scf.yield
  }
  default {
    linalg.fill ins(%one : f32) outs(%s : memref<8xf32>)
    scf.yield
  } loc("switch")
  linalg.add ins(%s, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// None of these writes every element before reading any: a subview
// leaving one element out, a subview of stride 2, a masked transfer, a
// smaller vector, a store loop short of the extent, one storing at a
// constant, one that also loads the buffer, one storing the diagonal, a
// store under an scf.if in the loop, a store loop of dynamic bound, an
// scf.if without else, an scf.if whose else reads first.
// CHECK-LABEL: @partial: 12 buffers
// CHECK-NOT: life 1
// CHECK-LABEL: @end
func.func @partial(%x: memref<8xf32>, %out: memref<8xf32>, %sq: memref<4x4xf32>, %c: i1, %n: index, %vec: vector<8xf32>, %mask: vector<8xi1>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %p0 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p0 : memref<8xf32>)
  linalg.add ins(%p0, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %head = memref.subview %p0[0] [7] [1] : memref<8xf32> to memref<7xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%head : memref<7xf32, strided<[1]>>)
  linalg.add ins(%p0, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p1 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p1 : memref<8xf32>)
  linalg.add ins(%p1, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %even = memref.subview %p1[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  linalg.fill ins(%one : f32) outs(%even : memref<4xf32, strided<[2]>>)
  linalg.add ins(%p1, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p2 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p2 : memref<8xf32>)
  linalg.add ins(%p2, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  vector.transfer_write %vec, %p2[%c0], %mask {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  linalg.add ins(%p2, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p3 = memref.alloc() : memref<16xf32>
  %p3h = memref.subview %p3[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%p3 : memref<16xf32>)
  linalg.add ins(%p3h, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  vector.store %vec, %p3[%c0] : memref<16xf32>, vector<8xf32>
  linalg.add ins(%p3h, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p4 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p4 : memref<8xf32>)
  linalg.add ins(%p4, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c7 step %c1 {
    memref.store %one, %p4[%i] : memref<8xf32>
  }
  linalg.add ins(%p4, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p5 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p5 : memref<8xf32>)
  linalg.add ins(%p5, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %one, %p5[%c0] : memref<8xf32>
  }
  linalg.add ins(%p5, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p6 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p6 : memref<8xf32>)
  linalg.add ins(%p6, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %p6[%i] : memref<8xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %p6[%i] : memref<8xf32>
  }
  linalg.add ins(%p6, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p7 = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%one : f32) outs(%p7 : memref<4x4xf32>)
  linalg.add ins(%p7, %sq : memref<4x4xf32>, memref<4x4xf32>) outs(%sq : memref<4x4xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %one, %p7[%i, %i] : memref<4x4xf32>
    }
  }
  linalg.add ins(%p7, %sq : memref<4x4xf32>, memref<4x4xf32>) outs(%sq : memref<4x4xf32>)

  %p8 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p8 : memref<8xf32>)
  linalg.add ins(%p8, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c8 step %c1 {
    scf.if %c {
      memref.store %one, %p8[%i] : memref<8xf32>
    }
  }
  linalg.add ins(%p8, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p9 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p9 : memref<8xf32>)
  linalg.add ins(%p9, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %p9[%i] : memref<8xf32>
  }
  linalg.add ins(%p9, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p10 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p10 : memref<8xf32>)
  linalg.add ins(%p10, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.if %c {
    memref.copy %x, %p10 : memref<8xf32> to memref<8xf32>
  }
  linalg.add ins(%p10, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)

  %p11 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%p11 : memref<8xf32>)
  linalg.add ins(%p11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.if %c {
    memref.copy %x, %p11 : memref<8xf32> to memref<8xf32>
  } else {
    linalg.add ins(%p11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
    memref.copy %x, %p11 : memref<8xf32> to memref<8xf32>
  }
  linalg.add ins(%p11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

func.func @end() {
  return
}
