// Construct 49: lives of a buffer in a function of several blocks
// (test/Analysis/control-flow-lives.mlir). In @branches both branches write
// %t whole and the join reads it: a second life, so that %t's two lives and
// %u, used between them, can take the same bytes. In @loop, a
// loop of blocks whose body writes %t whole before reading it, %t lives in
// each trip only, and %u, written after %t's last read in the body, takes
// its bytes; %acc is read at the top of the body, so what one trip writes
// crosses to the next. In @one_branch one branch writes %t whole and the
// other does not: the join reads either value, and the lives stay one.
// Each runs with the condition both ways and two trip counts, planned and
// unplanned.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %s --memplan-offsets="strategy=best slab=global" | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.objects
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true split-lives=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE

// SUM: @branches: planned 2 of 2 buffers as 3 lives (0 left alone) into a 64-byte slab
// SUM: @loop: planned 3 of 3 buffers (0 left alone) into a 128-byte slab
// SUM: @one_branch: planned 1 of 1 buffers (0 left alone) into a 64-byte slab
// WHOLE: @branches: planned 2 of 2 buffers (0 left alone) into a 128-byte slab
// WHOLE: @loop: planned 3 of 3 buffers (0 left alone) into a 192-byte slab

// OUT-COUNT-12: data =

func.func private @printMemrefF32(memref<*xf32>)

func.func @branches(%x: memref<16xf32>, %out: memref<16xf32>, %c: i1) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  %u = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%u : memref<16xf32>)
  linalg.add ins(%u, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  cf.cond_br %c, ^left, ^right
^left:
  linalg.fill ins(%two : f32) outs(%t : memref<16xf32>)
  cf.br ^join
^right:
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  cf.br ^join
^join:
  linalg.mul ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func @loop(%x: memref<16xf32>, %out: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %t = memref.alloc() : memref<16xf32>
  %u = memref.alloc() : memref<16xf32>
  %acc = memref.alloc() : memref<16xf32>
  linalg.fill ins(%half : f32) outs(%acc : memref<16xf32>)
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  linalg.add ins(%acc, %x : memref<16xf32>, memref<16xf32>) outs(%acc : memref<16xf32>)
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  linalg.mul ins(%t, %acc : memref<16xf32>, memref<16xf32>) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  linalg.copy ins(%acc : memref<16xf32>) outs(%u : memref<16xf32>)
  linalg.add ins(%u, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  linalg.add ins(%acc, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func @one_branch(%x: memref<16xf32>, %out: memref<16xf32>, %c: i1) {
  %three = arith.constant 3.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%three : f32) outs(%t : memref<16xf32>)
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  cf.cond_br %c, ^left, ^join
^left:
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  cf.br ^join
^join:
  linalg.add ins(%t, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func @run(%x: memref<16xf32>, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  %u = memref.cast %out : memref<16xf32> to memref<*xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<16xf32>)
  func.call @branches(%x, %out, %c) : (memref<16xf32>, memref<16xf32>, i1) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  linalg.fill ins(%zero : f32) outs(%out : memref<16xf32>)
  func.call @loop(%x, %out, %n) : (memref<16xf32>, memref<16xf32>, index) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  linalg.fill ins(%zero : f32) outs(%out : memref<16xf32>)
  func.call @one_branch(%x, %out, %c) : (memref<16xf32>, memref<16xf32>, i1) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %n = arith.index_cast %i : index to i32
    %v = arith.sitofp %n : i32 to f32
    memref.store %v, %x[%i] : memref<16xf32>
  }
  func.call @run(%x, %true, %c3) : (memref<16xf32>, i1, index) -> ()
  func.call @run(%x, %false, %c0) : (memref<16xf32>, i1, index) -> ()
  func.call @run(%x, %true, %c1) : (memref<16xf32>, i1, index) -> ()
  func.call @run(%x, %false, %c3) : (memref<16xf32>, i1, index) -> ()
  memref.dealloc %x : memref<16xf32>
  return
}
