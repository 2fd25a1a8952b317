// Construct 58: arenas. A layer with a buffer read in each of 16 iterations
// and a large one read once, called twice by @main, whose buffers pass
// between the calls; a buffer of @main carries `memplan.arena`. Planned into
// a fast arena too small for everything (the rest spilled), under each slab
// placement and both choices, every run must print what the unplanned
// program prints.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.alloc
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=argument" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.argument
// RUN: memplan-opt %s --memplan-offsets="arenas=tcm:256,sram:1024,psram arena-choice=fall-through strategy=greedy-size" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.fall-through
// Each arena's global in a linker section of its own, run from the JIT.
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram:.sram,psram:.psram" | mlir-opt %lower_to_llvm | memplan-opt --memplan-set-sections | %run_main | %strip_address > %t.sections
// RUN: diff %t.unplanned %t.alloc
// RUN: diff %t.unplanned %t.sections
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.argument
// RUN: diff %t.unplanned %t.fall-through
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=argument summary" -o /dev/null 2>&1 | FileCheck %s
// Under slab=argument a callee's arena is a buffer of its caller's arena of
// the same name: the layer's sram arena, planned up to its capacity by
// fall-through, leaves no room there for the buffer @main pins to sram
// (1024 bytes above the pin at 512).
// RUN: not memplan-opt %s --memplan-offsets="arenas=tcm:256,sram:1024,psram arena-choice=fall-through slab=argument" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: memplan-offsets: planning failed: the buffers required in arena 'sram' take 1600 bytes, above its capacity of 1024 bytes
//
// The layer's hot buffer stays in sram, the large one spills; @main keeps
// the layer's sram arena in its own sram, as `memplan.arena` asks, and the
// pinned buffer there too, at the offset it pins; the two printed buffers
// are captured by their
// casts and left alone.
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram" | FileCheck %s --check-prefix=PIN
// PIN-LABEL: func.func @main
// PIN-DAG: %[[C512:.*]] = arith.constant 512 : index
// PIN-DAG: %[[SRAM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// PIN: memref.view %[[SRAM]][%[[C512]]][] : memref<{{[0-9]+}}xi8> to memref<16xf32>
// CHECK: @layer: planned 2 of 2 buffers {{.*}}(arenas by best: sram 64 bytes of 1024, 1 buffers, {{.*}}; psram 1024 bytes, 1 buffers,
// CHECK: @main: planned 5 of 7 buffers {{.*}}(arenas by best: sram 576 bytes of 1024, 3 buffers, {{.*}}; psram 1024 bytes, 2 buffers,
// OUT-COUNT-2: data =

func.func private @printMemrefF32(memref<*xf32>)

func.func private @layer(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %big = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %k = arith.muli %i, %c16 : index
      %l = arith.addi %k, %j : index
      %x = memref.load %in[%j] : memref<16xf32>
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %y = arith.addf %x, %fi : f32
      memref.store %y, %big[%l] : memref<256xf32>
    }
  }
  %hot = memref.alloc() : memref<16xf32>
  memref.copy %in, %hot : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%in : memref<16xf32>) outs(%hot : memref<16xf32>) {
    ^bb0(%a: f32, %h: f32):
      %m = arith.mulf %h, %half : f32
      %s = arith.addf %m, %a : f32
      linalg.yield %s : f32
    }
  }
  %c5 = arith.constant 5 : index
  scf.for %j = %c0 to %c16 step %c1 {
    %k = arith.muli %j, %c5 : index
    %b = memref.load %big[%k] : memref<256xf32>
    %h = memref.load %hot[%j] : memref<16xf32>
    %s = arith.addf %b, %h : f32
    memref.store %s, %out[%j] : memref<16xf32>
  }
  memref.dealloc %big : memref<256xf32>
  memref.dealloc %hot : memref<16xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %in = memref.alloc() {memplan.arena = "sram", memplan.offset = 512 : i64} : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %in[%i] : memref<16xf32>
  }
  %mid = memref.alloc() : memref<16xf32>
  call @layer(%in, %mid) : (memref<16xf32>, memref<16xf32>) -> ()
  %out = memref.alloc() : memref<16xf32>
  call @layer(%mid, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %u1 = memref.cast %mid : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<16xf32>
  memref.dealloc %mid : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  return
}
