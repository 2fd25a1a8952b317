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

// XeGPU's tensor descriptors are views of the buffer as another kind of
// value: the loads and stores through them are not followed, so the
// buffers are left alone (before, %a and %b shared bytes although %a is read
// through its descriptor after %b is written).
// CHECK-LABEL: func.func @tensor_descriptors
// CHECK: memref.alloc() : memref<8x16xf32>
// CHECK: memref.alloc() : memref<8x16xf32>
func.func @tensor_descriptors(%in: memref<8x16xf32>, %out: memref<8x16xf32>) {
  // expected-remark @below {{memplan-offsets: left alone: viewed by 'xegpu.create_nd_tdesc' as a value of type '!xegpu.tensor_desc<8x16xf32>', which memplan does not follow}}
  %a = memref.alloc() : memref<8x16xf32>
  // expected-remark @below {{memplan-offsets: left alone: viewed by 'xegpu.create_nd_tdesc' as a value of type '!xegpu.tensor_desc<8x16xf32>', which memplan does not follow}}
  %b = memref.alloc() : memref<8x16xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %tb = xegpu.create_nd_tdesc %b : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %tin = xegpu.create_nd_tdesc %in : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %tout = xegpu.create_nd_tdesc %out : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  %v = xegpu.load_nd %tin[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  xegpu.store_nd %v, %ta[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %v, %tb[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  %x = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %y = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  %z = arith.subf %y, %x : vector<8x16xf32>
  xegpu.store_nd %z, %tout[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}
