// Buffers allocated in the body of a parallel loop: each iteration gets a
// slab of its own, allocated at the start of its body and freed at its end,
// so iterations running at once on four OpenMP threads never share bytes.
// In the body, %a dies before %b is written, so the two share bytes of the
// iteration's slab; both are filled and read by calls to functions with
// temporaries of their own; %c holds both sums. A buffer of the function is
// read in the body, live across the whole loop. Every strategy and slab
// placement, three runs each, must print what the unplanned program prints.
// (The OpenMP lowering cannot take loops or parallel loops inside a
// parallel body, so the loops are in the callees; test/Transforms/loops.mlir
// covers nested loops in the IR.)
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --threads 4 --repeat 3 --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// The body's buffers are planned into the iteration's slab, each after the
// last use of the one before, so all three on the same bytes.
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s --check-prefix=IR
// SUM: @main: planned 5 of 5 buffers (0 left alone) into 2 slabs
// IR-LABEL: func.func @main
// IR: scf.forall
// IR-NEXT: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<2048xi8>
// IR-NEXT: %[[O0:.*]] = arith.constant 0 : index
// IR: memref.view %[[SLAB]][%[[O0]]][] : memref<2048xi8> to memref<512xf32>
// IR: memref.view %[[SLAB]][%[[O0]]][] : memref<2048xi8> to memref<512xf32>
// IR: memref.view %[[SLAB]][%[[O0]]][] : memref<2048xi8> to memref<4xf32>
// IR: memref.dealloc %[[SLAB]]
// IR-NEXT: }

func.func private @printF32(f32)
func.func private @printNewline()

// buffer[k] = k * x + (a temporary's sum, computed on the way).
func.func private @fill(%buffer: memref<512xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %len = arith.constant 512 : index
  %tmp = memref.alloc() : memref<512xf32>
  scf.for %k = %c0 to %len step %c1 {
    %kk = arith.index_cast %k : index to i32
    %kf = arith.sitofp %kk : i32 to f32
    %v = arith.mulf %kf, %x : f32
    memref.store %v, %tmp[%k] : memref<512xf32>
  }
  scf.for %k = %c0 to %len step %c1 {
    %v = memref.load %tmp[%k] : memref<512xf32>
    %w = arith.addf %v, %x : f32
    memref.store %w, %buffer[%k] : memref<512xf32>
  }
  memref.dealloc %tmp : memref<512xf32>
  return
}

func.func private @sum(%buffer: memref<512xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %len = arith.constant 512 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %k = %c0 to %len step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %buffer[%k] : memref<512xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 32 : index
  %half = arith.constant 0.5 : f32
  %out = memref.alloc() : memref<32xf32>
  %scale = memref.alloc() : memref<4xf32>
  memref.store %half, %scale[%c0] : memref<4xf32>
  scf.forall (%i) in (%n) {
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    %s = memref.load %scale[%c0] : memref<4xf32>
    %x = arith.addf %f, %s : f32
    %a = memref.alloc() : memref<512xf32>
    func.call @fill(%a, %x) : (memref<512xf32>, f32) -> ()
    %sa = func.call @sum(%a) : (memref<512xf32>) -> f32
    %b = memref.alloc() : memref<512xf32>
    %y = arith.mulf %sa, %s : f32
    func.call @fill(%b, %y) : (memref<512xf32>, f32) -> ()
    %sb = func.call @sum(%b) : (memref<512xf32>) -> f32
    %c = memref.alloc() : memref<4xf32>
    memref.store %sa, %c[%c0] : memref<4xf32>
    memref.store %sb, %c[%c1] : memref<4xf32>
    %u = memref.load %c[%c0] : memref<4xf32>
    %v = memref.load %c[%c1] : memref<4xf32>
    %t = arith.addf %u, %v : f32
    memref.store %t, %out[%i] : memref<32xf32>
    memref.dealloc %a : memref<512xf32>
    memref.dealloc %b : memref<512xf32>
    memref.dealloc %c : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %out[%i] : memref<32xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %out : memref<32xf32>
  memref.dealloc %scale : memref<4xf32>
  return
}
