// What the type of a buffer decides: dynamic sizes without a constant upper
// bound and non-identity layouts are left alone; a byte size comes from the data layout, padded to
// what LLVM indexes; the alignment is the largest of the pass option, the
// alloc's alignment attribute and the element's ABI alignment.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s
// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=alignment=1 -o /dev/null | FileCheck %s --check-prefix=ALIGN1
// RUN: not memplan-opt %s --test-memplan-buffer-lifetimes=alignment=24 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: test-memplan-buffer-lifetimes: alignment must be a power of two, not 24

// A byte size past 64 bits, and one of 2^63 bytes, which fits 64 bits but
// not the signed extent of the memref of bytes a slab is, are left alone.
// CHECK-LABEL: @left_alone_by_type: 5 buffers
// CHECK-NEXT:  "dyn" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound
// CHECK-NEXT:  "strided" memref<4xf32, strided<[2]>>: left alone (layout): has a non-identity layout
// CHECK-NEXT:  "scalable" memref<4xvector<[4]xf32>>: left alone (unsized): its element type has no fixed size in the data layout
// CHECK-NEXT:  "huge" memref<4611686018427387904x4xf32>: left alone (unsized): its size in bytes does not fit the extent of a memref
// CHECK-NEXT:  "half-huge" memref<1152921504606846976xi64>: left alone (unsized): its size in bytes does not fit the extent of a memref
func.func @left_alone_by_type(%n: index) {
  %dyn = memref.alloc(%n) : memref<?xf32> loc("dyn")
  %strided = memref.alloc() : memref<4xf32, strided<[2]>> loc("strided")
  %scalable = memref.alloc() : memref<4xvector<[4]xf32>> loc("scalable")
  %huge = memref.alloc() : memref<4611686018427387904x4xf32> loc("huge")
  %half_huge = memref.alloc() : memref<1152921504606846976xi64> loc("half-huge")
  return
}

