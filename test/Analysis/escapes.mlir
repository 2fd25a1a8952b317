// Buffers that leave the function or whose uses cannot be seen through are
// left alone, each with the kind of reason (the left-alone statistic) and a
// message. The analysis stops at the first reason it finds.

// RUN: memplan-opt %s -allow-unregistered-dialect --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// Returned directly, through a cast, through an scf.if and through a call
// result; captured by an op that takes its address or an op without memory
// effects; freed by memref.realloc. %local beside them is planned.
// CHECK-LABEL: @escapes: 8 buffers
// CHECK-NEXT:  "local" memref<4xf32>: planned [2, 6), 16 bytes, align 16, space default, 0 aliases, 0 deallocs
// CHECK-NEXT:  "ret" memref<4xf32>: left alone (returned): returned from the function
// CHECK-NEXT:  "via_cast" memref<4xf32>: left alone (returned): returned from the function
// CHECK-NEXT:  "via_if" memref<4xf32>: left alone (returned): returned from the function
// CHECK-NEXT:  "via_call" memref<4xf32>: left alone (returned): returned from the function
// CHECK-NEXT:  "pointer" memref<4xf32>: left alone (captured): its address may be taken by 'memref.extract_aligned_pointer_as_index'
// CHECK-NEXT:  "unknown" memref<4xf32>: left alone (captured): used by 'test.unknown', whose effect on memory is unknown
// CHECK-NEXT:  "tensor" memref<4xf32>: left alone (captured): its address may be taken by 'bufferization.to_tensor'
func.func @escapes(%cond: i1, %other: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>, memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %local = memref.alloc() : memref<4xf32> loc("local")
  linalg.fill ins(%one : f32) outs(%local : memref<4xf32>)
  %ret = memref.alloc() : memref<4xf32> loc("ret")
  memref.copy %local, %ret : memref<4xf32> to memref<4xf32>
  %viaCast = memref.alloc() : memref<4xf32> loc("via_cast")
  %cast = memref.cast %viaCast : memref<4xf32> to memref<?xf32>
  %viaIf = memref.alloc() : memref<4xf32> loc("via_if")
  %chosen = scf.if %cond -> memref<4xf32> {
    scf.yield %viaIf : memref<4xf32>
  } else {
    scf.yield %other : memref<4xf32>
  }
  %viaCall = memref.alloc() : memref<4xf32> loc("via_call")
  %same = func.call @identity(%viaCall) : (memref<4xf32>) -> memref<4xf32>
  %pointer = memref.alloc() : memref<4xf32> loc("pointer")
  %p = memref.extract_aligned_pointer_as_index %pointer : memref<4xf32> -> index
  %address = arith.index_cast %p : index to i64
  "test.keep"(%address) : (i64) -> ()
  %unknown = memref.alloc() : memref<4xf32> loc("unknown")
  "test.unknown"(%unknown) : (memref<4xf32>) -> ()
  %tensor = memref.alloc() : memref<4xf32> loc("tensor")
  %t = bufferization.to_tensor %tensor : memref<4xf32> to tensor<4xf32>
  return %ret, %cast, %chosen, %same : memref<4xf32>, memref<?xf32>, memref<4xf32>, memref<4xf32>
}

// A callee returning its argument keeps it local (the call result is an
// alias in the caller), so @identity has nothing to say.
func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// Freed by something other than memref.dealloc or bufferization.dealloc:
// memref.realloc frees its operand. (test/Analysis/deallocs.mlir has the
// frees memplan removes.)
// CHECK-LABEL: @freed_elsewhere: 1 buffer
// CHECK-NEXT:  "reallocated" memref<4xf32>: left alone (freed-elsewhere): freed by 'memref.realloc'
func.func @freed_elsewhere(%cond: i1) -> memref<8xf32> {
  %a = memref.alloc() : memref<4xf32> loc("reallocated")
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  return %b : memref<8xf32>
}

