// Lives in loops: a buffer allocated before a loop (as -buffer-loop-hoisting
// leaves it) whose every iteration overwrites it whole before touching it
// otherwise holds nothing from one iteration to the next. It is live in each
// iteration from that overwrite to the iteration's last use, as it would be
// allocated in the body, or on to a later use after the loop when the loop
// surely runs an iteration. Ops are numbered from 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=split-lives=true -o /dev/null | FileCheck %s
// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s --check-prefix=WHOLE

#id = affine_map<(d0) -> (d0)>

// Numbers: 0-3 constants, 4-6 allocs, 7 scf.for, 8-10 generic, 11-13 add,
// 14-16 mul, 17-19 add, 20 yield, 21 return. Each temporary is live from
// the op that writes it to the one that last reads it in the iteration:
// %a and %c never meet.
// CHECK-LABEL: @hoisted: 3 buffers
// CHECK-NEXT: "a" memref<16xf32>: planned [8, 14), each iteration from 'linalg.generic' "write_a", 64 bytes
// CHECK-NEXT: "b" memref<16xf32>: planned [11, 17), each iteration from 'linalg.add' "write_b", 64 bytes
// CHECK-NEXT: "c" memref<16xf32>: planned [14, 20), each iteration from 'linalg.mul' "write_c", 64 bytes
// Without split-lives each is live for the whole loop.
// WHOLE-LABEL: @hoisted: 3 buffers
// WHOLE-NEXT: "a" memref<16xf32>: planned [7, 21), 64 bytes
func.func @hoisted(%x: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32> loc("a")
  %b = memref.alloc() : memref<16xf32> loc("b")
  %c = memref.alloc() : memref<16xf32> loc("c")
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : memref<16xf32>) outs(%a : memref<16xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %two : f32
      linalg.yield %s : f32
    } loc("write_a")
    linalg.add ins(%a, %x : memref<16xf32>, memref<16xf32>) outs(%b : memref<16xf32>) loc("write_b")
    linalg.mul ins(%b, %b : memref<16xf32>, memref<16xf32>) outs(%c : memref<16xf32>) loc("write_c")
    linalg.add ins(%c, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  }
  return
}

