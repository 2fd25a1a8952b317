// A DMA transfer (`affine.dma_start`, `memref.dma_start`) copies after its
// op returns, until a `dma_wait` on its tag: the buffers it copies from and
// to, and its tag, are live up to every wait on the tag memref. Without a
// wait on the start's own tag element that always runs after it, the
// buffers are left alone. Ops are numbered from 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s

// 0-3 constants, 4 %src, 5 %tag, 6 %dst, 7-8 fill, 9 dma_start, 10
// %between, 11-12 fill, 13 copy, 14 dma_wait, 15 %after, 16-17 fill. %src
// is last named by the start at 9, but the engine may read it until the
// wait at 14: %between, filled before the wait, must not share its bytes;
// %after may.
// CHECK-LABEL: @affine_dma: 5 buffers
// CHECK-NEXT:  "src" memref<256xf32>: planned [7, 15),
// CHECK-NEXT:  "tag" memref<1xi32>: planned [9, 15),
// CHECK-NEXT:  "dst" memref<256xf32>: planned [9, 20),
// CHECK-NEXT:  "between" memref<256xf32>: planned [11, 14),
// CHECK-NEXT:  "after" memref<256xf32>: planned [16, 19),
func.func @affine_dma(%out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c0_again = arith.constant 0 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %src = memref.alloc() : memref<256xf32> loc("src")
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  %dst = memref.alloc() : memref<256xf32> loc("dst")
  linalg.fill ins(%one : f32) outs(%src : memref<256xf32>)
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %n : memref<256xf32>, memref<256xf32>, memref<1xi32>
  %between = memref.alloc() : memref<256xf32> loc("between")
  linalg.fill ins(%one : f32) outs(%between : memref<256xf32>)
  memref.copy %between, %out : memref<256xf32> to memref<256xf32>
  // The same element through another constant.
  affine.dma_wait %tag[%c0_again], %n : memref<1xi32>
  %after = memref.alloc() : memref<256xf32> loc("after")
  linalg.fill ins(%one : f32) outs(%after : memref<256xf32>)
  memref.copy %after, %out : memref<256xf32> to memref<256xf32>
  memref.copy %dst, %out : memref<256xf32> to memref<256xf32>
  return
}

// The memref dialect's DMA, into another memory space, with a stride: the
// same rule (before, memplan left its buffers alone as of unknown effect).
// 0-2 constants, 3 %src, 4 %tag, 5 %dst, 6 dma_start, 7 %between, 8-9 fill,
// 10 copy, 11 dma_wait, 12 return.
// CHECK-LABEL: @memref_dma: 4 buffers
// CHECK-NEXT:  "src" memref<256xf32>: planned [6, 12),
// CHECK-NEXT:  "tag" memref<1xi32>: planned [6, 12),
// CHECK-NEXT:  "dst" memref<256xf32, 1>: planned [6, 12),
// CHECK-NEXT:  "between" memref<256xf32>: planned [8, 11),
func.func @memref_dma(%out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %src = memref.alloc() : memref<256xf32> loc("src")
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  %dst = memref.alloc() : memref<256xf32, 1> loc("dst")
  memref.dma_start %src[%c0], %dst[%c0], %n, %tag[%c0], %n, %n : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  %between = memref.alloc() : memref<256xf32> loc("between")
  linalg.fill ins(%one : f32) outs(%between : memref<256xf32>)
  memref.copy %between, %out : memref<256xf32> to memref<256xf32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}

// Prefetching, as affine-pipeline-data-transfer writes it: the transfer for
// iteration i + 1 starts in iteration i and is waited for in the next, and
// the last one after the loop. 7 dma_start, 8 scf.for (9 wait, 10 store,
// 11 start, 12 yield), 13 wait. Both waits are uses: the buffers are live
// from the first start over the whole loop and up to the wait after it.
// CHECK-LABEL: @prefetch: 3 buffers
// CHECK-NEXT:  "src" memref<256xf32>: planned [7, 14),
// CHECK-NEXT:  "tag" memref<1xi32>: planned [7, 14),
// CHECK-NEXT:  "dst" memref<256xf32>: planned [7, 14),
func.func @prefetch(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %src = memref.alloc() : memref<256xf32> loc("src")
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  %dst = memref.alloc() : memref<256xf32> loc("dst")
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %size : memref<256xf32>, memref<256xf32>, memref<1xi32>
  scf.for %i = %c0 to %n step %c1 {
    affine.dma_wait %tag[%c0], %size : memref<1xi32>
    memref.store %one, %src[%i] : memref<256xf32>
    affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %size : memref<256xf32>, memref<256xf32>, memref<1xi32>
  }
  affine.dma_wait %tag[%c0], %size : memref<1xi32>
  return
}