// The body of async.execute may run after the op returns: a buffer used
// there lives until the await (9; test/Analysis/async.mlir), one allocated
// there is in an unsupported region.
// CHECK-LABEL: @asynchronous: 2 buffers
// CHECK-NEXT:  "outside" memref<4xf32>: planned [2, 10),
// CHECK-NEXT:  "inside" memref<4xf32>: left alone (region): allocated inside 'async.execute', which may run after it returns
func.func @asynchronous(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %outside = memref.alloc() : memref<4xf32> loc("outside")
  linalg.fill ins(%one : f32) outs(%outside : memref<4xf32>)
  %token = async.execute {
    %inside = memref.alloc() : memref<4xf32> loc("inside")
    memref.copy %outside, %inside : memref<4xf32> to memref<4xf32>
    memref.copy %inside, %out : memref<4xf32> to memref<4xf32>
    async.yield
  }
  async.await %token : !async.token
  return
}

// A buffer stored as a value: its address is written where later code may
// load it, after the slab is gone.
// CHECK-LABEL: @stored_address: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: left alone (captured): its address may be stored by 'memref.store'
func.func @stored_address(%box: memref<memref<4xf32>>) {
  %a = memref.alloc() : memref<4xf32> loc("a")
  memref.store %a, %box[] : memref<memref<4xf32>>
  return
}

// Addresses taken only to be compared, as the lowering of
// bufferization.dealloc does, directly or through a buffer that holds them
// and a callee that loads and compares them: the buffer is planned, live up
// to the comparisons (and the call), so two compared buffers overlap and get
// different addresses.
// CHECK-LABEL: @compared_addresses: 3 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [2, 9), 16 bytes
// CHECK-NEXT:  "b" memref<4xf32>: planned [4, 8), 16 bytes
// CHECK-NEXT:  "holder" memref<1xindex>: planned [6, 9), 8 bytes
func.func @compared_addresses() -> (i1, i1) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32> loc("a")
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %b = memref.alloc() : memref<4xf32> loc("b")
  %pb = memref.extract_aligned_pointer_as_index %b : memref<4xf32> -> index
  %holder = memref.alloc() : memref<1xindex> loc("holder")
  memref.store %pa, %holder[%c0] : memref<1xindex>
  %same = arith.cmpi eq, %pa, %pb : index
  %null = func.call @holds_null(%holder) : (memref<1xindex>) -> i1
  return %same, %null : i1, i1
}

func.func private @holds_null(%holder: memref<1xindex>) -> i1 {
  %c0 = arith.constant 0 : index
  %q = memref.load %holder[%c0] : memref<1xindex>
  %eq = arith.cmpi eq, %q, %c0 : index
  return %eq : i1
}

// The holder of an address stored as a value itself, or loaded other than
// through the view the address was stored by: the address reaches code that
// is not a comparison, so the buffer is left alone.
// CHECK-LABEL: @leaked_addresses: 4 buffers
// CHECK-NEXT:  "boxed" memref<4xf32>: left alone (captured): its address may be taken by 'memref.extract_aligned_pointer_as_index'
// CHECK-NEXT:  "holder" memref<1xindex>: left alone (captured): its address may be stored by 'memref.store'
// CHECK:       "viewed" memref<4xf32>: left alone (captured): its address may be taken by 'memref.extract_aligned_pointer_as_index'
func.func @leaked_addresses(%box: memref<memref<1xindex>>) -> index {
  %c0 = arith.constant 0 : index
  %boxed = memref.alloc() : memref<4xf32> loc("boxed")
  %pb = memref.extract_aligned_pointer_as_index %boxed : memref<4xf32> -> index
  %holder = memref.alloc() : memref<1xindex> loc("holder")
  memref.store %pb, %holder[%c0] : memref<1xindex>
  memref.store %holder, %box[] : memref<memref<1xindex>>
  %viewed = memref.alloc() : memref<4xf32> loc("viewed")
  %pv = memref.extract_aligned_pointer_as_index %viewed : memref<4xf32> -> index
  %second = memref.alloc() : memref<1xindex> loc("second")
  %cast = memref.cast %second : memref<1xindex> to memref<?xindex>
  memref.store %pv, %cast[%c0] : memref<?xindex>
  %loaded = memref.load %second[%c0] : memref<1xindex>
  %sum = arith.addi %loaded, %c0 : index
  return %sum : index
}
