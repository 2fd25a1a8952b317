// header=FILE writes a C header with what a caller must know to give each
// planned function its memory: each slab's bytes and alignment, a C
// function of the run-time sizes where they are known only at run time,
// and for slab=argument the argument that takes the arena. A C program
// includes the headers and prints the figures; they must be those of the
// summaries.

// RUN: rm -rf %t && mkdir -p %t
// RUN: memplan-opt %s --memplan-offsets="slab=argument summary=true header=%t/offsets.h" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-shared-objects="header=%t/objects.h" -o /dev/null
// RUN: FileCheck %s --input-file=%t/offsets.h
// RUN: FileCheck %s --input-file=%t/objects.h --check-prefix=OBJECTS
// RUN: memplan-opt %s --memplan-offsets="slab=global header=%t/globals.h" -o /dev/null
// RUN: FileCheck %s --input-file=%t/globals.h --check-prefix=GLOBALS
// RUN: cc -std=c99 -Wall -Werror -I %t %S/Inputs/print-slabs.c -o %t/print-slabs
// RUN: %t/print-slabs | FileCheck %s --check-prefix=PRINT
// RUN: not memplan-opt %s --memplan-offsets="header=%t/no/such/dir/x.h" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: memplan-offsets: cannot write the header: '{{.*}}x.h': {{.*}}

// SUM: @scale: planned 2 of 2 buffers (0 left alone; 2 of run-time size) into a 1024-byte slab at size-hint=128
// SUM: @fixed: planned 2 of 2 buffers (0 left alone) into a 128-byte slab
// SUM: @entry: planned 2 of 2 buffers (0 left alone; 1 of run-time size) into a 1039-byte slab at size-hint=128

// CHECK: #ifndef OFFSETS_H
// CHECK: #include <stddef.h>
// CHECK: /* @scale */
// CHECK-NEXT: /* the default memory space: passed by the caller as argument 1 (from 0). */
// CHECK-NEXT: #define MEMPLAN_SCALE_SLAB_ALIGNMENT ((size_t)16u)
// CHECK-NEXT: /* At least its size, {{.*}}: each buffer's alignment padding counted in full. */
// CHECK-NEXT: static inline size_t memplan_scale_slab_bytes(size_t arg0) {
// CHECK-NEXT: return (size_t)15u + (size_t)8u * arg0;
// CHECK: /* @fixed */
// CHECK-NEXT: /* the default memory space: passed by the caller as argument 0 (from 0). */
// CHECK-NEXT: #define MEMPLAN_FIXED_SLAB_BYTES ((size_t)128u)
// CHECK-NEXT: #define MEMPLAN_FIXED_SLAB_ALIGNMENT ((size_t)16u)
// @entry holds @fixed's arena (128 bytes) and @scale's, sized at run time
// by the arithmetic of @__memplan_arena_size_scale on its operand.
// CHECK: /* @entry */
// CHECK-NEXT: /* the default memory space: allocated by the function. */
// CHECK-NEXT: #define MEMPLAN_ENTRY_SLAB_ALIGNMENT ((size_t)16u)
// CHECK: static inline size_t memplan_entry_slab_bytes(size_t arg0) {
// CHECK-NEXT: return memplan_max_size((size_t)128u, (size_t)15u + (size_t)8u * arg0);
// CHECK: #endif /* OFFSETS_H */

// Under slab=global the header names each function's global.
// GLOBALS: /* @fixed */
// GLOBALS-NEXT: /* the default memory space: the module's memref.global @__memplan_slab_fixed. */
// GLOBALS-NEXT: #define MEMPLAN_FIXED_SLAB_BYTES ((size_t)128u)

// OBJECTS: #define MEMPLAN_FIXED_OBJECT0_BYTES ((size_t)64u)
// OBJECTS: #define MEMPLAN_FIXED_OBJECT1_BYTES ((size_t)64u)

// PRINT: fixed 128 16
// PRINT-NEXT: entry at 1: 128, at 1000: 8015
// PRINT-NEXT: scale at 1: 23, at 1000: 8015

func.func private @scale(%n: index) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<?xf32>)
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

func.func private @fixed() {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// Public: it allocates its slab, which holds @fixed's arena.
func.func @entry(%n: index) {
  call @scale(%n) : (index) -> ()
  call @fixed() : () -> ()
  return
}
