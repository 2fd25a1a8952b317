// Construct 30: buffers that overwrites split into lives (split-lives, on
// by default). @layers gives one temporary to two layers, the way
// bufferization does: each layer overwrites it (an elementwise op, then a
// copy), and a reshape made once in the first layer is read in the second,
// so that life makes the reshape again from its own view. In @overwrites a
// fill must not begin a life, since a loop's result that is the buffer is
// read after it; a copy then does begin one, and a subview made before it
// is made again from the new life's view; a write of part of the buffer
// and an in-place update begin none. Each is run unplanned and planned with
// several strategies, slab placements and the shared-objects pass; the
// outputs must agree.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %s --memplan-offsets="strategy=best slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-breadth schedule=best" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.scheduled
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size split-lives=false" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.whole
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.scheduled
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.whole
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: mlir-opt %s --convert-linalg-to-loops --convert-scf-to-cf > %t.cf.mlir
// RUN: memplan-opt %t.cf.mlir --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.cf-exact
// RUN: memplan-opt %t.cf.mlir --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.cf-greedy
// RUN: diff %t.unplanned %t.cf-exact
// RUN: diff %t.unplanned %t.cf-greedy
// RUN: memplan-opt %t.cf.mlir --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CF
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true split-lives=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE

// @layers: the temporary's three lives and three other buffers, 64 bytes
// each. Whole, the temporary is live with the two buffers of the first
// layer; split, its first life ends before the second of them begins, and
// at most two buffers are live at once.
// SPLIT: @layers: planned 4 of 4 buffers as 6 lives (0 left alone) into a 128-byte slab
// Lowered to loops of blocks, each overwrite is a nest of loops storing
// every element, which begins a life as the op did: the same plan.
// CF: @layers: planned 4 of 4 buffers as 6 lives (0 left alone) into a 128-byte slab
// WHOLE: @layers: planned 4 of 4 buffers (0 left alone) into a 192-byte slab
// SPLIT: @overwrites: planned 2 of 2 buffers as 3 lives (0 left alone)

// x[i] = i. @layers: t = 2x; a = transpose(t) + x; t = a + 1;
// c = transpose(t); t = c; out = t * x.
// OUT: data =
// OUT-NEXT: [0,   7,   26,   57,   40,   80,   132,   196,   152,   225,   310,   407,   336,   442,   560,   690]
// @overwrites: t = x, then t += 1 three times in a loop whose result r is
// t; t is filled with 5 and r, which is t, is read: 5s. Then t = 7s,
// t[0..8) = 7 and t += x: 7 + i.
// OUT: data =
// OUT-NEXT: [5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5]
// OUT: data =
// OUT-NEXT: [7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22]

#id = affine_map<(d0) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

func.func @layers(%x: memref<16xf32>, %out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<16xf32>
  // Layer 1: t = 2x, read as 4x4 through a reshape made here.
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<16xf32>) outs(%t : memref<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.mulf %v, %two : f32
    linalg.yield %d : f32
  }
  %square = memref.expand_shape %t [[0, 1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xf32>
  linalg.transpose ins(%square : memref<4x4xf32>) outs(%b : memref<4x4xf32>) permutation = [1, 0]
  %bflat = memref.collapse_shape %b [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %a = memref.alloc() : memref<16xf32>
  linalg.add ins(%bflat, %x : memref<16xf32>, memref<16xf32>) outs(%a : memref<16xf32>)
  // Layer 2: t = a + 1, read through the same reshape.
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%t : memref<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %one : f32
    linalg.yield %s : f32
  }
  %c = memref.alloc() : memref<4x4xf32>
  linalg.transpose ins(%square : memref<4x4xf32>) outs(%c : memref<4x4xf32>) permutation = [1, 0]
  %cflat = memref.collapse_shape %c [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  // Layer 3: t = c.
  memref.copy %cflat, %t : memref<16xf32> to memref<16xf32>
  linalg.mul ins(%t, %x : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  memref.dealloc %t : memref<16xf32>
  memref.dealloc %b : memref<4x4xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %c : memref<4x4xf32>
  return
}

func.func @overwrites(%x: memref<16xf32>, %out1: memref<16xf32>, %out2: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %seven = arith.constant 7.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = memref.alloc() : memref<16xf32>
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%carried = %t) -> memref<16xf32> {
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%carried : memref<16xf32>) {
    ^bb0(%o: f32):
      %s = arith.addf %o, %one : f32
      linalg.yield %s : f32
    }
    scf.yield %carried : memref<16xf32>
  }
  // A buffer live across the fill, which would take t's old bytes were the
  // fill wrongly to begin a life that %r does not see.
  %other = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%other : memref<16xf32>)
  linalg.fill ins(%five : f32) outs(%t : memref<16xf32>)
  memref.copy %r, %out1 : memref<16xf32> to memref<16xf32>
  %half = memref.subview %t[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %other, %t : memref<16xf32> to memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%half : memref<8xf32, strided<[1]>>)
  linalg.add ins(%t, %x : memref<16xf32>, memref<16xf32>) outs(%t : memref<16xf32>)
  memref.copy %t, %out2 : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  memref.dealloc %other : memref<16xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %n = arith.index_cast %i : index to i32
    %v = arith.sitofp %n : i32 to f32
    memref.store %v, %x[%i] : memref<16xf32>
  }
  %out = memref.alloc() : memref<16xf32>
  func.call @layers(%x, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %u = memref.cast %out : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %out2 = memref.alloc() : memref<16xf32>
  func.call @overwrites(%x, %out, %out2) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %u2 = memref.cast %out2 : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %out2 : memref<16xf32>
  return
}
