// Functions called from parallel loops, run on four OpenMP threads: no plan
// may let two threads share a buffer's bytes. @work and @scale are called,
// directly and through another function, from an scf.forall and an
// scf.parallel whose bodies allocate buffers of their own. Each strategy of
// both passes plans the program under every slab placement; the programs
// are lowered through OpenMP and run three times, and every run must print
// what the unplanned program prints. Before slab=global knew about parallel
// callers, most global variants differed.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --threads 4 --repeat 3 --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs

func.func private @printF32(f32)
func.func private @printNewline()

// Two temporaries, written and read back many times per call.
func.func private @work(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %len = arith.constant 2048 : index
  %a = memref.alloc() : memref<2048xf32>
  %b = memref.alloc() : memref<2048xf32>
  %zero = arith.constant 0.0 : f32
  %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%t = %zero) -> f32 {
    scf.for %i = %c0 to %len step %c1 {
      %fi = arith.index_cast %i : index to i32
      %f = arith.sitofp %fi : i32 to f32
      %v = arith.addf %f, %x : f32
      memref.store %v, %a[%i] : memref<2048xf32>
    }
    scf.for %i = %c0 to %len step %c1 {
      %v = memref.load %a[%i] : memref<2048xf32>
      %w = arith.mulf %v, %x : f32
      memref.store %w, %b[%i] : memref<2048xf32>
    }
    %sum = scf.for %i = %c0 to %len step %c1 iter_args(%acc = %t) -> f32 {
      %v = memref.load %b[%i] : memref<2048xf32>
      %n = arith.addf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.yield %sum : f32
  }
  memref.dealloc %a : memref<2048xf32>
  memref.dealloc %b : memref<2048xf32>
  return %total : f32
}

// Reaches @work through a temporary of its own.
func.func private @scale(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<16xf32>
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  memref.store %y, %t[%c0] : memref<16xf32>
  %z = memref.load %t[%c0] : memref<16xf32>
  %r = func.call @work(%z) : (f32) -> f32
  memref.dealloc %t : memref<16xf32>
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %out = memref.alloc() : memref<64xf32>
  %out2 = memref.alloc() : memref<64xf32>
  scf.forall (%i) in (%n) {
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    %local = memref.alloc() : memref<4xf32>
    memref.store %f, %local[%c0] : memref<4xf32>
    %g = memref.load %local[%c0] : memref<4xf32>
    %r = func.call @work(%g) : (f32) -> f32
    memref.store %r, %out[%i] : memref<64xf32>
    memref.dealloc %local : memref<4xf32>
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    %r = func.call @scale(%f) : (f32) -> f32
    memref.store %r, %out2[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %out[%i] : memref<64xf32>
    %w = memref.load %out2[%i] : memref<64xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printNewline() : () -> ()
    func.call @printF32(%w) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %out : memref<64xf32>
  memref.dealloc %out2 : memref<64xf32>
  return
}
