// Views, casts and reshapes are aliases: every view-like op whose source is
// the buffer or an alias of it adds its memref results, and the buffer is
// live until the last use of any of them. Ops are numbered from 0 in
// pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s
// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=alignment=1 -o /dev/null | FileCheck %s --check-prefix=ALIGN1

// Numbers: 0 %one, 1 %base, 2-3 fill, 4 %sub, 5 %flat, 6 %cast, 7 %re,
// 8 %other, 9-10 fill, 11 %back, 12 %o2, 13-15 add, 16 %c0, 17 load %cast,
// 18 load %sub, 19 addf, 20 store, 21 return. %base is last read through
// %sub (18); views of views (%cast of %flat, %back of %re) count too.
// CHECK-LABEL: @views_outlive_base: 2 buffers
// CHECK-NEXT:  "base" memref<4x4xf32>: planned [2, 19), 64 bytes, align 16, space default, 5 aliases, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.subview' "sub"
// CHECK-NEXT:    alias: result 0 of 'memref.collapse_shape' "flat"
// CHECK-NEXT:    alias: result 0 of 'memref.cast' "cast"
// CHECK-NEXT:    alias: result 0 of 'memref.reinterpret_cast' "re"
// CHECK-NEXT:    alias: result 0 of 'memref.expand_shape' "back"
// CHECK-NEXT:  "other" memref<16xf32>: planned [9, 16), 64 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.expand_shape' "o2"
func.func @views_outlive_base(%out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<4x4xf32> loc("base")
  linalg.fill ins(%one : f32) outs(%base : memref<4x4xf32>)
  %sub = memref.subview %base[1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>> loc("sub")
  %flat = memref.collapse_shape %base [[0, 1]] : memref<4x4xf32> into memref<16xf32> loc("flat")
  %cast = memref.cast %flat : memref<16xf32> to memref<?xf32> loc("cast")
  %re = memref.reinterpret_cast %base to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32> loc("re")
  %other = memref.alloc() : memref<16xf32> loc("other")
  linalg.fill ins(%one : f32) outs(%other : memref<16xf32>)
  %back = memref.expand_shape %re [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32> loc("back")
  %o2 = memref.expand_shape %other [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32> loc("o2")
  linalg.add ins(%back, %o2 : memref<2x8xf32>, memref<2x8xf32>) outs(%o2 : memref<2x8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %cast[%c0] : memref<?xf32>
  %w = memref.load %sub[%c0, %c0] : memref<2x4xf32, strided<[4, 1], offset: 4>>
  %s = arith.addf %v, %w : f32
  memref.store %s, %out[%c0] : memref<16xf32>
  return
}

// An i8 buffer seen as f32 through memref.view is one buffer, kept alive by
// the view, and aligned for f32 (4) with alignment=1. Numbers: 0 %one,
// 1 %c0, 2 %bytes, 3 %f, 4-5 fill, 6 %other, 7-8 fill, 9-11 add, 12 return.
// CHECK-LABEL: @view_of_bytes: 2 buffers
// CHECK-NEXT:  "bytes" memref<64xi8>: planned [3, 12), 64 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.view' "f"
// CHECK-NEXT:  "other" memref<16xf32>: planned [7, 12), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// ALIGN1-LABEL: @view_of_bytes: 2 buffers
// ALIGN1-NEXT:  "bytes" memref<64xi8>: planned [3, 12), 64 bytes, align 4, space default, 1 alias, 0 deallocs
// ALIGN1-NEXT:    alias: result 0 of 'memref.view' "f"
// ALIGN1-NEXT:  "other" memref<16xf32>: planned [7, 12), 64 bytes, align 4, space default, 0 aliases, 0 deallocs
func.func @view_of_bytes(%out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %bytes = memref.alloc() : memref<64xi8> loc("bytes")
  %f = memref.view %bytes[%c0][] : memref<64xi8> to memref<16xf32> loc("f")
  linalg.fill ins(%one : f32) outs(%f : memref<16xf32>)
  %other = memref.alloc() : memref<16xf32> loc("other")
  linalg.fill ins(%one : f32) outs(%other : memref<16xf32>)
  linalg.add ins(%f, %other : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// A buffer's alignment is at least that of the element type of every alias:
// an i8 buffer read as vector<4xf32> needs 16 even with alignment=1, while
// a plain i8 buffer then needs 1. Numbers: 0 %c0, 1 %odd, 2 %bytes, 3 %v,
// 4 load, 5 store, 6 %i, 7 store, 8 return.
// CHECK-LABEL: @aligned_for_views: 2 buffers
// CHECK-NEXT:  "odd" memref<3xi8>: planned [7, 8), 3 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "vectors" memref<16xi8>: planned [3, 5), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.view' "v"
// ALIGN1-LABEL: @aligned_for_views: 2 buffers
// ALIGN1-NEXT:  "odd" memref<3xi8>: planned [7, 8), 3 bytes, align 1, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "vectors" memref<16xi8>: planned [3, 5), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// ALIGN1-NEXT:    alias: result 0 of 'memref.view' "v"
func.func @aligned_for_views(%out: memref<vector<4xf32>>) {
  %c0 = arith.constant 0 : index
  %odd = memref.alloc() : memref<3xi8> loc("odd")
  %bytes = memref.alloc() : memref<16xi8> loc("vectors")
  %v = memref.view %bytes[%c0][] : memref<16xi8> to memref<vector<4xf32>> loc("v")
  %y = memref.load %v[] : memref<vector<4xf32>>
  memref.store %y, %out[] : memref<vector<4xf32>>
  %i = arith.constant 7 : i8
  memref.store %i, %odd[%c0] : memref<3xi8>
  return
}

// More view-like ops: transpose, and extract_strided_metadata, whose base
// buffer result is an alias and whose sizes and strides are not. A read of
// a size (memref.dim) keeps the buffer live but is no alias.
// Numbers: 0 %m, 1 %t, 2 %base, 3 %c0, 4 load %t, 5 load %base, 6 dim,
// 7 return.
// CHECK-LABEL: @other_views: 1 buffer
// CHECK-NEXT:  "m" memref<2x3xf32>: planned [1, 7), 24 bytes, align 16, space default, 2 aliases, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.transpose' "t"
// CHECK-NEXT:    alias: result 0 of 'memref.extract_strided_metadata' "meta"
func.func @other_views() -> index {
  %m = memref.alloc() : memref<2x3xf32> loc("m")
  %t = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>> loc("t")
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<2x3xf32> -> memref<f32>, index, index, index, index, index loc("meta")
  %c0 = arith.constant 0 : index
  %x = memref.load %t[%c0, %c0] : memref<3x2xf32, strided<[1, 3]>>
  %y = memref.load %base[] : memref<f32>
  %d = memref.dim %m, %c0 : memref<2x3xf32>
  return %d : index
}
