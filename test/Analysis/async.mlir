// Asynchronous work uses a buffer until the host waits for it: a buffer used
// by `gpu.launch async`, or inside `async.execute`, is live up to the
// blocking wait its token reaches (`gpu.wait`, `async.await`), through
// chains of further async ops. Without a wait that always runs after the
// work, or when the token goes where the analysis does not follow, the
// buffer is left alone. Ops are numbered from 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// 0-1 constants, 2 %a, 3 gpu.wait async, 4 gpu.launch (5 store, 6
// terminator), 7 %b, 8-9 fill, 10-11 copy, 12 gpu.wait, 13 return. %a is
// last used inside the launch at 4, but the kernel may run until the wait at
// 12: %a and %b, a host temporary used before the wait, must not overlap.
// CHECK-LABEL: @launch_async: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [4, 13),
// CHECK-NEXT:  "b" memref<4xf32>: planned [8, 12),
func.func @launch_async(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %t0 = gpu.wait async
  %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                     threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  %b = memref.alloc() : memref<4xf32> loc("b")
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  linalg.copy ins(%b : memref<4xf32>) outs(%out : memref<4xf32>)
  gpu.wait [%t1]
  return
}

// The token passes through `gpu.wait async` (8) before the blocking wait
// (10): %a is live to it.
// CHECK-LABEL: @launch_chain: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: planned [4, 11),
func.func @launch_chain() {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %t0 = gpu.wait async
  %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                     threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  %x = arith.addf %one, %one : f32
  %t2 = gpu.wait async [%t1]
  %y = arith.addf %x, %one : f32
  gpu.wait [%t2]
  return
}

// The only wait is in one branch of an scf.if: when it is not taken, the
// kernel may still run when the function returns.
// CHECK-LABEL: @wait_in_branch: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: left alone (captured): used by asynchronous work ('gpu.launch') that the function is not certain to wait for
func.func @wait_in_branch(%cond: i1) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %t1 = gpu.launch async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                     threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  scf.if %cond {
    gpu.wait [%t1]
  }
  return
}

// A token returned to the caller: the work outlives the function.
// CHECK-LABEL: @token_returned: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: left alone (captured): used by asynchronous work ('gpu.launch') whose token reaches 'func.return', which memplan does not follow
func.func @token_returned() -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %t1 = gpu.launch async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                     threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  return %t1 : !gpu.async.token
}

// async.execute: %a is written in the body (lifted to the execute, 3) and
// the work is awaited at 11: live on [3, 12). %b, allocated after the
// execute and dead before the await, must not share %a's bytes.
// CHECK-LABEL: @execute_awaited: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [3, 12),
// CHECK-NEXT:  "b" memref<4xf32>: planned [7, 11),
func.func @execute_awaited(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  %token = async.execute {
    memref.store %one, %a[%c0] : memref<4xf32>
    async.yield
  }
  %b = memref.alloc() : memref<4xf32> loc("b")
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  linalg.copy ins(%b : memref<4xf32>) outs(%out : memref<4xf32>)
  async.await %token : !async.token
  return
}

// A buffer yielded out of async.execute as a value cannot be followed.
// CHECK-LABEL: @execute_yields_buffer: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: left alone (captured): used inside 'async.execute', which may run after it returns
func.func @execute_yields_buffer() {
  %a = memref.alloc() : memref<4xf32> loc("a")
  %token, %value = async.execute -> !async.value<memref<4xf32>> {
    async.yield %a : memref<4xf32>
  }
  %r = async.await %value : !async.value<memref<4xf32>>
  return
}

// Without `async`, the launch returns when its kernel is done.
// CHECK-LABEL: @launch_blocking: 1 buffer
// CHECK-NEXT:  "a" memref<4xf32>: planned [3, 6),
func.func @launch_blocking() {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  %x = arith.addf %one, %one : f32
  return
}

// gpu.memcpy async reads %a until the wait (10): a token carries no address.
// 0-1 constants, 2 %a, 3-4 fill, 5 gpu.wait async, 6 memcpy, 7 %b, 8-9 fill,
// 10 gpu.wait, 11 return.
// CHECK-LABEL: @memcpy_async: 2 buffers
// CHECK-NEXT:  "a" memref<4xf32>: planned [3, 11),
// CHECK-NEXT:  "b" memref<4xf32>: planned [8, 10),
func.func @memcpy_async(%dst: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32> loc("a")
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %t0 = gpu.wait async
  %t1 = gpu.memcpy async [%t0] %dst, %a : memref<4xf32>, memref<4xf32>
  %b = memref.alloc() : memref<4xf32> loc("b")
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  gpu.wait [%t1]
  return
}
