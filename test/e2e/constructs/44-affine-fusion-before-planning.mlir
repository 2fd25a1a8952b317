// Construct 44: affine loop fusion goes before memplan. After planning, two
// temporaries whose lifetimes do not overlap are views of the same bytes;
// -affine-loop-fusion compares memrefs by value, takes the two views for
// disjoint memory and may move the second temporary's writes ahead of the
// first one's reads (sibling fusion did so on this program, and the planned
// program printed o1 = [17, ..., 2] for [31, ..., 1]). Run in the order
// README's "Where memplan goes in a pipeline" gives, fused first and then
// planned, the program prints what the unplanned one does, whichever
// fusion mode ran.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: mlir-opt %s -affine-loop-fusion=mode=sibling | memplan-opt --memplan-offsets=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.sibling
// RUN: mlir-opt %s -affine-loop-fusion | memplan-opt --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: diff %t.unplanned %t.sibling
// RUN: diff %t.unplanned %t.greedy
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// OUT: [31,  29,  27,  25,  23,  21,  19,  17,  15,  13,  11,  9,  7,  5,  3,  1]
// OUT: [16,  15,  14,  13,  12,  11,  10,  9,  8,  7,  6,  5,  4,  3,  2,  1]
//
// Fused, the two temporaries are live at once: both planned, side by side.
// RUN: mlir-opt %s -affine-loop-fusion=mode=sibling | memplan-opt --memplan-offsets="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// SUM: @compute: planned 2 of 2 buffers (0 left alone) into a 128-byte slab

func.func private @printMemrefF32(memref<*xf32>)

func.func @compute(%x: memref<16xf32>, %o1: memref<16xf32>, %o2: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c2 = arith.constant 2.0 : f32
  %c1 = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    %v = affine.load %x[%i] : memref<16xf32>
    %w = arith.mulf %v, %c2 : f32
    affine.store %w, %a[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %a[15 - %i] : memref<16xf32>
    %w = arith.addf %v, %c1 : f32
    affine.store %w, %o1[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %x[%i] : memref<16xf32>
    %w = arith.addf %v, %c1 : f32
    affine.store %w, %b[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %b[15 - %i] : memref<16xf32>
    affine.store %v, %o2[%i] : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

func.func @main() {
  %x = memref.alloc() : memref<16xf32>
  %o1 = memref.alloc() : memref<16xf32>
  %o2 = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %x[%i] : memref<16xf32>
  }
  func.call @compute(%x, %o1, %o2) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
  %u1 = memref.cast %o1 : memref<16xf32> to memref<*xf32>
  %u2 = memref.cast %o2 : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %o1 : memref<16xf32>
  memref.dealloc %o2 : memref<16xf32>
  return
}
