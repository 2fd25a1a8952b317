// Lives: an op that writes every element of a buffer and reads none begins
// a new life of it (split-lives). Each life is printed as a buffer of its
// own, with the op that begins it. Ops are numbered from 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=split-lives=true -o /dev/null | FileCheck %s
// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s --check-prefix=WHOLE

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Numbers: 0 %one, 1 %t, 2-3 fill, 4-6 add, 7-8 fill, 9-11 add, 12 copy,
// 13-15 add, 16 return. The first fill is the first use: it begins no
// second life. The second fill and the copy each begin one.
// CHECK-LABEL: @three_lives: 3 buffers
// CHECK-NEXT: "t" memref<8xf32>: planned [2, 7), life 0, 32 bytes
// CHECK-NEXT: "t" memref<8xf32>: planned [7, 12), life 1 begun by 'linalg.fill' "second", 32 bytes
// CHECK-NEXT: "t" memref<8xf32>: planned [12, 16), life 2 begun by 'memref.copy' "third", 32 bytes
// WHOLE-LABEL: @three_lives: 1 buffer
// WHOLE-NEXT: "t" memref<8xf32>: planned [2, 16), 32 bytes
func.func @three_lives(%x: memref<8xf32>, %out: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<8xf32> loc("t")
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%t, %x : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>) loc("second")
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("third")
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// A view of a view of a view of the buffer, made at the top level in the
// first life and read in the second: the second life makes all three
// again.
// CHECK-LABEL: @views_made_again: 2 buffers
// CHECK-NEXT: "t" memref<4x4xf32>: planned [1, 8), life 0, 3 views later lives may make again, 64 bytes
// CHECK: "t" memref<4x4xf32>: planned [8, 13), life 1 begun by 'linalg.transpose' "again", 64 bytes
func.func @views_made_again(%w: memref<4x4xf32>, %out: memref<2x4xf32>) {
  %t = memref.alloc() : memref<4x4xf32> loc("t")
  linalg.transpose ins(%w : memref<4x4xf32>) outs(%t : memref<4x4xf32>) permutation = [1, 0]
  %flat = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %rows = memref.expand_shape %flat [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
  %half = memref.subview %rows[0, 0] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1]>>
  linalg.copy ins(%half : memref<2x4xf32, strided<[8, 1]>>) outs(%out : memref<2x4xf32>)
  linalg.transpose ins(%w : memref<4x4xf32>) outs(%t : memref<4x4xf32>) permutation = [1, 0] loc("again")
  linalg.add ins(%half, %out : memref<2x4xf32, strided<[8, 1]>>, memref<2x4xf32>) outs(%out : memref<2x4xf32>)
  return
}

// None of these begins a life: an op that reads the buffer through another
// operand, a copy from a view of the buffer itself, a body that reads the
// init, a reduction, an init under a map that is not a permutation (a row
// written by every column), a write through a subview, and an overwrite in
// a loop. A result of an scf.if that may be the buffer, read after a fill,
// keeps that fill from beginning a life too.
// CHECK-LABEL: @no_life: 2 buffers
// CHECK-NEXT: "t" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK: "m" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
func.func @no_life(%x: memref<8xf32>, %a: memref<8x8xf32>, %c: i1, %n: index, %out: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<8xf32> loc("t")
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%t, %x : memref<8xf32>, memref<8xf32>) outs(%t : memref<8xf32>)
  %head = memref.subview %t[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %tail = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %head, %tail : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1], offset: 4>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<8xf32>) outs(%t : memref<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  linalg.matvec ins(%a, %x : memref<8x8xf32>, memref<8xf32>) outs(%t : memref<8xf32>)
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%t : memref<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  linalg.fill ins(%one : f32) outs(%head : memref<4xf32, strided<[1]>>)
  scf.for %i = %c0 to %n step %c1 {
    linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  }
  %m = memref.alloc() : memref<8xf32> loc("m")
  linalg.fill ins(%one : f32) outs(%m : memref<8xf32>)
  %either = scf.if %c -> memref<8xf32> {
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %x : memref<8xf32>
  }
  linalg.fill ins(%one : f32) outs(%m : memref<8xf32>)
  linalg.add ins(%either, %t : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}
