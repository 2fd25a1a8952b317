// Construct 34: a callee views a buffer of bytes as vectors. @main passes
// %bytes, a memref<48xi8>, to @use_as_vectors, which views it as
// vector<4xf32> and stores and loads through that view: the buffer needs
// the 16-byte alignment of vector<4xf32> although no view of it in @main
// says so. Planned with a smaller alignment option (8, 1), it must still
// land on a 16-byte boundary; before callees' views were followed it was put
// at byte 8 of an 8-aligned slab, and the program crashed.
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
// OUT: 6
// OUT-NEXT: 20
//
// RUN: memplan-opt %s --memplan-offsets="strategy=naive alignment=8" | FileCheck %s
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64}
// CHECK: memref.view %[[SLAB]][%c16{{.*}}] : memref<{{[0-9]+}}xi8> to memref<48xi8>

func.func private @printF32(f32)
func.func private @printNewline()

func.func private @use_as_vectors(%bytes: memref<48xi8>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %vectors = memref.view %bytes[%c0][] : memref<48xi8> to memref<3xvector<4xf32>>
  %lanes = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : vector<4xf32>
  memref.store %lanes, %vectors[%c1] : memref<3xvector<4xf32>>
  %loaded = memref.load %vectors[%c1] : memref<3xvector<4xf32>>
  %sum = vector.reduction <add>, %loaded : vector<4xf32> into f32
  return %sum : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %odd = memref.alloc() : memref<3xi8>
  %k = arith.constant 20 : i8
  memref.store %k, %odd[%c0] : memref<3xi8>
  %bytes = memref.alloc() : memref<48xi8>
  %r = call @use_as_vectors(%bytes) : (memref<48xi8>) -> f32
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  %ov = memref.load %odd[%c0] : memref<3xi8>
  %of = arith.sitofp %ov : i8 to f32
  call @printF32(%of) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %odd : memref<3xi8>
  memref.dealloc %bytes : memref<48xi8>
  return
}