// No wait on the tag at all: the transfer may outlive the function.
// CHECK-LABEL: @never_waited: 3 buffers
// CHECK-NEXT:  "src" memref<4xf32>: left alone (captured): copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag
// CHECK-NEXT:  "tag" memref<1xi32>: left alone (captured): copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag
// CHECK-NEXT:  "dst" memref<4xf32>: left alone (captured): copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag
func.func @never_waited() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %src = memref.alloc() : memref<4xf32> loc("src")
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  %dst = memref.alloc() : memref<4xf32> loc("dst")
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// The wait after the start names another element of the tag: another
// transfer's, as far as anyone can tell. And a wait under `scf.if` may not
// run.
// CHECK-LABEL: @other_element: 3 buffers
// CHECK-NEXT:  "src" memref<4xf32>: left alone (captured): copied by a DMA transfer
// CHECK-LABEL: @conditional_wait: 3 buffers
// CHECK-NEXT:  "src" memref<4xf32>: left alone (captured): copied by a DMA transfer
func.func @other_element(%k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %src = memref.alloc() : memref<4xf32> loc("src")
  %tag = memref.alloc() : memref<2xi32> loc("tag")
  %dst = memref.alloc() : memref<4xf32> loc("dst")
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<2xi32>
  affine.dma_wait %tag[%c1], %c4 : memref<2xi32>
  affine.dma_wait %tag[%k], %c4 : memref<2xi32>
  return
}
func.func @conditional_wait(%flag: i1) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %src = memref.alloc() : memref<4xf32> loc("src")
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  %dst = memref.alloc() : memref<4xf32> loc("dst")
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
  scf.if %flag {
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  return
}

// A callee that starts a transfer on its argument and returns before the
// wait leaves the buffer in use after the call: the caller's buffer is left
// alone. A callee that waits before it returns is an ordinary use.
// CHECK-LABEL: @calls_starters: 2 buffers
// CHECK-NEXT:  "unwaited" memref<4xf32>: left alone (captured): passed to @start_only, where it is copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag
// CHECK-NEXT:  "waited" memref<4xf32>: planned
func.func private @start_only(%buffer: memref<4xf32>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %dst = memref.get_global @dst : memref<4xf32>
  affine.dma_start %buffer[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}
func.func private @start_and_wait(%buffer: memref<4xf32>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %dst = memref.get_global @dst : memref<4xf32>
  affine.dma_start %buffer[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  return
}
memref.global "private" @dst : memref<4xf32> = uninitialized
func.func @calls_starters(%tag: memref<1xi32>) {
  %unwaited = memref.alloc() : memref<4xf32> loc("unwaited")
  func.call @start_only(%unwaited, %tag) : (memref<4xf32>, memref<1xi32>) -> ()
  %waited = memref.alloc() : memref<4xf32> loc("waited")
  func.call @start_and_wait(%waited, %tag) : (memref<4xf32>, memref<1xi32>) -> ()
  return
}

// A buffer allocated in a loop whose transfer is waited for only after the
// loop is still being copied when the next iteration allocates it again,
// at the same offset once planned: left alone. The tag, allocated outside,
// is live over the whole loop.
// CHECK-LABEL: @waited_after_the_loop: 3 buffers
// CHECK-NEXT:  "tag" memref<1xi32>: planned
// CHECK-NEXT:  "src" memref<4xf32>: left alone (captured): copied by a DMA transfer ('affine.dma_start') waited for only outside the region that allocates it, which may allocate it again first
// CHECK-NEXT:  "other" memref<4xf32>: planned
func.func @waited_after_the_loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  scf.for %i = %c0 to %n step %c1 {
    %src = memref.alloc() : memref<4xf32> loc("src")
    linalg.fill ins(%one : f32) outs(%src : memref<4xf32>)
    affine.dma_start %src[%c0], %out[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
    %other = memref.alloc() : memref<4xf32> loc("other")
    linalg.fill ins(%one : f32) outs(%other : memref<4xf32>)
    memref.copy %other, %out : memref<4xf32> to memref<4xf32>
  }
  affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  return
}

// Waited for in the same iteration, it is planned.
// CHECK-LABEL: @waited_in_the_iteration: 2 buffers
// CHECK-NEXT:  "tag" memref<1xi32>: planned
// CHECK-NEXT:  "src" memref<4xf32>: planned
func.func @waited_in_the_iteration(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %tag = memref.alloc() : memref<1xi32> loc("tag")
  scf.for %i = %c0 to %n step %c1 {
    %src = memref.alloc() : memref<4xf32> loc("src")
    linalg.fill ins(%one : f32) outs(%src : memref<4xf32>)
    affine.dma_start %src[%c0], %out[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  return
}
