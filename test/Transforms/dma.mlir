// Buffers a DMA transfer copies, and its tag, stay live until the waits on
// the tag (test/Analysis/dma.mlir has the rule): a buffer filled between
// the start and the wait gets bytes of its own, one filled after the wait
// reuses the source's, and the tags of transfers waited for at once share
// bytes as any other buffers. The bulk copies of NVIDIA's TMA, whose ends
// memplan does not follow, leave their buffers alone.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -verify-diagnostics -o /dev/null
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size shared-spaces=3" | FileCheck %s --check-prefix=TMA

// CHECK-LABEL: func.func @between_and_after
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<3072xi8>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK: %[[SRC:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<3072xi8> to memref<256xf32>
// CHECK: %[[DST:.*]] = memref.view %[[SLAB]][%[[C1024]]][] : memref<3072xi8> to memref<256xf32>
// CHECK: affine.dma_start %[[SRC]]
// CHECK: %[[BETWEEN:.*]] = memref.view %[[SLAB]][%[[C2048]]][] : memref<3072xi8> to memref<256xf32>
// CHECK: affine.dma_wait
// CHECK: %[[AFTER:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<3072xi8> to memref<256xf32>
func.func @between_and_after(%out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %src = memref.alloc() : memref<256xf32>
  %dst = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%src : memref<256xf32>)
  %tag = memref.get_global @tag : memref<1xi32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %n : memref<256xf32>, memref<256xf32>, memref<1xi32>
  %between = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%between : memref<256xf32>)
  memref.copy %between, %out : memref<256xf32> to memref<256xf32>
  affine.dma_wait %tag[%c0], %n : memref<1xi32>
  %after = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%after : memref<256xf32>)
  memref.copy %after, %out : memref<256xf32> to memref<256xf32>
  memref.copy %dst, %out : memref<256xf32> to memref<256xf32>
  return
}
memref.global "private" @tag : memref<1xi32> = uninitialized

// What `-affine-data-copy-generate="generate-dma=true fast-mem-space=1"`
// writes: each tile brought into fast memory by a transfer waited for at
// once, its tag a buffer of its own. All are planned: the three tiles in
// space 1 live together, the tags in turn.
// CHECK-LABEL: func.func @copied_in_and_out
// CHECK: %[[TAGS:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4xi8>
// CHECK: %[[TILES:.*]] = memref.alloc() {alignment = 16 : i64} : memref<768xi8, 1>
// CHECK-NOT: memref.alloc()
// CHECK: memref.dealloc %[[TILES]]
// CHECK-NEXT: memref.dealloc %[[TAGS]]
// CHECK-NEXT: return
func.func @copied_in_and_out(%a: memref<8x8xf32>, %c: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %fastA = memref.alloc() : memref<8x8xf32, 1>
  %tagA = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0, %c0], %fastA[%c0, %c0], %tagA[%c0], %c64 : memref<8x8xf32>, memref<8x8xf32, 1>, memref<1xi32>
  affine.dma_wait %tagA[%c0], %c64 : memref<1xi32>
  %fastC = memref.alloc() : memref<8x8xf32, 1>
  %tagC = memref.alloc() : memref<1xi32>
  affine.dma_start %c[%c0, %c0], %fastC[%c0, %c0], %tagC[%c0], %c64 : memref<8x8xf32>, memref<8x8xf32, 1>, memref<1xi32>
  affine.dma_wait %tagC[%c0], %c64 : memref<1xi32>
  %fastT = memref.alloc() : memref<8x8xf32, 1>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %fastA[%i, %j] : memref<8x8xf32, 1>
      %y = affine.load %fastC[%i, %j] : memref<8x8xf32, 1>
      %s = arith.addf %x, %y : f32
      affine.store %s, %fastT[%j, %i] : memref<8x8xf32, 1>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %t = affine.load %fastT[%i, %j] : memref<8x8xf32, 1>
      affine.store %t, %fastC[%i, %j] : memref<8x8xf32, 1>
    }
  }
  %tagOut = memref.alloc() : memref<1xi32>
  affine.dma_start %fastC[%c0, %c0], %c[%c0, %c0], %tagOut[%c0], %c64 : memref<8x8xf32, 1>, memref<8x8xf32>, memref<1xi32>
  affine.dma_wait %tagOut[%c0], %c64 : memref<1xi32>
  memref.dealloc %tagOut : memref<1xi32>
  memref.dealloc %fastT : memref<8x8xf32, 1>
  memref.dealloc %tagC : memref<1xi32>
  memref.dealloc %fastC : memref<8x8xf32, 1>
  memref.dealloc %tagA : memref<1xi32>
  memref.dealloc %fastA : memref<8x8xf32, 1>
  return
}

