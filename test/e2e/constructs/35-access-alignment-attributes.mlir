// Construct 35: accesses that state their alignment. @main stores and loads
// %buf with vector.store/vector.load {alignment = 16}, which LLVM turns into
// aligned moves: the buffer needs 16 bytes of alignment although its
// element type asks for 4. Planned with a smaller alignment option (8, 1),
// it must still land on a 16-byte boundary; before the attributes were
// read it was put at byte 4 or 8, and the program crashed.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=8" | mlir-opt %lower_to_llvm | %run_main > %t.naive8
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=1" | mlir-opt %lower_to_llvm | %run_main > %t.naive1
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size alignment=1" | mlir-opt %lower_to_llvm | %run_main > %t.greedy1
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size alignment=1" | mlir-opt %lower_to_llvm | %run_main > %t.objects1
// RUN: diff %t.unplanned %t.naive8
// RUN: diff %t.unplanned %t.naive1
// RUN: diff %t.unplanned %t.greedy1
// RUN: diff %t.unplanned %t.objects1
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// OUT: 20
// OUT-NEXT: 3

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 3.0 : f32
  %small = memref.alloc() : memref<1xf32>
  memref.store %f, %small[%c0] : memref<1xf32>
  %buf = memref.alloc() : memref<8xf32>
  %lanes = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  vector.store %lanes, %buf[%c0] {alignment = 16} : memref<8xf32>, vector<4xf32>
  vector.store %lanes, %buf[%c4] {alignment = 16} : memref<8xf32>, vector<4xf32>
  %v = vector.load %buf[%c4] {alignment = 16} : memref<8xf32>, vector<4xf32>
  %w = vector.load %buf[%c0] {alignment = 16} : memref<8xf32>, vector<4xf32>
  %s = arith.addf %v, %w : vector<4xf32>
  %r = vector.reduction <add>, %s : vector<4xf32> into f32
  vector.print %r : f32
  %x = memref.load %small[%c0] : memref<1xf32>
  vector.print %x : f32
  memref.dealloc %small : memref<1xf32>
  memref.dealloc %buf : memref<8xf32>
  return
}
