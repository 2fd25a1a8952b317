// Construct 48: what begins a new life of a buffer besides a structured op
// writing it directly (test/Analysis/whole-writes.mlir): a write through a
// cast, a reshape or a subview of the whole buffer, a whole
// vector.transfer_write or vector.store, loops storing every element (scf
// and affine), an scf.if and an scf.index_switch each branch of which writes
// all of it; and writes that must begin none: a subview leaving an element
// out, a masked transfer, an scf.if without else. In each, %tN is filled
// and read, %uN lives between, then %tN is written in that form and read:
// a life begun wrongly would read %uN's bytes or an earlier life's. Run with
// the branches both ways, planned and unplanned (vector transfers lowered
// by -convert-vector-to-llvm first).
//
// RUN: mlir-opt %s --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.exact
// RUN: memplan-opt %s --memplan-offsets="strategy=best slab=global" | mlir-opt --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.global
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.objects
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size schedule=best" | mlir-opt --convert-vector-to-llvm | mlir-opt %lower_to_llvm | %run_main | %strip_address > %t.scheduled
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.objects
// RUN: diff %t.unplanned %t.scheduled
// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned

// Nine of the twelve forms begin a second life of %tN; each of the 24
// buffers is 32 bytes, and at most two lives are live at once.
// SUM: @forms: planned 24 of 24 buffers as 33 lives (0 left alone) into a 64-byte slab

// The two runs: the branches taken one way, then the other.
// OUT: data =
// OUT-NEXT: [18.5,  33,  45.5,  58,  69.5,  81.5,  93.5,  105.5]
// OUT: data =
// OUT-NEXT: [37.5,  66,  90.5,  115,  137.5,  161,  184.5,  208]

#id = affine_map<(d0) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

