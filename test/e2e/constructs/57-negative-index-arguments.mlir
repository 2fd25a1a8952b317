// Construct 57: an index argument may be negative while every size it makes
// is valid: with a = -1, a*a is 1 element and a*a + a is 0. The offsets of a
// plan for every size may not take 4*a*a + 4*a for never below 4*a*a (it is
// below at a = -1), or the static buffer lands on one still live; only the
// polynomials of dimensions, never negative, decide a maximum at compile
// time.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | %strip_address > %t.unplanned
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | %strip_address | diff %t.unplanned -
// RUN: memplan-opt %s --memplan-offsets | FileCheck %s

// CHECK-LABEL: func.func @work
// CHECK: arith.maxui
// CHECK: memref.alloc(%{{.*}}) {alignment = 16 : i64} : memref<?xi8>

// OUT: [7,  9]
func.func private @printMemrefF32(memref<*xf32>)

// %a is never negative in sane programs; here a = -1 makes a*a = 1 and
// a*a + a = 0, both valid allocation sizes.
func.func @work(%a: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %aa = arith.muli %a, %a : index
  %aa1 = arith.addi %aa, %a : index
  %seven = arith.constant 7.0 : f32
  %nine = arith.constant 9.0 : f32
  %x = memref.alloc(%aa) : memref<?xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<?xf32>)
  %y = memref.alloc(%aa1) : memref<?xf32>
  %z = memref.alloc() : memref<1xf32>
  linalg.fill ins(%nine : f32) outs(%z : memref<1xf32>)
  %xv = memref.load %x[%c0] : memref<?xf32>
  memref.store %xv, %out[%c0] : memref<2xf32>
  memref.dealloc %x : memref<?xf32>
  linalg.fill ins(%seven : f32) outs(%y : memref<?xf32>)
  %zv = memref.load %z[%c0] : memref<1xf32>
  memref.store %zv, %out[%c1] : memref<2xf32>
  memref.dealloc %z : memref<1xf32>
  memref.dealloc %y : memref<?xf32>
  return
}
func.func @main() {
  %m1 = arith.constant -1 : index
  %out = memref.alloc() : memref<2xf32>
  call @work(%m1, %out) : (index, memref<2xf32>) -> ()
  %u = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<2xf32>
  return
}
