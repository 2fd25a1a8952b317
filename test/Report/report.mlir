// report=FILE.json: one JSON document for the module (docs/report.md),
// checked against its schema by scripts/check-report.py, with its key
// fields checked here.

// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size report=%t.greedy.json" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t.greedy.json
// RUN: FileCheck %s --input-file=%t.greedy.json --check-prefix=GREEDY
// RUN: memplan-opt %s --memplan-offsets="report=%t.best.json" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t.best.json
// RUN: FileCheck %s --input-file=%t.best.json --check-prefix=BEST
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size report=%t.objects.json" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t.objects.json
// RUN: FileCheck %s --input-file=%t.objects.json --check-prefix=OBJECTS
// RUN: not memplan-opt %s --memplan-offsets="report=%t.missing-dir/r.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE

// UNWRITABLE: error: memplan-offsets: cannot write report '{{.*}}missing-dir/r.json': {{.*}}

// llvm::json writes the keys of an object in sorted order, so each function
// reads: its buffers, location, name, spaces, strategy asked.

// The chain a(64) -> b(32) -> c(64): a and c share offset 0.
// GREEDY: "functions": [
// GREEDY: "alignment": 16,
// GREEDY-NEXT: "bytes": 64,
// GREEDY-NEXT: "end": 7,
// GREEDY-NEXT: "location": "loc(\"{{.*}}report.mlir\":[[#@LINE+99]]:8)",
// GREEDY-NEXT: "memory-space": "",
// GREEDY-NEXT: "offset": 0,
// GREEDY-NEXT: "scope": 0,
// GREEDY-NEXT: "start": 2,
// GREEDY-NEXT: "status": "planned",
// GREEDY-NEXT: "type": "memref<16xf32>"
// GREEDY: "bytes": 32,
// GREEDY: "offset": 64,
// GREEDY: "bytes": 64,
// GREEDY: "offset": 0,
// GREEDY-NEXT: "scope": 0,
// GREEDY-NEXT: "start": 8,
// GREEDY: "name": "chain",
// GREEDY: "lower-bound": 96,
// GREEDY-NEXT: "memory-space": "",
// GREEDY-NEXT: "naive": 160,
// GREEDY-NEXT: "placement": "alloc",
// GREEDY-NEXT: "proven-bound": 96,
// GREEDY-NEXT: "scope": 0,
// GREEDY-NEXT: "seconds": {{[0-9.e+-]+}},
// GREEDY-NEXT: "slab-alignment": 16,
// GREEDY-NEXT: "slab-bytes": 96,
// GREEDY-NEXT: "strategy": "greedy-size"
// In the loop, the outer buffer is live for the whole loop and the body's
// buffer inside it, so they cannot share.
// GREEDY: "end": 14,
// GREEDY: "offset": 0,
// GREEDY-NEXT: "scope": 0,
// GREEDY-NEXT: "start": 5,
// GREEDY: "end": 13,
// GREEDY: "offset": 16,
// GREEDY-NEXT: "scope": 0,
// GREEDY-NEXT: "start": 9,
// GREEDY: "name": "loop",
// GREEDY: "slab-bytes": 32,
// The returned buffer is left alone, with its reason.
// GREEDY: "left-alone": {
// GREEDY-NEXT: "kind": "returned",
// GREEDY-NEXT: "message": "returned from the function"
// GREEDY-NEXT: },
// GREEDY-NEXT: "location": "loc(\"{{.*}}report.mlir\":[[#@LINE+89]]:10)",
// GREEDY-NEXT: "memory-space": "",
// GREEDY-NEXT: "status": "left-alone",
// GREEDY-NEXT: "type": "memref<4xf32>"
// GREEDY: "name": "returned",
// GREEDY: "slab-bytes": 16,
// Two memory spaces, one slab each.
// GREEDY: "memory-space": "1 : i64",
// GREEDY-NEXT: "offset": 0,
// GREEDY: "memory-space": "1 : i64",
// GREEDY-NEXT: "offset": 16,
// GREEDY: "memory-space": "",
// GREEDY-NEXT: "offset": 0,
// GREEDY: "name": "spaces",
// GREEDY: "buffers": 2,
// GREEDY: "memory-space": "1 : i64",
// GREEDY: "slab-bytes": 32,
// GREEDY: "buffers": 1,
// GREEDY: "memory-space": "",
// GREEDY: "slab-bytes": 16,
// GREEDY: "options": {
// GREEDY-NEXT: "alignment": 16,
// GREEDY-NEXT: "gap-tolerance": 0.001,
// GREEDY-NEXT: "strategy": "greedy-size",
// GREEDY-NEXT: "time-limit": 2
// GREEDY-NEXT: },
// GREEDY-NEXT: "pass": "memplan-offsets",
// GREEDY-NEXT: "schema": "memplan-report",
// GREEDY-NEXT: "version": 1

// Under best each space names the strategy that won; the function, the one
// asked for.
// BEST: "name": "chain",
// BEST: "slab-bytes": 96,
// BEST-NEXT: "strategy": "greedy-size"
// BEST: "strategy": "best"
// BEST: "name": "loop",
// BEST: "strategy": "naive"
// BEST: "strategy": "best"

// Shared objects: an object index per buffer and the object sizes per space.
// a and c share object 0 (64 bytes), b has object 1 (32 bytes).
// OBJECTS: "bytes": 64,
// OBJECTS: "object": 0,
// OBJECTS: "bytes": 32,
// OBJECTS: "object": 1,
// OBJECTS: "bytes": 64,
// OBJECTS: "object": 0,
// OBJECTS: "name": "chain",
// OBJECTS: "naive": 160,
// OBJECTS-NEXT: "object-bytes": [
// OBJECTS-NEXT: 64,
// OBJECTS-NEXT: 32
// OBJECTS-NEXT: ],
// OBJECTS: "pass": "memplan-shared-objects",

func.func @chain(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<8xf32>
  %a8 = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a8, %b : memref<8xf32, strided<[1]>> to memref<8xf32>
  %c = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<16xf32>)
  %c8 = memref.subview %c[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%b, %c8 : memref<8xf32>, memref<8xf32, strided<[1]>>) outs(%out : memref<8xf32>)
  return
}

func.func @loop(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 2.0 : f32
  %outer = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%outer : memref<4xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    %tmp = memref.alloc() : memref<4xf32>
    linalg.add ins(%outer, %outer : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
    memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
  }
  return
}

func.func @returned() -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %local = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%local : memref<4xf32>)
  %ret = memref.alloc() : memref<4xf32>
  memref.copy %local, %ret : memref<4xf32> to memref<4xf32>
  return %ret : memref<4xf32>
}

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
