// Construct 32: a caller passes a global as a function's argument. @f reads
// the global @weights into %copy, then writes its argument %out, then sums
// %copy; @main passes @weights itself as %out. Reordering may not move the
// write of %out above the read of @weights: a writable global and an
// argument may be the same memory. (@table, a constant global, is never
// written, so its read stays free to move.) Every order of memplan-schedule,
// and every strategy and slab placement after it, must print what the
// program prints as written; before arguments and writable globals were
// told apart no more, every reordered copy printed the sum of what @f wrote.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main > %t.unplanned
// RUN: memplan-opt %s --memplan-schedule | mlir-opt %lower_to_llvm | %run_main > %t.best
// RUN: memplan-opt %s --memplan-schedule=order=list | mlir-opt %lower_to_llvm | %run_main > %t.list
// RUN: memplan-opt %s --memplan-schedule=order=dfs | mlir-opt %lower_to_llvm | %run_main > %t.dfs
// RUN: diff %t.unplanned %t.best
// RUN: diff %t.unplanned %t.list
// RUN: diff %t.unplanned %t.dfs
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// OUT: 1280
// OUT-NEXT: 768

memref.global "private" @weights : memref<256xf32> = dense<5.0>
memref.global "private" constant @table : memref<256xf32> = dense<3.0>

func.func @f(%out: memref<256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @weights : memref<256xf32>
  %ones = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%ones : memref<256xf32>)
  %copy = memref.alloc() : memref<256xf32>
  linalg.copy ins(%w : memref<256xf32>) outs(%copy : memref<256xf32>)
  linalg.copy ins(%ones : memref<256xf32>) outs(%out : memref<256xf32>)
  %sum = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %copy[%i] : memref<256xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  memref.dealloc %ones : memref<256xf32>
  memref.dealloc %copy : memref<256xf32>
  return %sum : f32
}

func.func @g(%out: memref<256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %t = memref.get_global @table : memref<256xf32>
  %copy = memref.alloc() : memref<256xf32>
  linalg.copy ins(%t : memref<256xf32>) outs(%copy : memref<256xf32>)
  linalg.fill ins(%two : f32) outs(%out : memref<256xf32>)
  %sum = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %copy[%i] : memref<256xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  memref.dealloc %copy : memref<256xf32>
  return %sum : f32
}

func.func @main() {
  %w = memref.get_global @weights : memref<256xf32>
  %s = func.call @f(%w) : (memref<256xf32>) -> f32
  vector.print %s : f32
  %out = memref.alloc() : memref<256xf32>
  %t = func.call @g(%out) : (memref<256xf32>) -> f32
  vector.print %t : f32
  memref.dealloc %out : memref<256xf32>
  return
}
