// Dynamic sizes with no constant upper bound, as polynomials of the
// function's arguments (SymbolicSizes.h): index arguments and the dimensions
// of arguments are the symbols (`arg0`, `arg1_d0`). This test pass leaves
// such buffers alone, giving the size, or saying which extent is no
// polynomial and why; the planning passes plan them
// (test/Transforms/run-time-sizes.mlir).

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// What one-shot-bufferize makes of a two-layer MLP on tensor<?x30xf32>: its
// three temporaries are 256, 256 and 40 bytes a row of the batch.
// RUN: mlir-opt %S/Inputs/dynamic-mlp.mlir --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   | memplan-opt --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s --check-prefix=MLP
// MLP-LABEL: @mlp: 3 buffers
// MLP-NEXT:  memref<?x64xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 256*arg0_d0 bytes over the function's arguments
// MLP-NEXT:  memref<?x64xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 256*arg0_d0 bytes over the function's arguments
// MLP-NEXT:  memref<?x10xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 40*arg0_d0 bytes over the function's arguments

// Sums and products of dimensions, index arguments and constants; a
// dimension read twice is one symbol, through casts too; a static
// dimension of an argument is a constant; the dimension of another buffer
// is the size it was allocated with; affine.apply of sums and products; a
// size rounded up to an alignment by a mask is at most the sum before it.
// CHECK-LABEL: @polynomials: 7 buffers
// CHECK-NEXT:  "square" memref<?x?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 4*arg0_d0*arg0_d0 bytes over the function's arguments
// CHECK-NEXT:  "sum" memref<?xi8>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: arg0_d0*arg1 + 8 bytes over the function's arguments
// CHECK-NEXT:  "static-dim" memref<?xf64>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 8*arg0_d0 + 128 bytes over the function's arguments
// CHECK-NEXT:  "of-buffer" memref<?x2xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 8*arg0_d0*arg0_d0 bytes over the function's arguments
// CHECK-NEXT:  "affine" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 12*arg1 + 4*arg0_d0 + 4 bytes over the function's arguments
// CHECK-NEXT:  "cast" memref<?xi32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 4*arg2 bytes over the function's arguments
// CHECK-NEXT:  "masked" memref<?xi8>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: arg1 + 15 bytes over the function's arguments
func.func @polynomials(%x: memref<?x16xf32>, %n: index, %m: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %d = memref.dim %x, %c0 : memref<?x16xf32>
  %cast = memref.cast %x : memref<?x16xf32> to memref<?x?xf32>
  %again = memref.dim %cast, %c0 : memref<?x?xf32>
  %square = memref.alloc(%d, %again) : memref<?x?xf32> loc("square")
  %product = arith.muli %n, %d : index
  %bytes = arith.addi %product, %c8 : index
  %sum = memref.alloc(%bytes) : memref<?xi8> loc("sum")
  %sixteen = memref.dim %cast, %c1 : memref<?x?xf32>
  %plus = arith.addi %d, %sixteen : index
  %static = memref.alloc(%plus) : memref<?xf64> loc("static-dim")
  %rows = memref.dim %square, %c1 : memref<?x?xf32>
  %both = arith.muli %d, %rows : index
  %of = memref.alloc(%both) : memref<?x2xf32> loc("of-buffer")
  %a = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 3 + 1)>(%d)[%n]
  %affine = memref.alloc(%a) : memref<?xf32> loc("affine")
  %wide = arith.index_cast %m : i32 to index
  %cast_size = memref.alloc(%wide) : memref<?xi32> loc("cast")
  %c15 = arith.constant 15 : index
  %cm16 = arith.constant -16 : index
  %bumped = arith.addi %n, %c15 : index
  %aligned = arith.andi %bumped, %cm16 : index
  %masked = memref.alloc(%aligned) : memref<?xi8> loc("masked")
  return
}