func.func @forms(%x: memref<8xf32>, %out: memref<8xf32>, %c: i1, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  // cast
  %t0 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t0 : memref<8xf32>)
  linalg.add ins(%t0, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u0 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u0 : memref<8xf32>)
  linalg.add ins(%u0, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %tc0 = memref.cast %t0 : memref<8xf32> to memref<?xf32>
  linalg.fill ins(%two : f32) outs(%tc0 : memref<?xf32>)
  linalg.add ins(%t0, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u0 : memref<8xf32>
  memref.dealloc %t0 : memref<8xf32>
  // collapse
  %t1 = memref.alloc() : memref<2x4xf32>
  %tf1 = memref.collapse_shape %t1 [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t1 : memref<2x4xf32>)
  linalg.add ins(%tf1, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u1 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u1 : memref<8xf32>)
  linalg.add ins(%u1, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<8xf32>) outs(%tf1 : memref<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.mulf %v, %two : f32
    linalg.yield %d : f32
  }
  linalg.add ins(%tf1, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u1 : memref<8xf32>
  memref.dealloc %t1 : memref<2x4xf32>
  // full subview
  %t2 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t2 : memref<8xf32>)
  linalg.add ins(%t2, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u2 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u2 : memref<8xf32>)
  linalg.add ins(%u2, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %ts2 = memref.subview %t2[0] [8] [1] : memref<8xf32> to memref<8xf32, strided<[1]>>
  memref.copy %x, %ts2 : memref<8xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%t2, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u2 : memref<8xf32>
  memref.dealloc %t2 : memref<8xf32>
  // transfer write
  %t3 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t3 : memref<8xf32>)
  linalg.add ins(%t3, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u3 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u3 : memref<8xf32>)
  linalg.add ins(%u3, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %vx3 = vector.transfer_read %x[%c0], %zero {in_bounds = [true]} : memref<8xf32>, vector<8xf32>
  vector.transfer_write %vx3, %t3[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  linalg.add ins(%t3, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u3 : memref<8xf32>
  memref.dealloc %t3 : memref<8xf32>
  // vector store
  %t4 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t4 : memref<8xf32>)
  linalg.add ins(%t4, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u4 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u4 : memref<8xf32>)
  linalg.add ins(%u4, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %vy4 = vector.load %x[%c0] : memref<8xf32>, vector<8xf32>
  %vz4 = arith.addf %vy4, %vy4 : vector<8xf32>
  vector.store %vz4, %t4[%c0] : memref<8xf32>, vector<8xf32>
  linalg.add ins(%t4, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u4 : memref<8xf32>
  memref.dealloc %t4 : memref<8xf32>
  // store nest
  %t5 = memref.alloc() : memref<2x4xf32>
  %tf5 = memref.collapse_shape %t5 [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t5 : memref<2x4xf32>)
  linalg.add ins(%tf5, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u5 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u5 : memref<8xf32>)
  linalg.add ins(%u5, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %j = %c0 to %c4 step %c1 {
    scf.for %i = %c0 to %c2 step %c1 {
      %ij = arith.muli %i, %c4 : index
      %e = arith.addi %ij, %j : index
      %v = memref.load %x[%e] : memref<8xf32>
      memref.store %v, %t5[%i, %j] : memref<2x4xf32>
    }
  }
  linalg.add ins(%tf5, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u5 : memref<8xf32>
  memref.dealloc %t5 : memref<2x4xf32>
  // affine nest
  %t6 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t6 : memref<8xf32>)
  linalg.add ins(%t6, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u6 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u6 : memref<8xf32>)
  linalg.add ins(%u6, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    %w = arith.mulf %v, %three : f32
    affine.store %w, %t6[%i] : memref<8xf32>
  }
  linalg.add ins(%t6, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u6 : memref<8xf32>
  memref.dealloc %t6 : memref<8xf32>
  // if both
  %t7 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t7 : memref<8xf32>)
  linalg.add ins(%t7, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u7 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u7 : memref<8xf32>)
  linalg.add ins(%u7, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.if %c {
    memref.copy %x, %t7 : memref<8xf32> to memref<8xf32>
  } else {
    linalg.fill ins(%three : f32) outs(%t7 : memref<8xf32>)
  }
  linalg.add ins(%t7, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u7 : memref<8xf32>
  memref.dealloc %t7 : memref<8xf32>
  // switch
  %t8 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t8 : memref<8xf32>)
  linalg.add ins(%t8, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u8 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u8 : memref<8xf32>)
  linalg.add ins(%u8, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.index_switch %k
  case 0 {
    linalg.fill ins(%three : f32) outs(%t8 : memref<8xf32>)
    scf.yield
  }
  default {
    memref.copy %x, %t8 : memref<8xf32> to memref<8xf32>
    scf.yield
  }
  linalg.add ins(%t8, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u8 : memref<8xf32>
  memref.dealloc %t8 : memref<8xf32>
  // partial subview
  %t9 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t9 : memref<8xf32>)
  linalg.add ins(%t9, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u9 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u9 : memref<8xf32>)
  linalg.add ins(%u9, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %th9 = memref.subview %t9[1] [7] [1] : memref<8xf32> to memref<7xf32, strided<[1], offset: 1>>
  linalg.fill ins(%three : f32) outs(%th9 : memref<7xf32, strided<[1], offset: 1>>)
  linalg.add ins(%t9, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u9 : memref<8xf32>
  memref.dealloc %t9 : memref<8xf32>
  // masked
  %t10 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t10 : memref<8xf32>)
  linalg.add ins(%t10, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u10 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u10 : memref<8xf32>)
  linalg.add ins(%u10, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %vm10 = vector.transfer_read %x[%c0], %zero {in_bounds = [true]} : memref<8xf32>, vector<8xf32>
  %mask10 = vector.create_mask %c4 : vector<8xi1>
  vector.transfer_write %vm10, %t10[%c0], %mask10 {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  linalg.add ins(%t10, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u10 : memref<8xf32>
  memref.dealloc %t10 : memref<8xf32>
  // if one branch
  %t11 = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%t11 : memref<8xf32>)
  linalg.add ins(%t11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u11 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%u11 : memref<8xf32>)
  linalg.add ins(%u11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.if %c {
    memref.copy %x, %t11 : memref<8xf32> to memref<8xf32>
  }
  linalg.add ins(%t11, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %u11 : memref<8xf32>
  memref.dealloc %t11 : memref<8xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %v = arith.mulf %f, %half : f32
    memref.store %v, %x[%i] : memref<8xf32>
    memref.store %half, %out[%i] : memref<8xf32>
  }
  %u = memref.cast %out : memref<8xf32> to memref<*xf32>
  func.call @forms(%x, %out, %true, %c0) : (memref<8xf32>, memref<8xf32>, i1, index) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  func.call @forms(%x, %out, %false, %c1) : (memref<8xf32>, memref<8xf32>, i1, index) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  return
}
