// Construct 31: the reduction of an scf.parallel reads a buffer of the body.
// An iteration's slab is freed just before the body's terminator, and
// scf.reduce's region runs after that: %seen, which the reduction reads, is
// left as it was, while %scratch, used only in the body, goes into the
// iteration's slab. (@main frees %kept, so the slabs are freed too.) Every
// strategy and slab placement must print what the unplanned program prints;
// before the terminator was checked, the reduction read the freed slab.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: memplan-offsets: left alone: used by 'scf.reduce', which ends the parallel region of 'scf.parallel' after the iteration's slab is freed
// REMARK-NEXT: %seen = memref.alloc() : memref<4xf32>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %ten = arith.constant 10.0 : f32
  %kept = memref.alloc() : memref<4xf32>
  linalg.fill ins(%ten : f32) outs(%kept : memref<4xf32>)
  %sum = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%zero) -> f32 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %scratch = memref.alloc() : memref<16xf32>
    linalg.fill ins(%fi : f32) outs(%scratch : memref<16xf32>)
    %x = memref.load %scratch[%c1] : memref<16xf32>
    %seen = memref.alloc() : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%seen : memref<4xf32>)
    %v = memref.load %seen[%c1] : memref<4xf32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %w = memref.load %seen[%c0] : memref<4xf32>
      %s = arith.addf %lhs, %rhs : f32
      %t = arith.addf %s, %w : f32
      scf.reduce.return %t : f32
    }
  }
  vector.print %sum : f32
  %k = memref.load %kept[%c0] : memref<4xf32>
  vector.print %k : f32
  memref.dealloc %kept : memref<4xf32>
  return
}
