// Buffers that escape the function, or whose use memplan cannot see through,
// are left alone, each with its reason. The others are still planned.

// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s -allow-unregistered-dialect --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @escapes
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[SLAB]]
// CHECK: %[[RET:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[VIA_CAST:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return %[[RET]], %{{.*}}
func.func @escapes() -> (memref<4xf32>, memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  %local = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%local : memref<4xf32>)
  // expected-remark @below {{memplan-offsets: left alone: returned from the function}}
  %ret = memref.alloc() : memref<4xf32>
  memref.copy %local, %ret : memref<4xf32> to memref<4xf32>
  // expected-remark @below {{memplan-offsets: left alone: returned from the function}}
  %viaCast = memref.alloc() : memref<4xf32>
  %cast = memref.cast %viaCast : memref<4xf32> to memref<?xf32>
  // expected-remark @below {{memplan-offsets: left alone: its address may be taken by 'memref.extract_aligned_pointer_as_index'}}
  %pointer = memref.alloc() : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %pointer : memref<4xf32> -> index
  %address = arith.index_cast %p : index to i64
  "test.keep"(%address) : (i64) -> ()
  // expected-remark @below {{memplan-offsets: left alone: used by 'test.unknown', whose effect on memory is unknown}}
  %unknown = memref.alloc() : memref<4xf32>
  "test.unknown"(%unknown) : (memref<4xf32>) -> ()
  // expected-remark @below {{memplan-offsets: left alone: its address may be taken by 'bufferization.to_tensor'}}
  %tensor = memref.alloc() : memref<4xf32>
  %t = bufferization.to_tensor %tensor : memref<4xf32> to tensor<4xf32>
  return %ret, %cast : memref<4xf32>, memref<?xf32>
}

// Regions that memplan does not understand: the slab would not be visible
// in an isolated region, and control flow in an unknown region op is not
// known.
// CHECK-LABEL: func.func @unknown_regions
// CHECK-COUNT-2: memref.alloc() : memref<4xf32>
func.func @unknown_regions() {
  "test.isolated_region"() ({
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'test.isolated_region', whose control flow is unknown}}
    %a = memref.alloc() : memref<4xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'gpu.launch', whose control flow is unknown}}
    %b = memref.alloc() : memref<4xf32>
    gpu.terminator
  }
  return
}

// The body of async.execute may run after the op returns: a buffer used
// there is live until the await, so the slab is freed after it; one
// allocated there is left alone.
// CHECK-LABEL: func.func @asynchronous
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: async.execute
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: async.await
// CHECK-NOT: memref.dealloc
func.func @asynchronous(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %outside = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%outside : memref<4xf32>)
  %token = async.execute {
    // expected-remark @below {{memplan-offsets: left alone: allocated inside 'async.execute', which may run after it returns}}
    %inside = memref.alloc() : memref<4xf32>
    memref.copy %outside, %inside : memref<4xf32> to memref<4xf32>
    memref.copy %inside, %out : memref<4xf32> to memref<4xf32>
    async.yield
  }
  async.await %token : !async.token
  return
}

// memref.realloc frees its operand: memplan cannot take that free away.
// CHECK-LABEL: func.func @reallocated
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.realloc
func.func @reallocated() -> memref<8xf32> {
  // expected-remark @below {{memplan-offsets: left alone: freed by 'memref.realloc'}}
  %a = memref.alloc() : memref<4xf32>
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  return %b : memref<8xf32>
}

// A buffer stored as a value escapes through memory.
// CHECK-LABEL: func.func @stored_address
// CHECK: memref.alloc() : memref<4xf32>
func.func @stored_address(%box: memref<memref<4xf32>>) {
  // expected-remark @below {{memplan-offsets: left alone: its address may be stored by 'memref.store'}}
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  return
}
