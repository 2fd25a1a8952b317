// Construct 60: arenas given by C code. @net is public and says
// `memplan.arena_arguments`: under slab=argument it takes its two arenas as
// trailing arguments from its callers outside the module, and the header
// says how large and aligned each is and which argument takes it. A C
// driver includes the header, gives @net two static arrays as its arenas
// (filled with stale bytes first) through the C interface, and must print
// what the unplanned @net, compiled the same way, prints.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:512,psram slab=argument header=%t/net.h" -o %t/planned.mlir
// RUN: mlir-opt %t/planned.mlir %lower_to_llvm | mlir-translate --mlir-to-llvmir | llc -filetype=obj -relocation-model=pic -o %t/planned.o
// RUN: cc -std=c99 -Wall -Werror -DPLANNED -I %t %S/Inputs/arenas-driver.c %t/planned.o -o %t/planned
// RUN: mlir-opt %s %lower_to_llvm | mlir-translate --mlir-to-llvmir | llc -filetype=obj -relocation-model=pic -o %t/unplanned.o
// RUN: cc -std=c99 -Wall -Werror %S/Inputs/arenas-driver.c %t/unplanned.o -o %t/unplanned
// RUN: %t/planned > %t/planned.out
// RUN: %t/unplanned > %t/unplanned.out
// RUN: diff %t/unplanned.out %t/planned.out
// RUN: FileCheck %s --input-file=%t/planned.mlir
// RUN: FileCheck %s --input-file=%t/net.h --check-prefix=HEADER
// RUN: FileCheck %s --input-file=%t/planned.out --check-prefix=OUT
//
// CHECK: func.func @net(%{{.*}}: memref<64xf32>, %{{.*}}: memref<64xf32>, %{{.*}}: memref<256xi8> {memplan.arena = "sram", {{.*}}}, %{{.*}}: memref<1024xi8> {memplan.arena = "psram", {{.*}}})
// CHECK-NOT: memref.alloc
// HEADER: /* Arena sram of capacity 512: passed by the caller as argument 2 (from 0). */
// HEADER: /* Arena psram: passed by the caller as argument 3 (from 0). */
// OUT: 63: {{.+}}

func.func @net(%in: memref<64xf32>, %out: memref<64xf32>) attributes {llvm.emit_c_interface, memplan.arena_arguments} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %big = memref.alloc() : memref<256xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%big : memref<256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  }
  %hot = memref.alloc() : memref<64xf32>
  memref.copy %in, %hot : memref<64xf32> to memref<64xf32>
  scf.for %k = %c0 to %c16 step %c1 {
    linalg.add ins(%hot, %in : memref<64xf32>, memref<64xf32>) outs(%hot : memref<64xf32>)
  }
  %v = memref.subview %big[64] [64] [1] : memref<256xf32> to memref<64xf32, strided<[1], offset: 64>>
  linalg.add ins(%hot, %v : memref<64xf32>, memref<64xf32, strided<[1], offset: 64>>) outs(%out : memref<64xf32>)
  memref.dealloc %big : memref<256xf32>
  memref.dealloc %hot : memref<64xf32>
  return
}
