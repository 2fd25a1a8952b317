// Loops of blocks storing every element of a buffer once, as
// -convert-linalg-to-loops and -convert-scf-to-cf lower a fill, a copy or
// an elementwise op: the nest writes the buffer whole, and where control
// enters it a new life begins, as at the op. The programs below are
// lowered by those passes first; the negatives store part of the buffer,
// read it in the nest, store under a condition or up to a bound known only
// at run time.

// RUN: mlir-opt %s --convert-linalg-to-loops --convert-scf-to-cf | memplan-opt --test-memplan-buffer-lifetimes=split-lives=true -o /dev/null | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Three nests write %t whole: a fill, a transpose and a copy; each read
// between them ends a life.
// CHECK-LABEL: @nests: 3 buffers
// CHECK-NEXT: memref<2x3xf32>: planned [{{.*}}), life 0 begun by 'memref.store' {{.*}} in blocks
// CHECK-NEXT: memref<2x3xf32>: planned [{{.*}}), life 1 begun by 'memref.store' {{.*}} in blocks
// CHECK-NEXT: memref<2x3xf32>: planned [{{.*}}), life 2 begun by 'memref.store' {{.*}} in blocks
func.func @nests(%x: memref<3x2xf32>, %y: memref<2x3xf32>, %out: memref<2x3xf32>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<2x3xf32>)
  linalg.add ins(%t, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  linalg.transpose ins(%x : memref<3x2xf32>) outs(%t : memref<2x3xf32>) permutation = [1, 0]
  linalg.add ins(%t, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  linalg.copy ins(%y : memref<2x3xf32>) outs(%t : memref<2x3xf32>)
  linalg.add ins(%t, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  return
}

// None of these begins a life: a fill of a subview (part of the buffer),
// an elementwise op reading its init, a store loop under a condition, one
// up to a bound given at run time.
// CHECK-LABEL: @partial: 4 buffers
// CHECK-NOT: life
// CHECK-LABEL: @end
func.func @partial(%out: memref<2x3xf32>, %c: i1, %n: index) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<2x3xf32>)
  linalg.add ins(%p, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  %row = memref.subview %p[0, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%row : memref<3xf32, strided<[1]>>)
  linalg.add ins(%p, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)

  %r = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%r : memref<2x3xf32>)
  linalg.add ins(%r, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%r : memref<2x3xf32>) {
  ^bb0(%o: f32):
    %d = arith.addf %o, %one : f32
    linalg.yield %d : f32
  }
  linalg.add ins(%r, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)

  %q = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%q : memref<2x3xf32>)
  linalg.add ins(%q, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.if %c {
        memref.store %one, %q[%i, %j] : memref<2x3xf32>
      }
    }
  }
  linalg.add ins(%q, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)

  %d = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%d : memref<2x3xf32>)
  linalg.add ins(%d, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %one, %d[%i, %j] : memref<2x3xf32>
    }
  }
  linalg.add ins(%d, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  return
}

func.func @end() {
  return
}