// What is no polynomial of the arguments: a loaded value, a loop's
// induction variable (no upper bound here), a division, a subtraction, a
// product of i8 (which wraps), a cast to i16 (which cuts). A dynamic alloca
// is left as it was.
// CHECK-LABEL: @not_polynomials: 7 buffers
// CHECK-NEXT:  "loaded" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a value computed by 'memref.load'
// CHECK-NEXT:  "iv" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a block argument that is not one of the function's
// CHECK-NEXT:  "divided" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a division or remainder in an affine map
// CHECK-NEXT:  "difference" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a value computed by 'arith.subi'
// CHECK-NEXT:  "narrow" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a sum or product of integers narrower than 64 bits
// CHECK-NEXT:  "cut" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound, and its extent 0 is no polynomial of the function's arguments: a cast to a narrower integer
// CHECK-NEXT:  "alloca" alloca memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound{{$}}
func.func @not_polynomials(%sizes: memref<1xindex>, %n: index, %k: index, %b: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = memref.load %sizes[%c0] : memref<1xindex>
  %loaded = memref.alloc(%l) : memref<?xf32> loc("loaded")
  scf.for %i = %c0 to %n step %c1 {
    %iv = memref.alloc(%i) : memref<?xf32> loc("iv")
  }
  %q = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%n)
  %divided = memref.alloc(%q) : memref<?xf32> loc("divided")
  %s = arith.subi %n, %k : index
  %difference = memref.alloc(%s) : memref<?xf32> loc("difference")
  %bb = arith.muli %b, %b : i8
  %bbi = arith.index_castui %bb : i8 to index
  %narrow = memref.alloc(%bbi) : memref<?xf32> loc("narrow")
  %short = arith.index_cast %n : index to i16
  %back = arith.index_cast %short : i16 to index
  %cut = memref.alloc(%back) : memref<?xf32> loc("cut")
  %alloca = memref.alloca(%n) : memref<?xf32> loc("alloca")
  return
}

// A value that is the sum of another with itself, 40 times over, is looked
// at once per value (2^40 ways down otherwise).
// CHECK-LABEL: @doubling: 1 buffer
// CHECK-NEXT:  "doubled" memref<?xi8>: left alone (dynamic-shape): has a dynamic size with no constant upper bound: 1099511627776*arg0 bytes over the function's arguments
func.func @doubling(%n: index) {
  %v0 = arith.addi %n, %n : index
  %v1 = arith.addi %v0, %v0 : index
  %v2 = arith.addi %v1, %v1 : index
  %v3 = arith.addi %v2, %v2 : index
  %v4 = arith.addi %v3, %v3 : index
  %v5 = arith.addi %v4, %v4 : index
  %v6 = arith.addi %v5, %v5 : index
  %v7 = arith.addi %v6, %v6 : index
  %v8 = arith.addi %v7, %v7 : index
  %v9 = arith.addi %v8, %v8 : index
  %v10 = arith.addi %v9, %v9 : index
  %v11 = arith.addi %v10, %v10 : index
  %v12 = arith.addi %v11, %v11 : index
  %v13 = arith.addi %v12, %v12 : index
  %v14 = arith.addi %v13, %v13 : index
  %v15 = arith.addi %v14, %v14 : index
  %v16 = arith.addi %v15, %v15 : index
  %v17 = arith.addi %v16, %v16 : index
  %v18 = arith.addi %v17, %v17 : index
  %v19 = arith.addi %v18, %v18 : index
  %v20 = arith.addi %v19, %v19 : index
  %v21 = arith.addi %v20, %v20 : index
  %v22 = arith.addi %v21, %v21 : index
  %v23 = arith.addi %v22, %v22 : index
  %v24 = arith.addi %v23, %v23 : index
  %v25 = arith.addi %v24, %v24 : index
  %v26 = arith.addi %v25, %v25 : index
  %v27 = arith.addi %v26, %v26 : index
  %v28 = arith.addi %v27, %v27 : index
  %v29 = arith.addi %v28, %v28 : index
  %v30 = arith.addi %v29, %v29 : index
  %v31 = arith.addi %v30, %v30 : index
  %v32 = arith.addi %v31, %v31 : index
  %v33 = arith.addi %v32, %v32 : index
  %v34 = arith.addi %v33, %v33 : index
  %v35 = arith.addi %v34, %v34 : index
  %v36 = arith.addi %v35, %v35 : index
  %v37 = arith.addi %v36, %v36 : index
  %v38 = arith.addi %v37, %v37 : index
  %v39 = arith.addi %v38, %v38 : index
  %doubled = memref.alloc(%v39) : memref<?xi8> loc("doubled")
  return
}