// None of these is narrowed: %r is read in the body before it is
// overwritten (the last iteration's value reaches the next), %p is written
// through a subview (a partial write keeps the rest), %d is read after a
// loop that may run no iteration (then the value from before the loop is
// read), %z likewise after a loop of no iteration, %k is carried through
// iter_args, %q is overwritten in an scf.parallel, whose iterations run at
// once, and %n is overwritten in an scf.if of the body, which may not run.
// CHECK-LABEL: @not_per_iteration: 7 buffers
// CHECK-NEXT: "r" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK-NEXT: "p" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK: "d" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK-NEXT: "z" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK: "k" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK: "q" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK: "n" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes
// CHECK-NOT: each iteration
func.func @not_per_iteration(%x: memref<8xf32>, %out: memref<8xf32>, %lb: index, %ub: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %r = memref.alloc() : memref<8xf32> loc("r")
  linalg.fill ins(%one : f32) outs(%r : memref<8xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.add ins(%r, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
    linalg.fill ins(%one : f32) outs(%r : memref<8xf32>)
  }
  %p = memref.alloc() : memref<8xf32> loc("p")
  scf.for %i = %c0 to %c4 step %c1 {
    %head = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    linalg.fill ins(%one : f32) outs(%head : memref<4xf32, strided<[1]>>)
    linalg.add ins(%p, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  }
  %d = memref.alloc() : memref<8xf32> loc("d")
  linalg.fill ins(%one : f32) outs(%d : memref<8xf32>)
  scf.for %i = %lb to %ub step %c1 {
    linalg.copy ins(%x : memref<8xf32>) outs(%d : memref<8xf32>)
  }
  linalg.add ins(%d, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %z = memref.alloc() : memref<8xf32> loc("z")
  linalg.fill ins(%one : f32) outs(%z : memref<8xf32>)
  scf.for %i = %c4 to %c4 step %c1 {
    linalg.copy ins(%x : memref<8xf32>) outs(%z : memref<8xf32>)
  }
  linalg.add ins(%z, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %k = memref.alloc() : memref<8xf32> loc("k")
  %kk = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %k) -> memref<8xf32> {
    linalg.copy ins(%x : memref<8xf32>) outs(%k : memref<8xf32>)
    linalg.add ins(%cur, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
    scf.yield %cur : memref<8xf32>
  }
  %q = memref.alloc() : memref<8xf32> loc("q")
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    linalg.copy ins(%x : memref<8xf32>) outs(%q : memref<8xf32>)
    linalg.add ins(%q, %x : memref<8xf32>, memref<8xf32>) outs(%q : memref<8xf32>)
    scf.reduce
  }
  %n = memref.alloc() : memref<8xf32> loc("n")
  scf.for %i = %c0 to %c4 step %c1 {
    scf.if %c {
      linalg.copy ins(%x : memref<8xf32>) outs(%n : memref<8xf32>)
    }
    linalg.add ins(%n, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  }
  return
}

// Hoisted out of two loops, overwritten in the inner body: live in each
// inner iteration. Numbers: 0-2 constants, 3 %t, 4 outer for, 5 inner for,
// 6 copy, 7-9 add, 10 yield, 11 yield, 12 return.
// CHECK-LABEL: @nested: 1 buffer
// CHECK-NEXT: "t" memref<8xf32>: planned [6, 10), each iteration from 'memref.copy' "write_t", 32 bytes
func.func @nested(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<8xf32> loc("t")
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("write_t")
      linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
    }
  }
  return
}

// A first life before the loop, then a life that the loop begins: each of
// its iterations overwrites %t first. The loop runs four times, so the read
// after it sees the last iteration's value: that life runs on to it.
// Numbers: 0-3 constants, 4 %t, 5-6 fill, 7-9 add, 10 for, 11 copy, 12-14
// add, 15 yield, 16-18 add, 19 return.
// CHECK-LABEL: @later_life_read_after: 2 buffers
// CHECK-NEXT: "t" memref<8xf32>: planned [5, 10), life 0, 32 bytes
// CHECK-NEXT: "t" memref<8xf32>: planned [11, 19), life 1 begun by 'scf.for' "loop", each iteration from 'memref.copy' "write_t", 32 bytes
func.func @later_life_read_after(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<8xf32> loc("t")
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("write_t")
    linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  } loc("loop")
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// The before region of scf.while runs at least once, so a read after the
// loop sees the last overwrite there. Numbers: 0-1 constants, 2 %t, 3
// while, 4 copy, 5-7 add, 8 load, 9 cmpf, 10 condition, 11 yield, 12-14
// add, 15 return.
// CHECK-LABEL: @while_before: 1 buffer
// CHECK-NEXT: "t" memref<8xf32>: planned [4, 15), each iteration from 'memref.copy' "write_t", 32 bytes
func.func @while_before(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %limit = arith.constant 100.0 : f32
  %t = memref.alloc() : memref<8xf32> loc("t")
  scf.while : () -> () {
    memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("write_t")
    linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
    %v = memref.load %out[%c0] : memref<8xf32>
    %more = arith.cmpf olt, %v, %limit : f32
    scf.condition(%more)
  } do {
    scf.yield
  }
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// affine.for with constant bounds, and a view made in the body after the
// overwrite. Numbers: 0 %t, 1 for, 2 copy, 3 subview, 4-6 add, 7 yield,
// 8 return.
// CHECK-LABEL: @affine_loop: 1 buffer
// CHECK-NEXT: "t" memref<8xf32>: planned [2, 7), each iteration from 'memref.copy' "write_t", 32 bytes
func.func @affine_loop(%x: memref<8xf32>, %out: memref<4xf32>) {
  %t = memref.alloc() : memref<8xf32> loc("t")
  affine.for %i = 0 to 4 {
    memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("write_t")
    %head = memref.subview %t[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    linalg.add ins(%head, %out : memref<4xf32, strided<[1]>>, memref<4xf32>) outs(%out : memref<4xf32>)
  }
  return
}
