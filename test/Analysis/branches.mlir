// scf.if, as the analysis sees it: a buffer yielded out of an scf.if is an
// alias of its result and is live from the scf.if to the result's last use;
// a buffer used only in one branch dies with the branch. Ops are numbered
// from 0 in pre-order, the then region before the else region.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// Numbers: 0-1 constants, 2 %kept, 3-4 fill, 5 scf.if, 6 %t, 7-8 fill,
// 9 yield, 10 %e, 11-12 fill, 13 yield, 14-16 add, 17 return. Both branch
// buffers reach the result %r, read by the add after the if: lifted to the
// scf.if, each is live on [5, 17), around %kept's last use too. The two are
// kept apart although only one branch runs (a known loss of precision).
// CHECK-LABEL: @if_yields_buffer: 3 buffers
// CHECK-NEXT:  "kept" memref<4xf32>: planned [3, 17), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "t" memref<4xf32>: planned [5, 17), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'scf.if' "if"
// CHECK-NEXT:  "e" memref<4xf32>: planned [5, 17), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'scf.if' "if"
func.func @if_yields_buffer(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %kept = memref.alloc() : memref<4xf32> loc("kept")
  linalg.fill ins(%one : f32) outs(%kept : memref<4xf32>)
  %r = scf.if %cond -> (memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32> loc("t")
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    scf.yield %t : memref<4xf32>
  } else {
    %e = memref.alloc() : memref<4xf32> loc("e")
    linalg.fill ins(%two : f32) outs(%e : memref<4xf32>)
    scf.yield %e : memref<4xf32>
  } loc("if")
  linalg.add ins(%r, %kept : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// Numbers: 0 %one, 1 scf.if, 2 %t, 3-4 fill, 5 copy, 6 yield, 7 %after,
// 8-9 fill, 10-12 add, 13 return. %t lives inside the then region; %after
// begins after the scf.if.
// CHECK-LABEL: @branch_local: 2 buffers
// CHECK-NEXT:  "t" memref<4xf32>: planned [3, 6), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "after" memref<4xf32>: planned [8, 13), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @branch_local(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  scf.if %cond {
    %t = memref.alloc() : memref<4xf32> loc("t")
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  }
  %after = memref.alloc() : memref<4xf32> loc("after")
  linalg.fill ins(%one : f32) outs(%after : memref<4xf32>)
  linalg.add ins(%out, %after : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// A buffer from before the if, yielded by one branch and read after it:
// the coarse region-branch rule makes it an alias of the if's result, so it
// lives to the result's last use. A buffer used in both branches only is
// live for the whole scf.if.
// Numbers: 0 %before, 1 %both, 2 scf.if, 3 copy, 4 yield, 5 copy, 6 yield,
// 7 copy, 8 return.
// CHECK-LABEL: @if_forwards_outer_buffer: 2 buffers
// CHECK-NEXT:  "before" memref<4xf32>: planned [2, 8), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'scf.if' "select_if"
// CHECK-NEXT:  "both" memref<4xf32>: planned [2, 7), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @if_forwards_outer_buffer(%cond: i1, %in: memref<4xf32>, %out: memref<4xf32>) {
  %before = memref.alloc() : memref<4xf32> loc("before")
  %both = memref.alloc() : memref<4xf32> loc("both")
  %r = scf.if %cond -> (memref<4xf32>) {
    memref.copy %both, %out : memref<4xf32> to memref<4xf32>
    scf.yield %before : memref<4xf32>
  } else {
    memref.copy %in, %both : memref<4xf32> to memref<4xf32>
    scf.yield %in : memref<4xf32>
  } loc("select_if")
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}
