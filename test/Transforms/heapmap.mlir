// heapmap=PATH draws each planned memory space of each function: into one
// file when PATH ends in .svg, else one file per function and space in the
// folder PATH. Tooltips come from the IR: location, type, bytes, interval.
// A title ends with where the slab lives, as the report names it.

// RUN: rm -rf %t && mkdir -p %t
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size heapmap=%t/all.svg" -o /dev/null
// RUN: %python %memplan_src_root/test/Inputs/svg-summary.py %t/all.svg | FileCheck %s --check-prefix=FILE
// RUN: FileCheck %s --check-prefix=TIPS < %t/all.svg
// FILE:      pictures=3
// FILE-NEXT: picture: @spaces, memory space 1: memplan-offsets, greedy-size (alloc){{$}}
// FILE-NEXT:   buffers=2 bands=0
// FILE-NEXT:   lower-bound/peak=1.000
// FILE-NEXT:   lower bound 32 B; peak 32 B
// FILE-NEXT: picture: @spaces: memplan-offsets, greedy-size (alloc){{$}}
// FILE-NEXT:   buffers=1 bands=0
// FILE:      picture: @chain: memplan-offsets, greedy-size (alloc){{$}}
// FILE-NEXT:   buffers=3 bands=0
// FILE-NEXT:   lower-bound/peak=1.000
// FILE-NEXT:   lower bound 512 B; peak 512 B
// TIPS: <title>loc(&quot;{{.*}}heapmap.mlir&quot;:{{[0-9]+}}:{{[0-9]+}})
// TIPS-NEXT: memref&lt;4xf32, 1&gt;
// TIPS-NEXT: 16 B (16 bytes), live [{{[0-9]+}}, {{[0-9]+}}), offset {{0|16}}</title>
// TIPS: memref&lt;64xf32&gt;
// TIPS-NEXT: 256 B (256 bytes), live [{{[0-9]+}}, {{[0-9]+}}), offset 0</title>

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size heapmap=%t/folder" -o /dev/null
// RUN: ls %t/folder | FileCheck %s --check-prefix=FOLDER
// RUN: %python %memplan_src_root/test/Inputs/svg-summary.py %t/folder/spaces.1.svg | FileCheck %s --check-prefix=SPACE1
// FOLDER:      chain.svg
// FOLDER-NEXT: spaces.1.svg
// FOLDER-NEXT: spaces.svg
// FOLDER-EMPTY:
// SPACE1:      pictures=1
// SPACE1-NEXT: picture: @spaces, memory space 1: memplan-offsets, greedy-size
// SPACE1-NEXT:   buffers=2 bands=0

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global heapmap=%t/global.svg" -o /dev/null
// RUN: %python %memplan_src_root/test/Inputs/svg-summary.py %t/global.svg | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: picture: @chain: memplan-offsets, greedy-size (global){{$}}

// Shared objects: the objects as bands, buffers saying which object.
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size heapmap=%t/objects.svg" -o /dev/null
// RUN: %python %memplan_src_root/test/Inputs/svg-summary.py %t/objects.svg | FileCheck %s --check-prefix=OBJECTS
// RUN: FileCheck %s --check-prefix=OBJECT-TIPS < %t/objects.svg
// OBJECTS:      picture: @chain: memplan-shared-objects, greedy-size (alloc){{$}}
// OBJECTS-NEXT:   buffers=3 bands=2
// OBJECTS-NEXT:   lower-bound/peak=1.000
// OBJECTS-NEXT:   lower bound 512 B; peak 512 B
// OBJECT-TIPS: <title>object 0: 256 B (256 bytes)</title>
// OBJECT-TIPS: 256 B (256 bytes), live [{{[0-9]+}}, {{[0-9]+}}), object {{[01]}}</title>

// Without the option nothing is written.
// RUN: rm -rf %t/none && mkdir %t/none && cd %t/none
// RUN: memplan-opt %s --memplan-offsets=greedy-size -o /dev/null
// RUN: ls %t/none | count 0

// A path that cannot be written fails the pass.
// RUN: not memplan-opt %s --memplan-offsets="heapmap=%t/all.svg/x.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: error: memplan-offsets: heapmap: cannot write '{{.*}}x.svg'

func.func @spaces(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32, 1>
  %y = memref.alloc() : memref<4xf32, 1>
  %z = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%y : memref<4xf32, 1>)
  linalg.fill ins(%one : f32) outs(%z : memref<4xf32>)
  linalg.add ins(%x, %y : memref<4xf32, 1>, memref<4xf32, 1>) outs(%x : memref<4xf32, 1>)
  linalg.add ins(%z, %z : memref<4xf32>, memref<4xf32>) outs(%out : memref<4xf32>)
  return
}

func.func @chain(%out: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.add ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.add ins(%b, %b : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.copy ins(%c : memref<64xf32>) outs(%out : memref<64xf32>)
  return
}
