// The analysis of buffers in one block, printed by the test pass rather than
// seen through a plan: a buffer is live from the first use of it or of an
// alias (not its memref.alloc: a fresh buffer holds nothing before) to one
// past the last. Ops are numbered from 0 in program order
// (pre-order: an op, then the ops nested in it).

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// The chain of test/Transforms/straight-line.mlir. A linalg op's body is
// numbered too: 0 %cst, 1 %a, 2 fill, 3 its yield, 4 %b, 5 %a8, 6 copy, 7 %c,
// 8 %c8, 9 copy, 10 %d, 11 copy, 12 copy, 13 return. %a's last use is
// through its subview %a8 (6), %c's through %c8 (11): a and c do not
// overlap, nor do b and d.
// CHECK-LABEL: @chain: 4 buffers
// CHECK-NEXT:  "a" memref<16xf32>: planned [2, 7), 64 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.subview' "a8"
// CHECK-NEXT:  "b" memref<8xf32>: planned [6, 10), 32 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "c" memref<16xf32>: planned [8, 12), 64 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.subview' "c8"
// CHECK-NEXT:  "d" memref<8xf32>: planned [11, 13), 32 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @chain(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32> loc("a")
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<8xf32> loc("b")
  %a8 = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>> loc("a8")
  memref.copy %a8, %b : memref<8xf32, strided<[1]>> to memref<8xf32>
  %c = memref.alloc() : memref<16xf32> loc("c")
  %c8 = memref.subview %c[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>> loc("c8")
  memref.copy %b, %c8 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>>
  %d = memref.alloc() : memref<8xf32> loc("d")
  memref.copy %c8, %d : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32>
  memref.copy %d, %out : memref<8xf32> to memref<8xf32>
  return
}

// The residual block: %x is live across %y and %z, which do not overlap
// each other. Numbers: 0 %cst, 1 %x, 2-3 fill, 4 %y, 5 copy, 6-8 add (with
// its addf and yield), 9 %z, 10 copy, 11-13 add, 14 return. A use by a
// linalg op lasts to the end of its body.
// CHECK-LABEL: @residual: 3 buffers
// CHECK-NEXT:  "x" memref<16xf32>: planned [2, 14), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "y" memref<16xf32>: planned [5, 9), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "z" memref<16xf32>: planned [10, 14), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @residual(%out: memref<16xf32>) {
  %cst = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<16xf32> loc("x")
  linalg.fill ins(%cst : f32) outs(%x : memref<16xf32>)
  %y = memref.alloc() : memref<16xf32> loc("y")
  memref.copy %x, %y : memref<16xf32> to memref<16xf32>
  linalg.add ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  %z = memref.alloc() : memref<16xf32> loc("z")
  memref.copy %out, %z : memref<16xf32> to memref<16xf32>
  linalg.add ins(%x, %z : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// A buffer that is never used lives at its allocation only; the allocation
// itself (1) is the first point of %late, whose use comes later (4).
// CHECK-LABEL: @unused_and_late: 2 buffers
// CHECK-NEXT:  "unused" memref<4xf32>: planned [0, 1), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "late" memref<4xf32>: planned [4, 5), 16 bytes, align 16, space default
func.func @unused_and_late(%out: memref<4xf32>) {
  %unused = memref.alloc() : memref<4xf32> loc("unused")
  %late = memref.alloc() : memref<4xf32> loc("late")
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  memref.store %v, %late[%c0] : memref<4xf32>
  return
}

// Every function is analysed on its own, those of nested modules included,
// with its own numbering; declarations have no buffers and print nothing.
// CHECK-LABEL: @nested: 1 buffer
// CHECK-NEXT:  "n" memref<2xf64>: planned [1, 2), 16 bytes, align 16, space default
// CHECK-NOT:   @declared
module @inner {
  func.func @nested(%out: memref<2xf64>) {
    %n = memref.alloc() : memref<2xf64> loc("n")
    memref.copy %n, %out : memref<2xf64> to memref<2xf64>
    return
  }
  func.func private @declared(memref<4xf32>)
}
