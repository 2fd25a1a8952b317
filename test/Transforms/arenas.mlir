// arenas=NAME:BYTES,...,NAME divides a memory space into arenas, fastest
// first, each a slab of its own. The arenas before the last keep the buffers
// with the most accessed bytes per byte of their lifetime (arena-choice=
// traffic), or the largest first as TVM's fall-through rule does; a
// memref.alloc with `memplan.arena` goes where it says.

// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram" | FileCheck %s
// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram summary" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram arena-choice=fall-through summary" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FALL
// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram slab=global" | FileCheck %s --check-prefix=GLOBAL
// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram slab=global" --mlir-print-debuginfo | FileCheck %s --check-prefix=NAMES
// RUN: memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram slab=argument" | FileCheck %s --check-prefix=ARG
// The heap map draws the arenas one above the other and says where each
// begins; each buffer's label gives its arena and its offset there.
// RUN: rm -rf %t.maps && memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram heapmap=%t.maps" -o /dev/null
// RUN: FileCheck %s --input-file=%t.maps/net.svg --check-prefix=MAP
// MAP: @net: memplan-offsets, best, arenas sram 512 bytes from 0, psram 1024 bytes from 512 (alloc)
// MAP-DAG: sram, offset 256
// MAP-DAG: psram, offset 0
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:1024,psram arena-space=1" 2>&1 | FileCheck %s --check-prefix=SPACE1

// A large buffer read once and a small one read in each of 100 iterations,
// live together; a third small one after the loop. By traffic, the two small
// ones share the fast arena; by size, the large one takes it.
// SUM: remark: memplan-offsets: @net: planned 3 of 3 buffers (0 left alone) into 2 slabs of 1536 bytes in all using best; {{.*}}(arenas by best: sram 512 bytes of 1024, 2 buffers, accessed 52224 bytes; psram 1024 bytes, 1 buffers, accessed 1028 bytes; sram keeps 52224 accessed bytes, 1540 by fall-through, at most 53252 by any choice)
// CHECK-LABEL: func.func @net
// CHECK-DAG: %[[SRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<512xi8>
// CHECK-DAG: %[[PSRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<1024xi8>
// CHECK: %[[BIG:.*]] = memref.view %[[PSRAM]][%{{.*}}][] : memref<1024xi8> to memref<256xf32>
// CHECK: %[[HOT:.*]] = memref.view %[[SRAM]][%{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK: scf.for
// CHECK: memref.view %[[SRAM]][%{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK-DAG: memref.dealloc %[[SRAM]] :
// CHECK-DAG: memref.dealloc %[[PSRAM]] :
// FALL: @net: {{.*}}(arenas by fall-through: sram 1024 bytes of 1024, 2 buffers, accessed 1540 bytes; psram 256 bytes, 1 buffers, accessed 51712 bytes; sram keeps 1540 accessed bytes, 1540 by fall-through, at most 53252 by any choice)
// GLOBAL-DAG: memref.global "private" @__memplan_slab_net_sram : memref<512xi8> = uninitialized {alignment = 16 : i64}
// GLOBAL-DAG: memref.global "private" @__memplan_slab_net_psram : memref<1024xi8> = uninitialized {alignment = 16 : i64}
// NAMES-DAG: memref.get_global @__memplan_slab_net_sram : memref<512xi8> loc(#[[SRAMLOC:.*]])
// NAMES-DAG: #[[SRAMLOC]] = loc("memplan.slab.sram"
func.func @net(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %big = memref.alloc() : memref<256xf32>
  linalg.fill ins(%zero : f32) outs(%big : memref<256xf32>)
  %hot = memref.alloc() : memref<64xf32>
  memref.copy %in, %hot : memref<64xf32> to memref<64xf32>
  scf.for %i = %c0 to %c100 step %c1 {
    linalg.add ins(%hot, %in : memref<64xf32>, memref<64xf32>) outs(%hot : memref<64xf32>)
  }
  %v = memref.load %big[%c0] : memref<256xf32>
  %tmp = memref.alloc() : memref<64xf32>
  linalg.fill ins(%v : f32) outs(%tmp : memref<64xf32>)
  linalg.add ins(%hot, %tmp : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %big : memref<256xf32>
  memref.dealloc %hot : memref<64xf32>
  memref.dealloc %tmp : memref<64xf32>
  return
}

// -----

// `memplan.arena` sends a buffer to its arena whatever the choice; the
// others fill the room it leaves. An arena no buffer goes to makes no slab.
// SUM: remark: memplan-offsets: @pinned: {{.*}}(arenas by best: sram 1024 bytes of 1024, 1 buffers, accessed 1028 bytes; psram 256 bytes, 1 buffers, accessed 25604 bytes;
// SUM: remark: memplan-offsets: @all_slow: {{.*}} into a 256-byte slab {{.*}}(arenas by best: sram 0 bytes of 1024, 0 buffers, accessed 0 bytes; psram 256 bytes, 1 buffers
// CHECK-LABEL: func.func @pinned
// CHECK-LABEL: func.func @all_slow
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<256xi8>
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @pinned(%in: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %big = memref.alloc() {memplan.arena = "sram"} : memref<256xf32>
  linalg.fill ins(%zero : f32) outs(%big : memref<256xf32>)
  %hot = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c100 step %c1 {
    linalg.add ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%hot : memref<64xf32>)
  }
  %v = memref.load %big[%c0] : memref<256xf32>
  memref.store %v, %hot[%c0] : memref<64xf32>
  memref.dealloc %big : memref<256xf32>
  memref.dealloc %hot : memref<64xf32>
  return
}
func.func @all_slow(%in: memref<64xf32>) {
  %hot = memref.alloc() {memplan.arena = "psram"} : memref<64xf32>
  linalg.add ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%hot : memref<64xf32>)
  memref.dealloc %hot : memref<64xf32>
  return
}

