// A dynamic size with a constant upper bound is planned at the bound, as a
// memref.view with the dynamic sizes of the allocation. A size with no
// bound that is a polynomial of the function's arguments is planned for
// every value: the slab is sized where the function begins
// (test/Transforms/run-time-sizes.mlir). Other sizes with no bound, and
// non-identity layouts, cannot be views of a slab: left alone, while the
// buffers beside them are planned.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// %dyn and %static are never live at once: the slab is the larger.
// CHECK-LABEL: func.func @mixed
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %arg0 : index
// CHECK: %[[SIZE:.*]] = arith.maxui %[[BYTES]], %{{.*}} : index
// CHECK: %[[SLAB:.*]] = memref.alloc(%[[SIZE]]) {alignment = 16 : i64} : memref<?xi8>
// CHECK: memref.view %[[SLAB]][%{{.*}}][%arg0] : memref<?xi8> to memref<?xf32>
// CHECK: memref.alloc() : memref<4xf32, strided<[2]>>
// CHECK: memref.view %[[SLAB]]
func.func @mixed(%n: index) {
  %one = arith.constant 1.0 : f32
  %dyn = memref.alloc(%n) : memref<?xf32>
  // expected-remark @below {{memplan-offsets: left alone: has a non-identity layout}}
  %strided = memref.alloc() : memref<4xf32, strided<[2]>>
  %static = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%strided : memref<4xf32, strided<[2]>>)
  linalg.fill ins(%one : f32) outs(%static : memref<4xf32>)
  return
}

// A tile of at most 4 rows of 8: 128 bytes, live with a static 16-byte
// buffer.
// The view takes the affine.min as its size.
// CHECK-LABEL: func.func @bounded
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<144xi8>
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK-NEXT: memref.view %[[SLAB]][%{{.*}}][%[[ROWS]]] : memref<144xi8> to memref<?x8xf32>
// CHECK: memref.view %[[SLAB]][%{{.*}}][] : memref<144xi8> to memref<4xf32>
func.func @bounded(%i: index) {
  %one = arith.constant 1.0 : f32
  %rows = affine.min affine_map<(d0) -> (4, 10 - d0)>(%i)
  %tile = memref.alloc(%rows) : memref<?x8xf32>
  %static = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%static : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%tile : memref<?x8xf32>)
  linalg.add ins(%static, %static : memref<4xf32>, memref<4xf32>) outs(%static : memref<4xf32>)
  return
}

// -lower-affine and -arith-expand turn an affine.min into arith's min, max
// and select, which upstream's value bounds do not read: they are taken
// apart. Sizes in bytes, as export writes them (f32, so four times the
// bound); where no operand bounds the size, the buffer is left alone.
// RUN: memplan-opt %s --memplan-export=%t.csv -o /dev/null
// RUN: FileCheck %s --check-prefix=ARITH --input-file=%t.csv
// ARITH: @arith_bounds/0/0,{{[0-9]+}},{{[0-9]+}},16,16
// ARITH-NEXT: @arith_bounds/0/1,{{[0-9]+}},{{[0-9]+}},24,16
// ARITH-NEXT: @arith_bounds/0/2,{{[0-9]+}},{{[0-9]+}},20,16
// ARITH-NEXT: @arith_bounds/0/3,{{[0-9]+}},{{[0-9]+}},12,16
// ARITH-NEXT: @arith_bounds/0/4,{{[0-9]+}},{{[0-9]+}},32,16
// ARITH-NEXT: @arith_bounds/0/5,{{[0-9]+}},{{[0-9]+}},20,16
// ARITH-NOT: @arith_bounds
func.func @arith_bounds(%n: index, %m: index, %cond: i1) {
  %one = arith.constant 1.0 : f32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %cminus1 = arith.constant -1 : index
  // At most 4.
  %a = arith.minsi %n, %c4 : index
  %bufA = memref.alloc(%a) : memref<?xf32>
  // At most 6, two levels down.
  %inner = arith.minsi %c6, %n : index
  %b = arith.minsi %m, %inner : index
  %bufB = memref.alloc(%b) : memref<?xf32>
  // The unsigned min with 5 lies in [0, 5], whatever %n.
  %c = arith.minui %n, %c5 : index
  %bufC = memref.alloc(%c) : memref<?xf32>
  // -1 is the largest unsigned index: nothing bounds this one.
  %d = arith.minui %n, %cminus1 : index
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %bufD = memref.alloc(%d) : memref<?xf32>
  // The larger of at most 3 and 2.
  %e3 = arith.minsi %n, %c3 : index
  %e = arith.maxsi %e3, %c2 : index
  %bufE = memref.alloc(%e) : memref<?xf32>
  // A max with an unbounded operand is unbounded.
  %f = arith.maxsi %n, %c4 : index
  // expected-remark @below {{memplan-offsets: left alone: has a dynamic size with no constant upper bound}}
  %bufF = memref.alloc(%f) : memref<?xf32>
  // Either 8 or at most 2.
  %g2 = arith.minsi %n, %c2 : index
  %g = arith.select %cond, %c8, %g2 : index
  %bufG = memref.alloc(%g) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%bufA : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufB : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufC : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufD : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufE : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufF : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%bufG : memref<?xf32>)
  // The unsigned max of two sizes never negative: a loop index from 0,
  // at most 5, and 2.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %h5 = arith.minsi %c5, %i : index
    %h = arith.maxui %h5, %c2 : index
    %bufH = memref.alloc(%h) : memref<?xf32>
    linalg.fill ins(%one : f32) outs(%bufH : memref<?xf32>)
  }
  return
}
