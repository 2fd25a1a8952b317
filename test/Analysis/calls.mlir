// Calls, as the analysis sees them: a callee whose body is visible is
// followed (with the same rules, the answer cached per callee and argument):
// the results it may return the argument as are aliases, a fresh buffer it
// returns is not, and one that keeps, frees or hides its argument makes the
// buffer escape. Every memref result of a call whose callee is not visible
// may alias what it received, and the buffer escapes. Recursion is solved
// from the optimistic assumption up to a fixed point. Ops are numbered from
// 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

func.func private @fill(%m: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  return
}

func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

func.func private @frees(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func private @external(%m: memref<4xf32>)

func.func private @forwards_to_external(%m: memref<4xf32>) {
  func.call @external(%m) : (memref<4xf32>) -> ()
  return
}

// The callees with a body have no buffers of their own; the declaration
// prints nothing.
// CHECK-LABEL: @fill: 0 buffers
// CHECK-NEXT:  @identity: 0 buffers
// CHECK-NEXT:  @frees: 0 buffers
// CHECK-NEXT:  @forwards_to_external: 0 buffers

// %a goes through @identity; the result %r is read at the end, so %a lives
// to the add. Numbers: 0 %a, 1 call @fill, 2 call @identity, 3 %b, 4 call
// @fill, 5-7 add, 8 return.
// CHECK-NEXT:  @call_result_aliases: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [1, 8), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'func.call' "r"
// CHECK-NEXT:  "b" memref<4xf32>: planned [4, 8), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @call_result_aliases(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32> loc("a")
  func.call @fill(%a) : (memref<4xf32>) -> ()
  %r = func.call @identity(%a) : (memref<4xf32>) -> memref<4xf32> loc("r")
  %b = memref.alloc() : memref<4xf32> loc("b")
  func.call @fill(%b) : (memref<4xf32>) -> ()
  linalg.add ins(%r, %b : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

// CHECK-NEXT:  @call_escapes: 4 buffers
// CHECK-NEXT:  "freed" memref<4xf32>: left alone (freed-elsewhere): passed to @frees, where it is freed by the function that receives it
// CHECK-NEXT:  "hidden" memref<4xf32>: left alone (captured): passed to @external, whose body is not visible
// CHECK-NEXT:  "indirect" memref<4xf32>: left alone (captured): passed to @forwards_to_external, where it is passed to @external, whose body is not visible
// CHECK-NEXT:  "through_pointer" memref<4xf32>: left alone (captured): passed to 'func.call_indirect', whose body is not visible
func.func @call_escapes() {
  %freed = memref.alloc() : memref<4xf32> loc("freed")
  func.call @frees(%freed) : (memref<4xf32>) -> ()
  %hidden = memref.alloc() : memref<4xf32> loc("hidden")
  func.call @external(%hidden) : (memref<4xf32>) -> ()
  %indirect = memref.alloc() : memref<4xf32> loc("indirect")
  func.call @forwards_to_external(%indirect) : (memref<4xf32>) -> ()
  %f = func.constant @fill : (memref<4xf32>) -> ()
  %through = memref.alloc() : memref<4xf32> loc("through_pointer")
  func.call_indirect %f(%through) : (memref<4xf32>) -> ()
  return
}

// The facts about callee arguments are cached for the whole module: a
// second function passing buffers to the same callees gets the same answers.
// CHECK-NEXT:  @cached_callee_facts: 2 buffers
// CHECK-NEXT:  "again_freed" memref<4xf32>: left alone (freed-elsewhere): passed to @frees, where it is freed by the function that receives it
// CHECK-NEXT:  "again_filled" memref<4xf32>: planned [3, 4), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @cached_callee_facts() {
  %freed = memref.alloc() : memref<4xf32> loc("again_freed")
  func.call @frees(%freed) : (memref<4xf32>) -> ()
  %filled = memref.alloc() : memref<4xf32> loc("again_filled")
  func.call @fill(%filled) : (memref<4xf32>) -> ()
  return
}

// A callee that reads its argument and returns a fresh buffer: the result
// is not an alias of %in, which lives to the call only, and is not "passed
// to @external" when the result is.
func.func private @make(%m: memref<4xf32>) -> memref<4xf32> {
  %fresh = memref.alloc() : memref<4xf32>
  memref.copy %m, %fresh : memref<4xf32> to memref<4xf32>
  return %fresh : memref<4xf32>
}

// CHECK-NEXT:  @make: 1 buffer
// CHECK-NEXT:  {{.*}}: left alone (returned): returned from the function
// CHECK-NEXT:  @fresh_result: 1 buffer
// CHECK-NEXT:  "in" memref<4xf32>: planned [1, 3), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
func.func @fresh_result() {
  %in = memref.alloc() : memref<4xf32> loc("in")
  func.call @fill(%in) : (memref<4xf32>) -> ()
  %r = func.call @make(%in) : (memref<4xf32>) -> memref<4xf32>
  func.call @external(%r) : (memref<4xf32>) -> ()
  return
}

// Recursion: a callee that only passes its argument to itself keeps
// nothing. @even and @odd call each other and return their argument: the
// result of the call aliases %a. @spin and @spin_and_sink call each other
// and one of them hands the argument to @external: %b escapes.
func.func private @recurse(%m: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi ugt, %n, %c0 : index
  scf.if %more {
    %k = arith.subi %n, %c1 : index
    func.call @recurse(%m, %k) : (memref<4xf32>, index) -> ()
  }
  return
}

func.func private @even(%m: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %zero -> memref<4xf32> {
    scf.yield %m : memref<4xf32>
  } else {
    %k = arith.subi %n, %c1 : index
    %o = func.call @odd(%m, %k) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %o : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @odd(%m: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %k = arith.subi %n, %c1 : index
  %o = func.call @even(%m, %k) : (memref<4xf32>, index) -> memref<4xf32>
  return %o : memref<4xf32>
}

func.func private @spin(%m: memref<4xf32>, %n: index) {
  func.call @spin_and_sink(%m, %n) : (memref<4xf32>, index) -> ()
  return
}

func.func private @spin_and_sink(%m: memref<4xf32>, %n: index) {
  func.call @spin(%m, %n) : (memref<4xf32>, index) -> ()
  func.call @external(%m) : (memref<4xf32>) -> ()
  return
}

// CHECK-NEXT:  @recurse: 0 buffers
// CHECK-NEXT:  @even: 0 buffers
// CHECK-NEXT:  @odd: 0 buffers
// CHECK-NEXT:  @spin: 0 buffers
// CHECK-NEXT:  @spin_and_sink: 0 buffers
// CHECK-NEXT:  @recursive_callees: 3 buffers
// CHECK-NEXT:  "m" memref<4xf32>: planned [1, 2), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "a" memref<4xf32>: planned [3, 5), 16 bytes, align 16, space default, 1 alias, 0 deallocs
// CHECK-NEXT:    alias: result 0 of 'func.call' "even"
// CHECK-NEXT:  "b" memref<4xf32>: left alone (captured): passed to @spin, where it is passed to @spin_and_sink, where it is passed to @external, whose body is not visible
func.func @recursive_callees(%n: index, %out: memref<4xf32>) {
  %m = memref.alloc() : memref<4xf32> loc("m")
  func.call @recurse(%m, %n) : (memref<4xf32>, index) -> ()
  %a = memref.alloc() : memref<4xf32> loc("a")
  %r = func.call @even(%a, %n) : (memref<4xf32>, index) -> memref<4xf32> loc("even")
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32> loc("b")
  func.call @spin(%b, %n) : (memref<4xf32>, index) -> ()
  return
}
