// The report says where each slab lives, and with slab=argument it gives the
// arena's size and alignment, the same as the callee's argument attributes.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument report=%t.json" -o %t.mlir
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -c "import json; [print(f['name'], s['placement'], s['slab-bytes'], s['slab-alignment']) for f in json.load(open('%t.json'))['functions'] for s in f['spaces']]" | FileCheck %s --check-prefix=REPORT
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global report=%t.global.json" -o /dev/null
// RUN: %python -c "import json; [print(f['name'], s['placement']) for f in json.load(open('%t.global.json'))['functions'] for s in f['spaces']]" | FileCheck %s --check-prefix=GLOBAL

// IR: func.func private @scale({{.*}}, %{{.*}}: memref<64xi8> {memplan.slab_alignment = 64 : i64, memplan.slab_size = 64 : i64})
// REPORT: scale argument 64 64
// REPORT: main alloc {{[0-9]+}} 64
// GLOBAL: scale global
// GLOBAL: main global

func.func private @scale(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %v = memref.load %in[%c0] : memref<16xf32>
  memref.store %v, %a[%c0] : memref<16xf32>
  %w = memref.load %a[%c0] : memref<16xf32>
  memref.store %w, %b[%c0] : memref<16xf32>
  %x = memref.load %b[%c0] : memref<16xf32>
  memref.store %x, %out[%c0] : memref<16xf32>
  return
}

func.func @main(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  call @scale(%in, %t) : (memref<16xf32>, memref<16xf32>) -> ()
  call @scale(%t, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}
