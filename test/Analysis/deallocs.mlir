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

// A dealloc of a select frees whichever buffer arrives. Both are buffers of
// the function, so they are planned together and share the free.
// CHECK-LABEL: @merged_dealloc: 2 buffers
// CHECK-NEXT:  "x" memref<4xf32>: planned [2, 3), 16 bytes, align 16, space default, 1 alias, 1 dealloc
// CHECK-NEXT:    alias: result 0 of 'arith.select'
// CHECK-NEXT:    dealloc: 'memref.dealloc' "free_z"
// CHECK-NEXT:  "y" memref<4xf32>: planned [2, 3), 16 bytes, align 16, space default, 1 alias, 1 dealloc
// CHECK-NEXT:    alias: result 0 of 'arith.select'
// CHECK-NEXT:    dealloc: 'memref.dealloc' "free_z"
func.func @merged_dealloc(%cond: i1) {
  %x = memref.alloc() : memref<4xf32> loc("x")
  %y = memref.alloc() : memref<4xf32> loc("y")
  %z = arith.select %cond, %x, %y : memref<4xf32>
  memref.dealloc %z : memref<4xf32> loc("free_z")
  return
}

// A select of a buffer and an argument: removing the free would leak the
// argument when it arrives, keeping it would free the slab.
// CHECK-LABEL: @merged_with_argument: 1 buffer
// CHECK-NEXT:  "mine" memref<4xf32>: left alone (freed-elsewhere): freed by 'memref.dealloc' of a value that may also be a function argument
func.func @merged_with_argument(%cond: i1, %theirs: memref<4xf32>) {
  %mine = memref.alloc() : memref<4xf32> loc("mine")
  %z = arith.select %cond, %mine, %theirs : memref<4xf32>
  memref.dealloc %z : memref<4xf32>
  return
}

// A free shared with a buffer that must stay keeps every buffer it may free.
// CHECK-LABEL: @merged_with_returned: 2 buffers
// CHECK-NEXT:  "kept" memref<4xf32>: left alone (freed-elsewhere): shares a free with a buffer that is left alone: returned from the function
// CHECK-NEXT:  "returned" memref<4xf32>: left alone (returned): returned from the function
func.func @merged_with_returned(%cond: i1) -> memref<4xf32> {
  %kept = memref.alloc() : memref<4xf32> loc("kept")
  %returned = memref.alloc() : memref<4xf32> loc("returned")
  %z = arith.select %cond, %kept, %returned : memref<4xf32>
  memref.dealloc %z : memref<4xf32>
  return %returned : memref<4xf32>
}

// So does a dealloc of the value an scf.for carries: on the first trip it is
// %init, later whatever the body yielded, here an argument.
// CHECK-LABEL: @carried_dealloc: 1 buffer
// CHECK-NEXT:  "init" memref<4xf32>: left alone (freed-elsewhere): freed by 'memref.dealloc' of a value that may also be a function argument
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

// What ownership-based deallocation leaves: bufferization.dealloc frees the
// base buffer of an scf.if result (either buffer) under its ownership
// condition and compares a retained value with what it frees.
// CHECK-LABEL: @ownership: 3 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 16 bytes, align 16, space default, 2 aliases, 1 dealloc
// CHECK-NEXT:    alias: result 0 of 'scf.if'
// CHECK-NEXT:    alias: result 0 of 'memref.extract_strided_metadata'
// CHECK-NEXT:    dealloc: 'bufferization.dealloc' "frees"
// CHECK-NEXT:  "r" memref<4xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 16 bytes, align 16, space default, 0 aliases, 1 dealloc
// CHECK-NEXT:    dealloc: 'bufferization.dealloc' "frees_r"
// CHECK-NEXT:  "b" memref<4xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 16 bytes, align 16, space default, 2 aliases, 1 dealloc
// CHECK-NEXT:    alias: result 0 of 'scf.if'
// CHECK-NEXT:    alias: result 0 of 'memref.extract_strided_metadata'
// CHECK-NEXT:    dealloc: 'bufferization.dealloc' "frees"
func.func @ownership(%cond: i1, %out: memref<4xf32>) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32> loc("a")
  %r = memref.alloc() : memref<4xf32> loc("r")
  %chosen = scf.if %cond -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32> loc("b")
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  memref.copy %chosen, %r : memref<4xf32> to memref<4xf32>
  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %chosen : memref<4xf32> -> memref<f32>, index, index, index
  %owned = bufferization.dealloc (%base : memref<f32>) if (%cond) retain (%r : memref<4xf32>) loc("frees")
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  bufferization.dealloc (%r : memref<4xf32>) if (%true) loc("frees_r")
  return
}

// A loop's first value enters with ownership `false`, as ownership-based
// deallocation writes it: the free in the body never frees it, so it stays
// for the results of @fresh (which it frees) and %init is planned.
// CHECK-LABEL: @owned_in_loop: 1 buffer
// CHECK-NEXT:  "init" memref<4xf32>: planned
func.func private @fresh(%m: memref<4xf32>) -> memref<4xf32> {
  %r = memref.alloc() : memref<4xf32>
  memref.copy %m, %r : memref<4xf32> to memref<4xf32>
  return %r : memref<4xf32>
}
func.func @owned_in_loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() : memref<4xf32> loc("init")
  memref.copy %out, %init : memref<4xf32> to memref<4xf32>
  %last:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %owned = %false) -> (memref<4xf32>, i1) {
    %next = func.call @fresh(%cur) : (memref<4xf32>) -> memref<4xf32>
    %base, %offset, %sizes, %strides = memref.extract_strided_metadata %cur : memref<4xf32> -> memref<f32>, index, index, index
    %kept = bufferization.dealloc (%base : memref<f32>) if (%owned) retain (%next : memref<4xf32>)
    scf.yield %next, %true : memref<4xf32>, i1
  }
  memref.copy %last#0, %out : memref<4xf32> to memref<4xf32>
  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %last#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%init, %base : memref<4xf32>, memref<f32>) if (%true, %last#1)
  return
}

// A callee that returns its argument: the free of the call's result frees
// the buffer, which the walk back from the free cannot see through the
// call. The buffer stays.
// CHECK-LABEL: @freed_through_call: 1 buffer
// CHECK-NEXT:  "passed" memref<4xf32>: left alone (freed-elsewhere): freed by 'memref.dealloc' of a value that may also be the result of 'func.call'
func.func private @same(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
func.func @freed_through_call(%cond: i1) {
  %a = memref.alloc() : memref<4xf32> loc("passed")
  %b = func.call @same(%a) : (memref<4xf32>) -> memref<4xf32>
  %c = memref.cast %b : memref<4xf32> to memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  return
}
