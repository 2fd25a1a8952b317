// Construct 22b: a memref.alloca in a loop of blocks, as -convert-scf-to-cf
// leaves a loop whose body allocated on the stack: no allocation scope ends
// with each trip, so every trip grows the stack. 100,000 trips of 4 KiB
// would take 400 MB, far past the 8 MB a thread has: unplanned, this program
// crashes (not run here). Planned, the buffer is a view of one stack slab
// allocated at the function entry, and the loop runs in constant stack.
//
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[STACK:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4096xi8>
// CHECK: ^bb1(
// CHECK-NOT: memref.alloca
// CHECK: memref.view %[[STACK]]
// CHECK-NOT: memref.alloca

// Each trip fills its buffer with the trip number and adds element 7:
// the sum of 0 .. 99,999.
// OUT: 4999950000

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %trips = arith.constant 100000 : index
  %zero = arith.constant 0 : i64
  cf.br ^loop(%c0, %zero : index, i64)
^loop(%i: index, %sum: i64):
  %more = arith.cmpi ult, %i, %trips : index
  cf.cond_br %more, ^body, ^done
^body:
  %buffer = memref.alloca() : memref<512xi64>
  %ii = arith.index_cast %i : index to i64
  linalg.fill ins(%ii : i64) outs(%buffer : memref<512xi64>)
  %v = memref.load %buffer[%c7] : memref<512xi64>
  %next = arith.addi %sum, %v : i64
  %j = arith.addi %i, %c1 : index
  cf.br ^loop(%j, %next : index, i64)
^done:
  vector.print %sum : i64
  return
}
