// Construct 16: where the slab lives and how large it may be. @work has
// four buffers and is called twice by @main, so a global slab is reused by
// the second call; @fact is recursive, so slab=global must keep allocating
// its slab (each active call needs its own). With capacity=64, naive's plan
// (4 x 32 bytes) does not fit and exact finds one that does.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=alloc" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.alloc
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.global
// RUN: memplan-opt %s --memplan-offsets="strategy=naive slab=global capacity=64" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.capacity
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size slab=global" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-global
// RUN: memplan-opt %s --memplan-shared-objects="strategy=best slab=alloc capacity=64" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-capacity
// slab=argument: @work and @fact are public, so they allocate.
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.argument
// RUN: diff %t.unplanned %t.argument
// RUN: diff %t.unplanned %t.alloc
// RUN: diff %t.unplanned %t.global
// RUN: diff %t.unplanned %t.capacity
// RUN: diff %t.unplanned %t.objects-global
// RUN: diff %t.unplanned %t.objects-capacity
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global" 2>&1 | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=naive capacity=64 summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// CHECK: remark: memplan-offsets: slab=global: allocating the slabs of this function instead, because it may be active twice at once (recursion)
// CHECK: memref.global "private" @__memplan_slab_work : memref<64xi8> = uninitialized {alignment = 16 : i64}
// CHECK-LABEL: func.func @work
// CHECK: %[[SLAB:.*]] = memref.get_global @__memplan_slab_work : memref<64xi8>
// CHECK-COUNT-4: memref.view %[[SLAB]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @fact
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.dealloc
// CHECK-NOT: memref.global

// SUM: remark: memplan-offsets: @work: planned 4 of 4 buffers (0 left alone) into a 64-byte slab using naive; naive 128 bytes, lower bound 64 bytes (fits the capacity of 64 bytes thanks to exact)

// OUT: data =
// OUT-NEXT: [3,  5,  7,  9,  11,  13,  15,  17]
// OUT: data =
// OUT-NEXT: [23,  25,  27,  29,  31,  33,  35,  37]
// OUT: data =
// OUT-NEXT: [120]

func.func private @printMemrefF32(memref<*xf32>)

// out[i] = 2 * (i + k) + 3 through four buffers, two live at a time.
func.func @work(%k: f32, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %A = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %A[%i] : memref<8xf32>
  }
  %B = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %A[%i] : memref<8xf32>
    %v = arith.mulf %a, %two : f32
    memref.store %v, %B[%i] : memref<8xf32>
  }
  memref.dealloc %A : memref<8xf32>
  %C = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %b = memref.load %B[%i] : memref<8xf32>
    %v = arith.addf %b, %three : f32
    memref.store %v, %C[%i] : memref<8xf32>
  }
  memref.dealloc %B : memref<8xf32>
  %D = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %c = memref.load %C[%i] : memref<8xf32>
    memref.store %c, %D[%i] : memref<8xf32>
  }
  memref.dealloc %C : memref<8xf32>
  memref.copy %D, %out : memref<8xf32> to memref<8xf32>
  memref.dealloc %D : memref<8xf32>
  return
}

// n! with a 4-float scratch buffer live across the recursive call.
func.func @fact(%n: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %onef = arith.constant 1.0 : f32
  %S = memref.alloc() : memref<4xf32>
  %nf = arith.sitofp %n : i32 to f32
  memref.store %nf, %S[%c0] : memref<4xf32>
  %done = arith.cmpi sle, %n, %one : i32
  %r = scf.if %done -> f32 {
    scf.yield %onef : f32
  } else {
    %m = arith.subi %n, %one : i32
    %sub = func.call @fact(%m) : (i32) -> f32
    %mine = memref.load %S[%c0] : memref<4xf32>
    %p = arith.mulf %sub, %mine : f32
    scf.yield %p : f32
  }
  memref.dealloc %S : memref<4xf32>
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k0 = arith.constant 0.0 : f32
  %k10 = arith.constant 10.0 : f32
  %five = arith.constant 5 : i32
  %o = memref.alloc() : memref<8xf32>
  %u = memref.cast %o : memref<8xf32> to memref<*xf32>
  call @work(%k0, %o) : (f32, memref<8xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @work(%k10, %o) : (f32, memref<8xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %f = call @fact(%five) : (i32) -> f32
  %r = memref.alloc() : memref<1xf32>
  memref.store %f, %r[%c0] : memref<1xf32>
  %ru = memref.cast %r : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  memref.dealloc %r : memref<1xf32>
  memref.dealloc %o : memref<8xf32>
  return
}
