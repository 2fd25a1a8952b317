// arena-sections=ARENA:SECTION puts each arena's global (slab=global) into
// a linker section: the memref.global says so, the module records it, and
// memplan-set-sections sets it once the globals are LLVM globals, so that
// the object file holds each arena in its section for a linker script.

// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram:.sram,psram:.ext_ram" | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram:.sram,psram:.ext_ram" | mlir-opt %lower_to_llvm | memplan-opt --memplan-set-sections | FileCheck %s --check-prefix=LLVM
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram:.sram,psram:.ext_ram" | mlir-opt %lower_to_llvm | memplan-opt --memplan-set-sections | mlir-translate --mlir-to-llvmir > %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: llc -filetype=obj -relocation-model=pic %t.ll -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=ELF

// CHECK: module attributes {memplan.sections = {__memplan_slab_net_psram = ".ext_ram", __memplan_slab_net_sram = ".sram"}}
// CHECK-DAG: memref.global "private" @__memplan_slab_net_sram : memref<512xi8> = uninitialized {alignment = 16 : i64, memplan.section = ".sram"}
// CHECK-DAG: memref.global "private" @__memplan_slab_net_psram : memref<1024xi8> = uninitialized {alignment = 16 : i64, memplan.section = ".ext_ram"}
// LLVM-NOT: memplan.sections
// LLVM-DAG: llvm.mlir.global private @__memplan_slab_net_sram() {{{.*}}section = ".sram"} : !llvm.array<512 x i8>
// LLVM-DAG: llvm.mlir.global private @__memplan_slab_net_psram() {{{.*}}section = ".ext_ram"} : !llvm.array<1024 x i8>
// IR-DAG: @__memplan_slab_net_sram = private global [512 x i8] undef, section ".sram", align 16
// IR-DAG: @__memplan_slab_net_psram = private global [1024 x i8] undef, section ".ext_ram", align 16
// ELF-DAG: .sram PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000200
// ELF-DAG: .ext_ram PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000400

// Before the lowering, or where the global is gone, the pass says so.
// RUN: memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram:.sram" | not memplan-opt --memplan-set-sections 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: error: memplan-set-sections: @__memplan_slab_net_sram is still a memref.global: run this pass after the conversion to the LLVM dialect (finalize-memref-to-llvm)

// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:1024,psram arena-sections=sram:.sram" 2>&1 | FileCheck %s --check-prefix=NOGLOBAL
// NOGLOBAL: error: memplan-offsets: arena-sections places the globals of slab=global
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=tcm:.tcm" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: memplan-offsets: arena-sections: 'tcm' is no arena of arenas
// RUN: not memplan-opt %s --memplan-offsets="arenas=sram:1024,psram slab=global arena-sections=sram" 2>&1 | FileCheck %s --check-prefix=NOSECTION
// NOSECTION: error: memplan-offsets: arena-sections: 'sram' is not ARENA:SECTION
// RUN: not memplan-opt %s --memplan-offsets="slab=global arena-sections=sram:.sram" 2>&1 | FileCheck %s --check-prefix=NOARENAS
// NOARENAS: error: memplan-offsets: arena-sections names the sections of arenas, which are not given

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
