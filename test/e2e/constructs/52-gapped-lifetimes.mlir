// Construct 52: gapped lifetimes. In @gap, %x is written in the entry block
// and read only in ^right; ^left, which program order puts between them,
// never reaches ^right, so %x is dead there and %y, %z (in ^left) may take
// its bytes while %w (in ^right) may not. The planner gets %x as two
// intervals, not their hull, and every pairwise strategy shares the bytes
// (the slab of the hull would be 256 bytes; the lives need 128, 64 on each
// path). In @gap_loop the same holds for a loop of blocks on one side. Each
// runs with the condition both ways, planned and unplanned.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=greedy-breadth | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.breadth
// RUN: memplan-opt %s --memplan-offsets=start-best-fit | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.start
// RUN: memplan-opt %s --memplan-offsets=hill-climb | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.hill
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %s --memplan-offsets=strip-best-fit | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.strip
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.breadth
// RUN: diff %t.unplanned %t.start
// RUN: diff %t.unplanned %t.hill
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.strip
// RUN: diff %t.unplanned %t.objects
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJ

// SUM: @gap: planned 4 of 4 buffers (0 left alone) into a 128-byte slab using best; naive 256 bytes, lower bound 128 bytes {{.*}}; proven optimal
// SUM: @gap_loop: planned 3 of 3 buffers (0 left alone) into a 128-byte slab using best; naive 192 bytes, lower bound 128 bytes {{.*}}; proven optimal
// OBJ: @gap: planned 4 of 4 buffers (0 left alone) into 2 objects of 128 bytes in all using best
// OUT-COUNT-8: data =

func.func private @printMemrefF32(memref<*xf32>)

func.func @gap(%in: memref<16xf32>, %out: memref<16xf32>, %c: i1) {
  %two = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.add ins(%in, %in : memref<16xf32>, memref<16xf32>) outs(%x : memref<16xf32>)
  cf.cond_br %c, ^left, ^right
^left:
  %y = memref.alloc() : memref<16xf32>
  linalg.fill ins(%two : f32) outs(%y : memref<16xf32>)
  %z = memref.alloc() : memref<16xf32>
  linalg.mul ins(%y, %in : memref<16xf32>, memref<16xf32>) outs(%z : memref<16xf32>)
  linalg.add ins(%z, %y : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
^right:
  %w = memref.alloc() : memref<16xf32>
  linalg.mul ins(%x, %x : memref<16xf32>, memref<16xf32>) outs(%w : memref<16xf32>)
  linalg.add ins(%w, %x : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

// %x is read after a loop of blocks on the right; on the left a loop of
// blocks uses %t alone, which may take %x's bytes.
func.func @gap_loop(%in: memref<16xf32>, %out: memref<16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = memref.alloc() : memref<16xf32>
  linalg.add ins(%in, %in : memref<16xf32>, memref<16xf32>) outs(%x : memref<16xf32>)
  linalg.copy ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
  cf.cond_br %c, ^left(%c0 : index), ^right
^left(%i: index):
  %t = memref.alloc() : memref<16xf32>
  linalg.add ins(%out, %in : memref<16xf32>, memref<16xf32>) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %t : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %next, %c3 : index
  cf.cond_br %more, ^left(%next : index), ^done
^done:
  return
^right:
  %w = memref.alloc() : memref<16xf32>
  linalg.mul ins(%x, %in : memref<16xf32>, memref<16xf32>) outs(%w : memref<16xf32>)
  linalg.add ins(%w, %x : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func @run(%in: memref<16xf32>, %c: i1) {
  %out = memref.alloc() : memref<16xf32>
  func.call @gap(%in, %out, %c) : (memref<16xf32>, memref<16xf32>, i1) -> ()
  %cast = memref.cast %out : memref<16xf32> to memref<*xf32>
  func.call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  func.call @gap_loop(%in, %out, %c) : (memref<16xf32>, memref<16xf32>, i1) -> ()
  func.call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %n = arith.index_cast %i : index to i32
    %v = arith.sitofp %n : i32 to f32
    memref.store %v, %x[%i] : memref<16xf32>
  }
  func.call @run(%x, %true) : (memref<16xf32>, i1) -> ()
  func.call @run(%x, %false) : (memref<16xf32>, i1) -> ()
  func.call @run(%x, %true) : (memref<16xf32>, i1) -> ()
  func.call @run(%x, %false) : (memref<16xf32>, i1) -> ()
  memref.dealloc %x : memref<16xf32>
  return
}
