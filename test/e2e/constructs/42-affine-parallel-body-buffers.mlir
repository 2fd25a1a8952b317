// Construct 42: buffers allocated in the body of affine.parallel, which
// has no HasParallelRegion trait: each iteration gets a slab of its own, as
// in scf.parallel (before, they were left alone as "allocated inside
// 'affine.parallel', whose control flow is unknown"). Each iteration fills
// two body buffers from its row and writes their difference back.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// The same on four OpenMP threads (affine.parallel lowers to scf.parallel,
// then to omp.parallel), each run three times.
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --threads 4 --repeat 3 --failures %t.threads.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size" | FileCheck %s --check-prefix=PLAN
// PLAN: affine.parallel (%{{.*}}) = (0) to (8) {
// PLAN-NEXT: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<256xi8>
// PLAN: memref.view %[[SLAB]]
// PLAN: memref.view %[[SLAB]]
// PLAN: memref.dealloc %[[SLAB]] : memref<256xi8>
// PLAN-NEXT: }

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %in = memref.alloc() : memref<8x16xi64>
  %out = memref.alloc() : memref<8x16xi64>
  affine.parallel (%i, %j) = (0, 0) to (8, 16) {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k17 = arith.constant 17 : i64
    %r = arith.muli %ii, %k17 : i64
    %v = arith.addi %r, %jj : i64
    memref.store %v, %in[%i, %j] : memref<8x16xi64>
  }
  affine.parallel (%i) = (0) to (8) {
    %rev = memref.alloc() : memref<16xi64>
    %prod = memref.alloc() : memref<16xi64>
    affine.for %j = 0 to 16 {
      %x = affine.load %in[%i, -%j + 15] : memref<8x16xi64>
      affine.store %x, %rev[%j] : memref<16xi64>
    }
    affine.for %j = 0 to 16 {
      %x = affine.load %rev[%j] : memref<16xi64>
      %y = affine.load %in[%i, %j] : memref<8x16xi64>
      %p = arith.muli %x, %y : i64
      affine.store %p, %prod[%j] : memref<16xi64>
    }
    affine.for %j = 0 to 16 {
      %p = affine.load %prod[%j] : memref<16xi64>
      %x = affine.load %rev[%j] : memref<16xi64>
      %d = arith.subi %p, %x : i64
      affine.store %d, %out[%i, %j] : memref<8x16xi64>
    }
    memref.dealloc %prod : memref<16xi64>
    memref.dealloc %rev : memref<16xi64>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %out[%i, %j] : memref<8x16xi64>
      func.call @printI64(%v) : (i64) -> ()
    }
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %out : memref<8x16xi64>
  memref.dealloc %in : memref<8x16xi64>
  return
}
