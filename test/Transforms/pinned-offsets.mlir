// `memplan.offset = N` on a memref.alloc pins its byte offset in its slab
// (in its arena's, with `memplan.arena`), as a model's offline plan gives
// it; the other buffers are planned around the pins. Pins that cannot be
// honoured are errors naming the buffers.

// RUN: not memplan-opt %s --split-input-file --memplan-offsets 2>/dev/null | FileCheck %s
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="summary" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:512,psram" 2>/dev/null | FileCheck %s --check-prefix=ARENA
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="arenas=sram:256,psram" 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="capacity=256" 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not memplan-opt %s --split-input-file --memplan-shared-objects 2>&1 | FileCheck %s --check-prefix=OBJECTS

// The pin at 256 stays; the two others go below and above it.
// DIAG: remark: memplan-offsets: @pinned: planned 3 of 3 buffers (0 left alone) into a 768-byte slab using best; {{.*}}(around 1 pinned offset)
// CHECK-LABEL: func.func @pinned
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<768xi8>
// CHECK: %[[A:.*]] = memref.view %[[SLAB]][%[[C256]]][] : memref<768xi8> to memref<64xf32>
// CHECK: memref.copy %{{.*}}, %[[A]]
// With arenas the pin is at 256 of sram, which it names.
// ARENA-LABEL: func.func @pinned
// ARENA-DAG: %[[C256:.*]] = arith.constant 256 : index
// ARENA-DAG: %[[SRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<512xi8>
// ARENA: %[[A:.*]] = memref.view %[[SRAM]][%[[C256]]][] : memref<512xi8> to memref<64xf32>
// ARENA: memref.copy %{{.*}}, %[[A]]
// SMALL: error: memplan-offsets: planning failed: the allocation at loc("{{.*}}pinned-offsets.mlir":{{[0-9]+}}:8) pins offset 256: its 256 bytes end beyond the capacity of arena 'sram'
// SMALL: error: memplan-offsets: planning failed: the allocation at {{.*}} pins an offset but names no arena of arenas in `memplan.arena`
// CAP: error: memplan-offsets: planning failed: the allocation at loc("{{.*}}pinned-offsets.mlir":{{[0-9]+}}:8) pins offset 256: its 256 bytes end beyond the capacity of its memory space
// OBJECTS: error: memplan-shared-objects: planning failed: the allocation at {{.*}} pins an offset, which is honoured only in a function's slab planned by memplan-offsets; here shared objects have no offsets
func.func @pinned(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() {memplan.arena = "sram", memplan.offset = 256 : i64} : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32>
  linalg.add ins(%a, %in : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
  linalg.add ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.add ins(%c, %b : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// Two pins live together that overlap: both are named.
// DIAG: error: memplan-offsets: planning failed: the allocation at loc("{{.*}}pinned-offsets.mlir":{{[0-9]+}}:8) (pinned at offset 0, 256 bytes) and the allocation at loc("{{.*}}pinned-offsets.mlir":{{[0-9]+}}:8) (pinned at offset 128, 256 bytes) are live at the same time and overlap in its memory space
func.func @overlap(%in: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {memplan.offset = 0 : i64} : memref<64xf32>
  %b = memref.alloc() {memplan.offset = 128 : i64} : memref<64xf32>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32>
  memref.copy %a, %b : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// DIAG: error: memplan-offsets: planning failed: the allocation at loc("{{.*}}pinned-offsets.mlir":{{[0-9]+}}:8) pins offset 8, which is not a multiple of its alignment 16
func.func @misaligned(%in: memref<64xf32>) {
  %a = memref.alloc() {memplan.offset = 8 : i64} : memref<64xf32>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A pin in a stack slab is refused.
// DIAG: error: memplan-offsets: planning failed: the allocation at {{.*}} pins an offset, which is honoured only in a function's slab planned by memplan-offsets; here its buffers are allocas, planned into a stack slab
func.func @stack(%in: memref<64xf32>) {
  %a = memref.alloca() {memplan.offset = 0 : i64} : memref<64xf32>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32>
  return
}

// -----

// A pin in a slab sized at run time is refused.
// DIAG: error: memplan-offsets: planning failed: the allocation at {{.*}} pins an offset, which is honoured only in a function's slab planned by memplan-offsets; here its slab has sizes known only at run time
func.func @dynamic(%in: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {memplan.offset = 256 : i64} : memref<64xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32>
  %v = memref.load %a[%c0] : memref<64xf32>
  memref.store %v, %d[%c0] : memref<?xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %d : memref<?xf32>
  return
}

// -----

// A pin of any integer type; one that fits no 64 bits, or is no integer,
// is refused.
// CHECK-LABEL: func.func @unsigned
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: memref.view %{{.*}}[%[[C64]]][]
func.func @unsigned(%in: memref<16xf32>) {
  %a = memref.alloc() {memplan.offset = 64 : ui32} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// DIAG: error: memplan-offsets: planning failed: the allocation at {{.*}} pins an offset beyond 64 bits
func.func @wide(%in: memref<16xf32>) {
  %a = memref.alloc() {memplan.offset = 18446744073709551872 : i128} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// DIAG: error: memplan-offsets: planning failed: the allocation at {{.*}} pins an offset that is not an integer
func.func @text(%in: memref<16xf32>) {
  %a = memref.alloc() {memplan.offset = "64"} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
