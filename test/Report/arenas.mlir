// With arenas, the report lists every arena of a space with its bytes, its
// buffers and the bytes accessed there, beside what the other choice keeps
// and the bound; each buffer names its arena. The header gives one constant
// per arena and function, and under slab=argument the argument each takes.

// RUN: rm -rf %t && mkdir -p %t
// RUN: memplan-opt %s --memplan-offsets="arenas=tcm:64,sram:1024,psram slab=argument report=%t/report.json header=%t/arenas.h" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: FileCheck %s --input-file=%t/arenas.h --check-prefix=HEADER
// RUN: cc -std=c99 -Wall -Werror -I %t %S/Inputs/print-arenas.c -o %t/print-arenas
// RUN: %t/print-arenas | FileCheck %s --check-prefix=PRINT
// An arena named like another name of the header is refused.
// RUN: not memplan-opt %S/Inputs/stack-and-heap.mlir --memplan-offsets="arenas=stack:1024,psram header=%t/clash.h" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: error: memplan-offsets: cannot write the header: it would define MEMPLAN_F_STACK_SLAB_BYTES twice

// CHECK:      "name": "layer"
// CHECK:      "arena-choice": "best",
// CHECK-NEXT: "arenas": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "accessed-bytes": 0,
// CHECK-NEXT:     "accessed-bytes-bound": 0,
// CHECK-NEXT:     "buffers": 0,
// CHECK-NEXT:     "capacity": 64,
// CHECK-NEXT:     "fall-through-accessed-bytes": 0,
// CHECK-NEXT:     "name": "tcm",
// CHECK-NEXT:     "slab-alignment": 1,
// CHECK-NEXT:     "slab-bytes": 0
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "accessed-bytes": 51712,
// CHECK-NEXT:     "accessed-bytes-bound": 52740,
// CHECK-NEXT:     "buffers": 1,
// CHECK-NEXT:     "capacity": 1024,
// CHECK-NEXT:     "fall-through-accessed-bytes": 1028,
// CHECK-NEXT:     "name": "sram",
// CHECK-NEXT:     "slab-alignment": 16,
// CHECK-NEXT:     "slab-bytes": 256
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "accessed-bytes": 1028,
// CHECK-NEXT:     "buffers": 1,
// CHECK-NEXT:     "fall-through-accessed-bytes": 51712,
// CHECK-NEXT:     "name": "psram",
// CHECK-NEXT:     "slab-alignment": 16,
// CHECK-NEXT:     "slab-bytes": 1024
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK:      "placement": "argument",
// CHECK:      "slab-bytes": 1280,
// CHECK:      "buffers": [
// CHECK:        "arena": "psram",
// CHECK:        "arena": "sram",
// CHECK:      "name": "main"

// HEADER:      /* @layer */
// HEADER-NEXT: /* the default memory space, in arenas: */
// HEADER-NEXT: /* Arena tcm of capacity 64: no buffer. */
// HEADER-NEXT: #define MEMPLAN_LAYER_TCM_SLAB_BYTES ((size_t)0u)
// HEADER-NEXT: #define MEMPLAN_LAYER_TCM_SLAB_ALIGNMENT ((size_t)1u)
// HEADER-NEXT: /* Arena sram of capacity 1024: passed by the caller as argument 2 (from 0). */
// HEADER-NEXT: #define MEMPLAN_LAYER_SRAM_SLAB_BYTES ((size_t)256u)
// HEADER-NEXT: #define MEMPLAN_LAYER_SRAM_SLAB_ALIGNMENT ((size_t)16u)
// HEADER-NEXT: /* Arena psram: passed by the caller as argument 3 (from 0). */
// HEADER-NEXT: #define MEMPLAN_LAYER_PSRAM_SLAB_BYTES ((size_t)1024u)
// HEADER:      /* @main */
// HEADER-NEXT: /* the default memory space, in arenas: */
// HEADER-NEXT: /* Arena tcm of capacity 64: no buffer. */
// HEADER-NEXT: #define MEMPLAN_MAIN_TCM_SLAB_BYTES ((size_t)0u)

// PRINT: layer sram 256 (align 16)
// PRINT: layer psram 1024
// PRINT: main sram 512
// PRINT: main psram 1024
// PRINT: main tcm 0

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
