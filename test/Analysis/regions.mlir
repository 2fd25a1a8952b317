// Regions, as the analysis sees them: in a region of several blocks program
// order says little about execution order, so a buffer is live where the
// control-flow graph leads from a use to a use, and its interval is the hull
// of those points, with the live ranges printed when it has gaps; blocks on
// a control-flow cycle repeat like loop bodies; a buffer allocated in a
// parallel, asynchronous, isolated or unknown region is left alone, while a
// buffer from outside used in a parallel region lives for the whole op. Ops
// are numbered from 0 in pre-order, blocks in region order.

// RUN: memplan-opt %s -allow-unregistered-dialect --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// %a is filled, then read on either path: live from the fill through
// ^bb1 to its read there, and at the copy of ^bb2, not at ^bb2's return or
// ^bb1's. %b lives within ^bb1. Numbers: 0 %one, 1 %a, 2-3 fill, 4 cond_br,
// 5 %b, 6-8 add, 9 copy, 10 return, 11 copy, 12 return.
// CHECK-LABEL: @two_exits: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [2, 12) (live on [2, 9) [11, 12)), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "b" memref<4xf32>: planned [6, 10), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @two_exits(%cond: i1, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<4xf32> loc("b")
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  return
^bb2:
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}

// A loop in the control-flow graph: %fresh reaches the next trip through
// the block argument %cur and is left alone; %tmp never leaves its trip and
// is planned from its first use to its last: each trip's allocation makes a
// new buffer, so the way round the loop back to the uses does not count.
// Numbers: 0-1 constants, 2 br, 3 %tmp, 4-6 add, 7 %fresh, 8 copy.
// CHECK-LABEL: @cfg_loop: 2 buffers
// CHECK-NEXT:  "tmp" memref<4xf32>: planned [4, 9), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "fresh" memref<4xf32>: left alone (loop-carried): may outlive one iteration of a control-flow loop
func.func @cfg_loop(%n: index, %init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %init : index, memref<4xf32>)
^bb1(%i: index, %cur: memref<4xf32>):
  %tmp = memref.alloc() : memref<4xf32> loc("tmp")
  linalg.add ins(%cur, %cur : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
  %fresh = memref.alloc() : memref<4xf32> loc("fresh")
  memref.copy %tmp, %fresh : memref<4xf32> to memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %next, %n : index
  cf.cond_br %more, ^bb1(%next, %fresh : index, memref<4xf32>), ^bb2
^bb2:
  memref.copy %cur, %out : memref<4xf32> to memref<4xf32>
  return
}

// A buffer passed to a block that does not loop is an alias through the
// block argument, and is planned. Numbers: 0 %a, 1 br, 2 copy, 3 return.
// CHECK-LABEL: @block_argument: 1 buffer
// CHECK-NEXT:  "passed" memref<4xf32>: planned [1, 3), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: argument 0 of block 1 of region 0 of 'func.func' "block_argument"
func.func @block_argument(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32> loc("passed")
  cf.br ^bb1(%a : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  memref.copy %m, %out : memref<4xf32> to memref<4xf32>
  return
} loc("block_argument")

// An scf.execute_region with several blocks: %inner, used in two of its
// blocks only, lives at each use (4 and 6), and not at the yield between;
// %around, used inside and after it, lives from the region to the use after
// it.
// Numbers: 0 %around, 1 scf.execute_region, 2 %inner, 3 cond_br, 4 copy,
// 5 yield, 6 copy, 7 yield, 8 copy, 9 return.
// CHECK-LABEL: @multi_block_region: 2 buffers
// CHECK-NEXT:  "around" memref<4xf32>: planned [1, 9), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "inner" memref<4xf32>: planned [4, 7) (live on [4, 5) [6, 7)), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @multi_block_region(%cond: i1, %out: memref<4xf32>) {
  %around = memref.alloc() : memref<4xf32> loc("around")
  scf.execute_region {
    %inner = memref.alloc() : memref<4xf32> loc("inner")
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    memref.copy %around, %inner : memref<4xf32> to memref<4xf32>
    scf.yield
  ^bb2:
    memref.copy %inner, %out : memref<4xf32> to memref<4xf32>
    scf.yield
  }
  memref.copy %around, %out : memref<4xf32> to memref<4xf32>
  return
}

// Parallel loops run iterations at once: a buffer allocated in a body
// belongs to each iteration, which gets a slab of its own. A buffer from
// outside read in a parallel body lives for the whole op. Numbers: 0-2
// constants, 3 %shared, 4-5 fill, 6 scf.parallel, 7 %t, 8-9 fill, 10 copy,
// 11 reduce, 12 scf.forall, 13 %u, 14 copy, 15 terminator, 16 return.
// CHECK-LABEL: @parallel: 3 buffers
// CHECK-NEXT:  "shared" memref<4xf32>: planned [4, 16), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "t" memref<4xf32>: planned [8, 10), 16 bytes, align 16, space default, each iteration of 'scf.parallel', 0 aliases, 0 deallocs
// CHECK-NEXT:  "u" memref<4xf32>: planned [14, 15), 16 bytes, align 16, space default, each iteration of 'scf.forall', 0 aliases, 0 deallocs
func.func @parallel(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %shared = memref.alloc() : memref<4xf32> loc("shared")
  linalg.fill ins(%one : f32) outs(%shared : memref<4xf32>)
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32> loc("t")
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    memref.copy %shared, %out : memref<4xf32> to memref<4xf32>
    scf.reduce
  }
  scf.forall (%i) in (%n) {
    %u = memref.alloc() : memref<4xf32> loc("u")
    memref.copy %shared, %u : memref<4xf32> to memref<4xf32>
  }
  return
}

// Regions the slab cannot reach or whose control flow is unknown.
// CHECK-LABEL: @unsupported_regions: 3 buffers
// CHECK-NEXT:  "in_target" memref<4xf32>: left alone (region): allocated inside 'omp.target', which is isolated from above
// CHECK-NEXT:  "in_launch" memref<4xf32>: left alone (region): allocated inside 'gpu.launch', whose control flow is unknown
// CHECK-NEXT:  "in_unknown" memref<4xf32>: left alone (region): allocated inside 'test.region', whose control flow is unknown
func.func @unsupported_regions() {
  omp.target {
    %a = memref.alloc() : memref<4xf32> loc("in_target")
    omp.terminator
  }
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %b = memref.alloc() : memref<4xf32> loc("in_launch")
    gpu.terminator
  }
  "test.region"() ({
    %c = memref.alloc() : memref<4xf32> loc("in_unknown")
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}
