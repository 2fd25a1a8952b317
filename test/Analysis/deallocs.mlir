// memref.deallocs of a buffer or of a view of it are found (the rewrite
// removes them) and are not uses: they do not lengthen the buffer's life. A
// dealloc of a value that may be another buffer (a select, a value carried
// by a loop) makes the buffers behind it freed-elsewhere.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// Numbers: 0 %one, 1 %a, 2-3 fill, 4 %dyn, 5-6 fill, 7 scf.if, 8 dealloc,
// 9 yield, 10 %cast, 11 dealloc, 12 yield, 13 dealloc, 14 return. %a's
// deallocs in both branches are found, one through a cast; the cast is its
// last use, so it lives for the scf.if.
// CHECK-LABEL: @deallocs: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [2, 13), 16 bytes, align 16, space default, 1 alias, 2 deallocs
// CHECK-NEXT:    alias: result 0 of 'memref.cast' "cast"
// CHECK-NEXT:    dealloc: 'memref.dealloc' "then_dealloc"
// CHECK-NEXT:    dealloc: 'memref.dealloc' "else_dealloc"
// CHECK-NEXT:  "dyn" memref<?xf32>: left alone (dynamic-shape): has a dynamic size with no constant upper bound
func.func @deallocs(%cond: i1, %n: index) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %dyn = memref.alloc(%n) : memref<?xf32> loc("dyn")
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  scf.if %cond {
    memref.dealloc %a : memref<4xf32> loc("then_dealloc")
  } else {
    %cast = memref.cast %a : memref<4xf32> to memref<?xf32> loc("cast")
    memref.dealloc %cast : memref<?xf32> loc("else_dealloc")
  }
  memref.dealloc %dyn : memref<?xf32>
  return
}

// A dealloc is not a use: %b ends at its last read (3), not at its dealloc
// (5). Numbers: 0 %c0, 1 %b, 2 store, 3 load, 4 %later, 5 dealloc %b,
// 6 store, 7 dealloc %later, 8 return.
// CHECK-LABEL: @dealloc_is_not_a_use: 2 buffers
// CHECK-NEXT:  "b" memref<4xf32>: planned [2, 4), 16 bytes, align 16, space default, 0 aliases, 1 dealloc
// CHECK-NEXT:    dealloc: 'memref.dealloc' "free_b"
// CHECK-NEXT:  "later" memref<4xf32>: planned [6, 7), 16 bytes, align 16, space default, 0 aliases, 1 dealloc
// CHECK-NEXT:    dealloc: 'memref.dealloc' "free_later"
func.func @dealloc_is_not_a_use(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32> loc("b")
  memref.store %v, %b[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  %later = memref.alloc() : memref<4xf32> loc("later")
  memref.dealloc %b : memref<4xf32> loc("free_b")
  memref.store %x, %later[%c0] : memref<4xf32>
  memref.dealloc %later : memref<4xf32> loc("free_later")
  return %x : f32
}

// A dealloc of a select frees whichever buffer arrives.
// CHECK-LABEL: @merged_dealloc: 2 buffers
// CHECK-NEXT:  "x" memref<4xf32>: left alone (freed-elsewhere): freed by a memref.dealloc of a value that may be another buffer
// CHECK-NEXT:  "y" memref<4xf32>: left alone (freed-elsewhere): freed by a memref.dealloc of a value that may be another buffer
func.func @merged_dealloc(%cond: i1) {
  %x = memref.alloc() : memref<4xf32> loc("x")
  %y = memref.alloc() : memref<4xf32> loc("y")
  %z = arith.select %cond, %x, %y : memref<4xf32>
  memref.dealloc %z : memref<4xf32>
  return
}

// So does a dealloc of the value an scf.for carries: on the first trip it is
// %init, later whatever the body yielded.
// CHECK-LABEL: @carried_dealloc: 1 buffer
// CHECK-NEXT:  "init" memref<4xf32>: left alone (freed-elsewhere): freed by a memref.dealloc of a value that may be another buffer
func.func @carried_dealloc(%n: index, %other: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32> loc("init")
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    scf.yield %other : memref<4xf32>
  }
  memref.dealloc %last : memref<4xf32>
  return
}