// -----

// slab=argument: one argument per arena, in arena order, each naming its
// arena; a caller allocates each where its own arena of that name is.
// ARG-LABEL: func.func private @layer
// ARG-SAME: %{{.*}}: memref<256xi8> {memplan.arena = "sram", memplan.slab_alignment = 16 : i64, memplan.slab_size = 256 : i64}
// ARG-SAME: %{{.*}}: memref<1024xi8> {memplan.arena = "psram", memplan.slab_alignment = 16 : i64, memplan.slab_size = 1024 : i64}
// ARG-LABEL: func.func @main
// ARG-DAG: %[[SRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<512xi8>
// ARG-DAG: %[[PSRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<1024xi8>
// ARG-DAG: %[[MID:.*]] = memref.view %[[SRAM]][%{{.*}}][] : memref<512xi8> to memref<64xf32>
// ARG-DAG: %[[LAYER_SRAM:.*]] = memref.view %[[SRAM]][%{{.*}}][] : memref<512xi8> to memref<256xi8>
// ARG-DAG: %[[LAYER_PSRAM:.*]] = memref.view %[[PSRAM]][%{{.*}}][] : memref<1024xi8> to memref<1024xi8>
// ARG: call @layer(%{{.*}}, %[[MID]], %[[LAYER_SRAM]], %[[LAYER_PSRAM]])
// In another memory space than arena-space, nothing changes, and a buffer
// there that names an arena is an error.
// SPACE1: error: memplan-offsets: planning failed: the allocation at {{.*}} asks for arena 'sram', but arenas divide the function's slab of memory space 1 only, and it is of another memory space
// SPACE1-LABEL: func.func @main
// SPACE1: memref.alloc() {alignment = 16 : i64} : memref<256xi8>
// SPACE1-NOT: memref.alloc
// SPACE1: return
func.func private @layer(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %big = memref.alloc() : memref<256xf32>
  linalg.fill ins(%zero : f32) outs(%big : memref<256xf32>)
  %hot = memref.alloc() : memref<64xf32>
  memref.copy %in, %hot : memref<64xf32> to memref<64xf32>
  scf.for %i = %c0 to %c100 step %c1 {
    linalg.add ins(%hot, %in : memref<64xf32>, memref<64xf32>) outs(%hot : memref<64xf32>)
  }
  %v = memref.load %big[%c0] : memref<256xf32>
  linalg.fill ins(%v : f32) outs(%out : memref<64xf32>)
  linalg.add ins(%hot, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %big : memref<256xf32>
  memref.dealloc %hot : memref<64xf32>
  return
}
func.func @main(%in: memref<64xf32>, %out: memref<64xf32>) {
  %mid = memref.alloc() : memref<64xf32>
  call @layer(%in, %mid) : (memref<64xf32>, memref<64xf32>) -> ()
  call @layer(%mid, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %mid : memref<64xf32>
  return
}

// -----

// A call in a parallel loop: the arena allocated for it is a buffer of the
// slab of each iteration, not of an arena; it stays there (the arena name
// memplan gives it, unlike one the user writes, is no error).
// ARG-LABEL: func.func private @tile
// ARG-SAME: memref<256xi8> {memplan.arena = "sram"
// ARG-LABEL: func.func @tiles
// ARG: scf.parallel
// ARG: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// ARG: call @tile(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<64xf32>, memref<64xf32>, memref<256xi8>) -> ()
func.func private @tile(%in: memref<64xf32>, %out: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.add ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
  linalg.add ins(%t, %in : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  return
}
func.func @tiles(%in: memref<4x64xf32>, %out: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %a = memref.alloc() : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    %row = memref.subview %in[%i, 0] [1, 64] [1, 1] : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %row, %a : memref<64xf32, strided<[1], offset: ?>> to memref<64xf32>
    func.call @tile(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
    %dst = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %b, %dst : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    scf.reduce
  }
  return
}
