// The report's accessed-bytes: what the program moves through each buffer,
// each op's share times the static trip counts of the loops around it. A
// large buffer filled once moves less than a small one read in a nest of
// loops; a view or a free moves nothing; a buffer of each iteration of a
// parallel loop counts that iteration's traffic, not the loop's.

// RUN: memplan-opt %s --memplan-offsets="report=%t.json" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json
// RUN: %python -c "import json, sys; [print(b['location'], b['accessed-bytes']) for f in json.load(open(sys.argv[1]))['functions'] for b in f['buffers']]" %t.json | FileCheck %s

// big: a fill of 16 KiB, a copy of 64 bytes through a subview.
// CHECK: loc("big") 16448
// hot: a fill (64), an add in 10 iterations (640), a load and a store of
// 4 bytes in 100 (800).
// CHECK-NEXT: loc("hot") 1504
// Each iteration's buffers: a fill and a copy of 32 bytes, times the 3
// iterations of the inner loop, not the 8 of the scf.forall; the copy's
// target, written once each of them.
// CHECK-NEXT: loc("tile") 192
// CHECK-NEXT: loc("scratch") 96
// A loop of unknown count counts once: a fill and a read.
// CHECK-NEXT: loc("unknown") 64

func.func @traffic(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f32
  %big = memref.alloc() : memref<4096xf32> loc("big")
  linalg.fill ins(%one : f32) outs(%big : memref<4096xf32>)
  %hot = memref.alloc() : memref<16xf32> loc("hot")
  linalg.fill ins(%one : f32) outs(%hot : memref<16xf32>)
  scf.for %i = %c0 to %c10 step %c1 {
    linalg.add ins(%hot, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
    scf.for %j = %c0 to %c10 step %c1 {
      %v = memref.load %hot[%c0] : memref<16xf32>
      memref.store %v, %hot[%c1] : memref<16xf32>
    }
  }
  %sub = memref.subview %big[0] [16] [1] : memref<4096xf32> to memref<16xf32, strided<[1]>>
  memref.copy %sub, %out : memref<16xf32, strided<[1]>> to memref<16xf32>
  memref.dealloc %big : memref<4096xf32>
  memref.dealloc %hot : memref<16xf32>
  return
}

func.func @tiles(%out: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%i) in (8) {
    %tile = memref.alloc() : memref<8xf32> loc("tile")
    scf.for %k = %c0 to %c3 step %c1 {
      linalg.fill ins(%one : f32) outs(%tile : memref<8xf32>)
      %scratch = memref.alloc() : memref<8xf32> loc("scratch")
      memref.copy %tile, %scratch : memref<8xf32> to memref<8xf32>
      memref.dealloc %scratch : memref<8xf32>
    }
    memref.dealloc %tile : memref<8xf32>
  }
  %unknown = memref.alloc() : memref<8xf32> loc("unknown")
  scf.for %k = %c0 to %n step %c1 {
    linalg.fill ins(%one : f32) outs(%unknown : memref<8xf32>)
    memref.copy %unknown, %out : memref<8xf32> to memref<8xf32>
  }
  memref.dealloc %unknown : memref<8xf32>
  return
}
