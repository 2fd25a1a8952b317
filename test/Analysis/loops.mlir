// Loops, as the analysis sees them: a use inside a loop counts as a use of
// the whole loop op, so a buffer used in a loop is live for the whole loop;
// a buffer allocated and used in a body lives inside the body; a buffer that
// may reach the next iteration is left alone. Ops are numbered from 0 in
// pre-order: a loop op comes before its body, and spans it.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// Numbers: 0 %c0, 1 %c1, 2 %one, 3 %a, 4-5 fill, 6 scf.for, 7 copy, 8 %b,
// 9-10 fill, 11-13 add, 14 yield, 15 return. %a is last used at the start of
// the body (7) but the next iteration reads it again: it is live to the end
// of the loop (14), past %b's whole life.
// CHECK-LABEL: @outer_buffer_used_at_body_start: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [4, 15), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "b" memref<4xf32>: planned [9, 14), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @outer_buffer_used_at_body_start(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    %b = memref.alloc() : memref<4xf32> loc("b")
    linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
    linalg.add ins(%out, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  }
  return
}

// Numbers: 0-2 constants, 3 %early, 4-5 fill, 6 copy, 7 %e, 8-9 fill,
// 10 scf.for, 11 %c, 12-13 fill, 14-16 add, 17 %d, 18 copy, 19-21 add,
// 22 yield, 23-25 add, 26 return. %c and %d follow each other in the body;
// %e is live across the loop; %early ends where %e begins.
// CHECK-LABEL: @body_buffers_share: 4 buffers
// CHECK-NEXT:  "early" memref<16xf32>: planned [4, 7), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "e" memref<16xf32>: planned [8, 26), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "c" memref<16xf32>: planned [12, 17), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "d" memref<16xf32>: planned [18, 22), 64 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @body_buffers_share(%n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %early = memref.alloc() : memref<16xf32> loc("early")
  linalg.fill ins(%one : f32) outs(%early : memref<16xf32>)
  memref.copy %early, %out : memref<16xf32> to memref<16xf32>
  %e = memref.alloc() : memref<16xf32> loc("e")
  linalg.fill ins(%one : f32) outs(%e : memref<16xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %c = memref.alloc() : memref<16xf32> loc("c")
    linalg.fill ins(%one : f32) outs(%c : memref<16xf32>)
    linalg.add ins(%out, %c : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
    %d = memref.alloc() : memref<16xf32> loc("d")
    memref.copy %out, %d : memref<16xf32> to memref<16xf32>
    linalg.add ins(%out, %d : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  }
  linalg.add ins(%out, %e : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// Numbers: 0-2 constants, 3 outer scf.for, 4 %outer, 5-6 fill, 7 inner
// scf.for, 8-10 add, 11 %inner, 12-13 fill, 14-16 add, 17 inner yield,
// 18 outer yield, 19 return. %outer is read at the start of the inner body,
// so it is live for the whole inner loop (to 17), around all of %inner; it
// lives inside one outer iteration.
// CHECK-LABEL: @nested_loops: 2 buffers
// CHECK-NEXT:  "outer" memref<4xf32>: planned [5, 18), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "inner" memref<4xf32>: planned [12, 17), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @nested_loops(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %outer = memref.alloc() : memref<4xf32> loc("outer")
    linalg.fill ins(%one : f32) outs(%outer : memref<4xf32>)
    scf.for %j = %c0 to %n step %c1 {
      linalg.add ins(%out, %outer : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
      %inner = memref.alloc() : memref<4xf32> loc("inner")
      linalg.fill ins(%one : f32) outs(%inner : memref<4xf32>)
      linalg.add ins(%out, %inner : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
    }
  }
  return
}

// Through iter_args, %init reaches the loop's region argument and result
// (coarsely: every memref argument and result of the loop), and so lives
// to the copy after the loop. %next, allocated in the body and yielded to
// the next iteration, is left alone.
// Numbers: 0-2 constants, 3 %init, 4-5 fill, 6 scf.for, 7 %next, 8-10 add,
// 11 yield, 12 copy, 13 return.
// CHECK-LABEL: @loop_carried: 2 buffers
// CHECK-NEXT:  "init" memref<4xf32>: planned [4, 13), 16 bytes, align 16, space default, 2 aliases, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'scf.for' "loop"
// CHECK-NEXT:    alias: argument 1 of block 0 of region 0 of 'scf.for' "loop"
// CHECK-NEXT:  "next" memref<4xf32>: left alone (loop-carried): may outlive one iteration of 'scf.for'
func.func @loop_carried(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4xf32> loc("init")
  linalg.fill ins(%one : f32) outs(%init : memref<4xf32>)
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> (memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32> loc("next")
    linalg.add ins(%prev, %prev : memref<4xf32>, memref<4xf32>) outs(%next : memref<4xf32>)
    scf.yield %next : memref<4xf32>
  } loc("loop")
  memref.copy %last, %out : memref<4xf32> to memref<4xf32>
  return
}

// Ping-pong through scf.while: %a and %b both reach every memref argument
// and result of the loop, so both live from their first fill to the copy
// after the loop; %tmp lives inside the after region.
// Numbers: 0-2 constants, 3 %a, 4 %b, 5-6 fill, 7-8 fill, 9 scf.while,
// 10 cmpi, 11 condition, 12 %tmp, 13-15 add, 16 copy, 17 addi, 18 yield,
// 19 copy, 20 return.
// CHECK-LABEL: @while_ping_pong: 3 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [5, 20), 16 bytes, align 16, space default, 6 aliases, 0 deallocs
// CHECK-NEXT:    alias: result 1 of 'scf.while' "while"
// CHECK-NEXT:    alias: result 2 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 1 of block 0 of region 0 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 2 of block 0 of region 0 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 1 of block 0 of region 1 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 2 of block 0 of region 1 of 'scf.while' "while"
// CHECK-NEXT:  "b" memref<4xf32>: planned [7, 20), 16 bytes, align 16, space default, 6 aliases, 0 deallocs
// CHECK-NEXT:    alias: result 1 of 'scf.while' "while"
// CHECK-NEXT:    alias: result 2 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 1 of block 0 of region 0 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 2 of block 0 of region 0 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 1 of block 0 of region 1 of 'scf.while' "while"
// CHECK-NEXT:    alias: argument 2 of block 0 of region 1 of 'scf.while' "while"
// CHECK-NEXT:  "tmp" memref<4xf32>: planned [13, 17), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @while_ping_pong(%n: i32, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %b = memref.alloc() : memref<4xf32> loc("b")
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  %r:3 = scf.while (%i = %c0, %x = %a, %y = %b) : (i32, memref<4xf32>, memref<4xf32>) -> (i32, memref<4xf32>, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i, %x, %y : i32, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%j: i32, %p: memref<4xf32>, %q: memref<4xf32>):
    %tmp = memref.alloc() : memref<4xf32> loc("tmp")
    linalg.add ins(%p, %q : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
    memref.copy %tmp, %p : memref<4xf32> to memref<4xf32>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next, %q, %p : i32, memref<4xf32>, memref<4xf32>
  } loc("while")
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}

// A buffer allocated in the after region and passed to the next iteration:
// left alone.
// CHECK-LABEL: @while_carries_new_buffer: 1 buffer
// CHECK-NEXT:  "fresh" memref<4xf32>: left alone (loop-carried): may outlive one iteration of 'scf.while'
func.func @while_carries_new_buffer(%n: i32, %init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %x = %init) : (i32, memref<4xf32>) -> (i32, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i, %x : i32, memref<4xf32>
  } do {
  ^bb0(%j: i32, %p: memref<4xf32>):
    %fresh = memref.alloc() : memref<4xf32> loc("fresh")
    linalg.add ins(%p, %p : memref<4xf32>, memref<4xf32>) outs(%fresh : memref<4xf32>)
    %next = arith.addi %j, %c1 : i32
    scf.yield %next, %fresh : i32, memref<4xf32>
  }
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}

// A select in the body between a body buffer and a buffer from outside is
// defined in the body, so the body buffer still lives within one iteration.
// Numbers: 0-1 constants, 2 scf.for, 3 %body, 4 select, 5 copy, 6 yield.
// CHECK-LABEL: @body_select_with_outer_buffer: 1 buffer
// CHECK-NEXT:  "body" memref<4xf32>: planned [4, 6), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'arith.select' "either"
func.func @body_select_with_outer_buffer(%n: index, %cond: i1, %outer: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %body = memref.alloc() : memref<4xf32> loc("body")
    %either = arith.select %cond, %body, %outer : memref<4xf32> loc("either")
    memref.copy %outer, %either : memref<4xf32> to memref<4xf32>
  }
  return
}