// Dynamic sizes with a constant upper bound, from upstream's value bounds:
// the buffer is planned at the bound. An affine.min of a tile size (4 x 8
// f32), a loop's induction variable (below 10: 9 bytes), a tensor.dim of a
// static tensor seen through a cast (5 x f64), an affine.min with a
// constant (at most 3 i32), and a size no bound holds (an argument, a load).
// CHECK-LABEL: @bounded_sizes: 6 buffers
// CHECK-NEXT:  "tile" memref<?x8xf32>: planned [6, 8), 128 bytes at an upper bound, align 16
// CHECK-NEXT:  "iv" memref<?xi8>: planned [13, 15), 9 bytes at an upper bound, align 16
// CHECK-NEXT:  "dim" memref<?xf64>: planned [20, 22), 40 bytes at an upper bound, align 16
// CHECK-NEXT:  "min" memref<?xi32>: planned [24, 26), 12 bytes at an upper bound, align 16
// CHECK-NEXT:  "argument" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound
// CHECK-NEXT:  "loaded" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound
func.func @bounded_sizes(%i: index, %n: index, %sizes: memref<1xindex>) {
  %zero = arith.constant 0.0 : f32
  %byte = arith.constant 0 : i8
  %wide = arith.constant 0.0 : f64
  %int = arith.constant 0 : i32
  %tile = affine.min affine_map<(d0) -> (4, 10 - d0)>(%i)
  %a = memref.alloc(%tile) : memref<?x8xf32> loc("tile")
  linalg.fill ins(%zero : f32) outs(%a : memref<?x8xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for %iv = %c0 to %c10 step %c1 {
    %b = memref.alloc(%iv) : memref<?xi8> loc("iv")
    linalg.fill ins(%byte : i8) outs(%b : memref<?xi8>)
  }
  %t = tensor.empty() : tensor<5xf64>
  %cast = tensor.cast %t : tensor<5xf64> to tensor<?xf64>
  %d = tensor.dim %cast, %c0 : tensor<?xf64>
  %c = memref.alloc(%d) : memref<?xf64> loc("dim")
  linalg.fill ins(%wide : f64) outs(%c : memref<?xf64>)
  %m = affine.min affine_map<()[s0] -> (3, s0)>()[%n]
  %e = memref.alloc(%m) : memref<?xi32> loc("min")
  linalg.fill ins(%int : i32) outs(%e : memref<?xi32>)
  %f = memref.alloc(%n) : memref<?xf32> loc("argument")
  linalg.fill ins(%zero : f32) outs(%f : memref<?xf32>)
  %l = memref.load %sizes[%c0] : memref<1xindex>
  %g = memref.alloc(%l) : memref<?xf32> loc("loaded")
  linalg.fill ins(%zero : f32) outs(%g : memref<?xf32>)
  return
}

// Sizes and alignments (those of test/Transforms/types-and-alignment.mlir):
// i1 takes a byte, index 8, vector<3xf32> 16, i24 4; the alignment
// attribute 128 wins over the option; with alignment=1, each element's ABI
// alignment shows (MLIR's default layout gives index, like i64, 4).
// CHECK-LABEL: @sizes: 9 buffers
// CHECK-NEXT:  "i1" memref<3xi1>: planned [0, 1), 3 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "index" memref<2xindex>: planned [1, 2), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "f16" memref<3xf16>: planned [2, 3), 6 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "vector" memref<2xvector<3xf32>>: planned [3, 4), 32 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "complex" memref<2xcomplex<f32>>: planned [4, 5), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "aligned" memref<5xi8>: planned [5, 6), 5 bytes, align 128, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "i24" memref<1xi24>: planned [6, 7), 4 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "empty" memref<0xf32>: planned [7, 8), 0 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "f64" memref<2x2xf64>: planned [8, 9), 32 bytes, align 16, space default, 0 aliases, 0 deallocs
// ALIGN1-LABEL: @sizes: 9 buffers
// ALIGN1-NEXT:  "i1" memref<3xi1>: planned [0, 1), 3 bytes, align 1, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "index" memref<2xindex>: planned [1, 2), 16 bytes, align 4, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "f16" memref<3xf16>: planned [2, 3), 6 bytes, align 2, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "vector" memref<2xvector<3xf32>>: planned [3, 4), 32 bytes, align 16, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "complex" memref<2xcomplex<f32>>: planned [4, 5), 16 bytes, align 4, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "aligned" memref<5xi8>: planned [5, 6), 5 bytes, align 128, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "i24" memref<1xi24>: planned [6, 7), 4 bytes, align 4, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "empty" memref<0xf32>: planned [7, 8), 0 bytes, align 4, space default, 0 aliases, 0 deallocs
// ALIGN1-NEXT:  "f64" memref<2x2xf64>: planned [8, 9), 32 bytes, align 8, space default, 0 aliases, 0 deallocs
func.func @sizes() {
  %a = memref.alloc() : memref<3xi1> loc("i1")
  %b = memref.alloc() : memref<2xindex> loc("index")
  %c = memref.alloc() : memref<3xf16> loc("f16")
  %d = memref.alloc() : memref<2xvector<3xf32>> loc("vector")
  %e = memref.alloc() : memref<2xcomplex<f32>> loc("complex")
  %f = memref.alloc() {alignment = 128 : i64} : memref<5xi8> loc("aligned")
  %g = memref.alloc() : memref<1xi24> loc("i24")
  %h = memref.alloc() : memref<0xf32> loc("empty")
  %i = memref.alloc() : memref<2x2xf64> loc("f64")
  return
}

// Bytes viewed as wider elements need their alignment, also where a callee
// views them, or a function that callee passes them to: "callee" is seen as
// vector<8xf32> (32-byte aligned) by @as_vectors, "deeper" as f64 two calls
// down. (Before callees were followed, both kept the alignment of i8.)
// CHECK-LABEL: @viewed_wider_in_callees: 2 buffers
// CHECK-NEXT:  "callee" memref<64xi8>: planned [{{.*}}), 64 bytes, align 32,
// CHECK-NEXT:  "deeper" memref<16xi8>: planned [{{.*}}), 16 bytes, align 16,
// ALIGN1-LABEL: @viewed_wider_in_callees: 2 buffers
// ALIGN1-NEXT:  "callee" memref<64xi8>: planned [{{.*}}), 64 bytes, align 32,
// ALIGN1-NEXT:  "deeper" memref<16xi8>: planned [{{.*}}), 16 bytes, align 8,
func.func private @as_vectors(%bytes: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %v = memref.view %bytes[%c0][] : memref<64xi8> to memref<2xvector<8xf32>>
  %x = memref.load %v[%c0] : memref<2xvector<8xf32>>
  memref.store %x, %v[%c0] : memref<2xvector<8xf32>>
  return
}
func.func private @as_doubles(%bytes: memref<16xi8>) {
  %c0 = arith.constant 0 : index
  %v = memref.view %bytes[%c0][] : memref<16xi8> to memref<2xf64>
  %x = memref.load %v[%c0] : memref<2xf64>
  memref.store %x, %v[%c0] : memref<2xf64>
  return
}
func.func private @pass_on(%bytes: memref<16xi8>) {
  call @as_doubles(%bytes) : (memref<16xi8>) -> ()
  return
}
func.func @viewed_wider_in_callees() {
  %a = memref.alloc() : memref<64xi8> loc("callee")
  call @as_vectors(%a) : (memref<64xi8>) -> ()
  %b = memref.alloc() : memref<16xi8> loc("deeper")
  call @pass_on(%b) : (memref<16xi8>) -> ()
  return
}

// An access's own alignment attribute asks it of the buffer too, here or
// in a callee, as does memref.assume_alignment.
// CHECK-LABEL: @access_alignment: 3 buffers
// CHECK-NEXT:  "vector-load" memref<8xf32>: planned [{{.*}}), 32 bytes, align 32,
// CHECK-NEXT:  "assumed" memref<4xf32>: planned [{{.*}}), 16 bytes, align 64,
// CHECK-NEXT:    alias: result 0 of 'memref.assume_alignment'
// CHECK-NEXT:  "in-callee" memref<8xf32>: planned [{{.*}}), 32 bytes, align 16,
// ALIGN1-LABEL: @access_alignment: 3 buffers
// ALIGN1-NEXT:  "vector-load" memref<8xf32>: planned [{{.*}}), 32 bytes, align 32,
// ALIGN1-NEXT:  "assumed" memref<4xf32>: planned [{{.*}}), 16 bytes, align 64,
// ALIGN1-NEXT:    alias: result 0 of 'memref.assume_alignment'
// ALIGN1-NEXT:  "in-callee" memref<8xf32>: planned [{{.*}}), 32 bytes, align 16,
func.func private @store_aligned(%buf: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %lanes = arith.constant dense<1.0> : vector<4xf32>
  vector.store %lanes, %buf[%c0] {alignment = 16} : memref<8xf32>, vector<4xf32>
  return
}
func.func @access_alignment() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32> loc("vector-load")
  %v = vector.load %a[%c0] {alignment = 32} : memref<8xf32>, vector<4xf32>
  vector.store %v, %a[%c0] : memref<8xf32>, vector<4xf32>
  %b = memref.alloc() : memref<4xf32> loc("assumed")
  memref.assume_alignment %b, 64 : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  %c = memref.alloc() : memref<8xf32> loc("in-callee")
  call @store_aligned(%c) : (memref<8xf32>) -> ()
  return
}

// A module's data layout is honoured: here index is 4 bytes.
// CHECK-LABEL: @small_index: 1 buffer
// CHECK-NEXT:  "index32" memref<2xindex>: planned [0, 1), 8 bytes, align 16, space default, 0 aliases, 0 deallocs
// ALIGN1-LABEL: @small_index: 1 buffer
// ALIGN1-NEXT:  "index32" memref<2xindex>: planned [0, 1), 8 bytes, align 4, space default, 0 aliases, 0 deallocs
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32 : i32>>} {
  func.func @small_index() {
    %a = memref.alloc() : memref<2xindex> loc("index32")
    return
  }
}
