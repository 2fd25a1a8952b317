// Construct 30b: linalg.map hands its payload the init's element as the last
// argument. A map that ignores it overwrites the whole buffer and begins a
// new life of it (split-lives); one that reads it must not, although
// upstream's payloadUsesValueFromOperand says a map never reads its init.
// In @accumulate, t = x; a = -t; c and d, two buffers made and dropped
// meanwhile, may take any bytes that are free; then t = a + t, which reads
// t, and must give 0s. Run unplanned and planned; the outputs must agree.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT

// @accumulate: t keeps one life; the fresh map of x into t begins none
// either, since it is t's first write.
// SPLIT: @accumulate: planned 4 of 4 buffers (0 left alone)

// t = a + t = -x + x = 0; out = t + 1000 x + 1.
// OUT: data =
// OUT-NEXT: [1,   1001,   2001,   3001,   4001,   5001,   6001,   7001,   8001,   9001,   10001,   11001,   12001,   13001,   14001,   15001]

func.func private @printMemrefF32(memref<*xf32>)

func.func @accumulate(%x: memref<16xf32>, %out: memref<16xf32>) {
  %thousand = arith.constant 1000.0 : f32
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.map ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
    (%v: f32, %init: f32) {
      linalg.yield %v : f32
    }
  %a = memref.alloc() : memref<16xf32>
  linalg.map ins(%t : memref<16xf32>) outs(%a : memref<16xf32>)
    (%v: f32, %init: f32) {
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    }
  %c = memref.alloc() : memref<16xf32>
  linalg.map ins(%x : memref<16xf32>) outs(%c : memref<16xf32>)
    (%v: f32, %init: f32) {
      %m = arith.mulf %v, %thousand : f32
      linalg.yield %m : f32
    }
  %d = memref.alloc() : memref<16xf32>
  linalg.map ins(%c : memref<16xf32>) outs(%d : memref<16xf32>)
    (%v: f32, %init: f32) {
      %s = arith.addf %v, %one : f32
      linalg.yield %s : f32
    }
  linalg.map ins(%a : memref<16xf32>) outs(%t : memref<16xf32>)
    (%v: f32, %init: f32) {
      %s = arith.addf %v, %init : f32
      linalg.yield %s : f32
    }
  linalg.map ins(%t, %d : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
    (%v: f32, %w: f32, %init: f32) {
      %s = arith.addf %v, %w : f32
      linalg.yield %s : f32
    }
  memref.dealloc %t : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  memref.dealloc %d : memref<16xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %n = arith.index_cast %i : index to i32
    %v = arith.sitofp %n : i32 to f32
    memref.store %v, %x[%i] : memref<16xf32>
  }
  %out = memref.alloc() : memref<16xf32>
  func.call @accumulate(%x, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %u = memref.cast %out : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  return
}
