// max-slab-bytes=N splits a slab that would be larger into the fewest
// slabs of at most N bytes the planner finds (first fit, largest buffers
// first, from as many slabs as the live bytes need); each is made as an
// arena of its own, named part0, part1, ...

// RUN: memplan-opt %s --split-input-file --memplan-offsets="max-slab-bytes=512" | FileCheck %s
// RUN: memplan-opt %s --split-input-file --memplan-offsets="max-slab-bytes=512 summary" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --split-input-file --memplan-offsets="max-slab-bytes=512 slab=global" | FileCheck %s --check-prefix=GLOBAL
// RUN: memplan-opt %s --split-input-file --memplan-offsets="max-slab-bytes=4096" | FileCheck %s --check-prefix=ONE
// RUN: rm -rf %t && mkdir -p %t
// RUN: memplan-opt %s --memplan-offsets="max-slab-bytes=512 report=%t/report.json header=%t/parts.h" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json --check-prefix=REPORT
// RUN: FileCheck %s --input-file=%t/parts.h --check-prefix=HEADER
// RUN: not memplan-opt %s --split-input-file --memplan-offsets="max-slab-bytes=200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOOBIG
// RUN: memplan-opt %s --memplan-offsets="max-slab-bytes=512 slab=argument header=%t/argument.h" | FileCheck %s --check-prefix=ARG
// RUN: FileCheck %s --input-file=%t/argument.h --check-prefix=ARGHEADER
// RUN: not memplan-opt %s --memplan-offsets="max-slab-bytes=512 arenas=sram:256,psram" 2>&1 | FileCheck %s --check-prefix=ARENAS
// RUN: not memplan-opt %s --memplan-offsets="max-slab-bytes=512 capacity=1024" 2>&1 | FileCheck %s --check-prefix=CAPACITY
// RUN: not memplan-opt %s --memplan-shared-objects="max-slab-bytes=512" 2>&1 | FileCheck %s --check-prefix=OBJECTS

// Three 256-byte buffers live together: 768 bytes, two slabs.
// SUM: @three: planned 3 of 3 buffers (0 left alone) into 2 slabs of 768 bytes in all using best; {{.*}}(split under max-slab-bytes=512 into 2 slabs of 512, 256 bytes)
// CHECK-LABEL: func.func @three
// CHECK-DAG: memref.alloc() {alignment = 16 : i64} : memref<512xi8>
// CHECK-DAG: memref.alloc() {alignment = 16 : i64} : memref<256xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// GLOBAL-DAG: memref.global "private" @__memplan_slab_three_part0 : memref<512xi8>
// GLOBAL-DAG: memref.global "private" @__memplan_slab_three_part1 : memref<256xi8>
// ONE-LABEL: func.func @three
// ONE: memref.alloc() {alignment = 16 : i64} : memref<768xi8>
// ONE-NOT: memref.alloc()
// ONE: return
// REPORT: "max-slab-bytes": 512,
// HEADER: /* the default memory space, in slabs split by max-slab-bytes: */
// HEADER-NEXT: /* Part part0 of capacity 512: allocated by the function. */
// HEADER-NEXT: #define MEMPLAN_THREE_PART0_SLAB_BYTES ((size_t)512u)
// HEADER: #define MEMPLAN_THREE_PART1_SLAB_BYTES ((size_t)256u)
// TOOBIG: error: memplan-offsets: planning failed: the allocation at {{.*}} takes 256 bytes, above max-slab-bytes=200
// ARENAS: error: memplan-offsets: max-slab-bytes cannot be used with arenas, whose capacities bound their slabs
// CAPACITY: error: memplan-offsets: max-slab-bytes cannot be used with a capacity
// OBJECTS: error: memplan-shared-objects: max-slab-bytes: shared objects are one slab each
func.func @three(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
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

// Under slab=argument each part is an argument, named by `memplan.part`
// (no caller's buffer is held to a part), and the header says which.
// ARG-LABEL: func.func private @callee
// ARG-SAME: memref<512xi8> {memplan.part = "part0", memplan.slab_alignment = 16 : i64, memplan.slab_size = 512 : i64}
// ARG-SAME: memref<256xi8> {memplan.part = "part1", memplan.slab_alignment = 16 : i64, memplan.slab_size = 256 : i64}
// ARGHEADER: /* Part part0 of capacity 512: passed by the caller as argument 2 (from 0). */
// ARGHEADER: /* Part part1 of capacity 512: passed by the caller as argument 3 (from 0). */
func.func private @callee(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
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
func.func @caller(%in: memref<64xf32>, %out: memref<64xf32>) {
  call @callee(%in, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  return
}