// A transfer the function does not wait for keeps its buffers.
// CHECK-LABEL: func.func @not_waited
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.alloc() : memref<4xf32>
func.func @not_waited(%tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{memplan-offsets: left alone: copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag}}
  %src = memref.alloc() : memref<4xf32>
  // expected-remark @below {{memplan-offsets: left alone: copied by a DMA transfer ('affine.dma_start') that the function is not certain to wait for on its tag}}
  %dst = memref.alloc() : memref<4xf32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c4 : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// A TMA store reads its source until a later `cp.async.bulk.wait_group`
// (here at the end of the kernel): %b, written before that, must not take
// %a's bytes, and a `gpu.barrier` between them would not wait for the copy.
// A TMA load with a multicast mask writes the same offset of every block of
// the cluster, whose threads no barrier orders. Both leave their buffers
// alone; the buffers around them are planned.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // TMA-LABEL: gpu.func @bulk_store
    // TMA: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<512xi8, 3>
    // TMA: %[[A:.*]] = memref.alloc() : memref<128xf32, 3>
    // TMA: nvgpu.tma.async.store %[[A]]
    // TMA: memref.view %[[SLAB]]
    gpu.func @bulk_store(%d: !desc, %out: memref<128xf32>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f32
      // expected-remark @below {{memplan-offsets: left alone: copied by an asynchronous bulk copy ('nvgpu.tma.async.store') whose end memplan does not follow}}
      %a = memref.alloc() : memref<128xf32, 3>
      memref.store %one, %a[%tx] : memref<128xf32, 3>
      gpu.barrier
      nvgpu.tma.async.store %a to %d[%c0] : memref<128xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
      gpu.barrier
      %b = memref.alloc() : memref<128xf32, 3>
      memref.store %two, %b[%tx] : memref<128xf32, 3>
      gpu.barrier
      %w = memref.load %b[%c0] : memref<128xf32, 3>
      memref.store %w, %out[%tx] : memref<128xf32>
      nvvm.cp.async.bulk.wait_group 0 {read}
      gpu.return
    }

    // TMA-LABEL: gpu.func @multicast_load
    // TMA: %[[B:.*]] = memref.alloc() : memref<128xf32, 3>
    // TMA: nvgpu.tma.async.load %{{.*}} to %[[B]]
    gpu.func @multicast_load(%d: !desc, %out: memref<128xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c512 = arith.constant 512 : index
      %tx = gpu.thread_id x
      %mask = arith.constant 3 : i16
      %phase = arith.constant false
      %ticks = arith.constant 10000000 : index
      %bars = nvgpu.mbarrier.create -> !bar
      // expected-remark @below {{memplan-offsets: left alone: copied by an asynchronous bulk copy ('nvgpu.tma.async.load') whose end memplan does not follow}}
      %b = memref.alloc() : memref<128xf32, 3>
      nvgpu.tma.async.load %d[%c0], %bars[%c0] to %b multicast_mask = %mask : !desc, !bar -> memref<128xf32, 3>
      nvgpu.mbarrier.arrive.expect_tx %bars[%c0], %c512 : !bar
      nvgpu.mbarrier.try_wait.parity %bars[%c0], %phase, %ticks : !bar
      %z = memref.load %b[%tx] : memref<128xf32, 3>
      memref.store %z, %out[%tx] : memref<128xf32>
      gpu.return
    }
  }
}
