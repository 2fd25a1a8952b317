// memref.alloca ops are planned into stack slabs of their own: a
// memref.alloca of bytes at the start of the function, or of the body of
// the allocation scope that frees them (memref.alloca_scope, and scf.for,
// whose body is one), never into the heap slab. allocas=false leaves them
// as they are, and does not count them.

// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size allocas=false summary=true" 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OBJECTS
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global report=%t.json" -o /dev/null
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: rm -rf %t.maps && memplan-opt %s --memplan-offsets="strategy=greedy-size heapmap=%t.maps" -o /dev/null
// RUN: ls %t.maps | FileCheck %s --check-prefix=MAPS
// RUN: grep -h "<title>" %t.maps/stack.stack.svg %t.maps/stack.loop2.stack.svg | FileCheck %s --check-prefix=TITLES

// The heap maps of stack slabs are named apart from the heap slab's.
// MAPS: stack.loop1.stack.svg
// MAPS-NEXT: stack.loop2.stack.svg
// MAPS-NEXT: stack.stack.svg
// MAPS-NEXT: stack.svg
// TITLES: @stack: memplan-offsets, greedy-size (stack)</title>
// TITLES: @stack: memplan-offsets, greedy-size (each execution of &apos;memref.alloca_scope&apos;) (stack)</title>

// %s and %u are live at once in the scope (64 bytes), %a and %b at the end
// (32 bytes), %t on its own in each iteration (16 bytes). The second copy
// into %a begins a second life of it (split-lives).
// CHECK-LABEL: func.func @stack
// CHECK-NEXT: %[[STACK:.*]] = memref.alloca() {alignment = 16 : i64} : memref<32xi8>
// CHECK: %[[HEAP:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK: scf.for
// CHECK-NEXT: %[[ITERATION:.*]] = memref.alloca() {alignment = 16 : i64} : memref<16xi8>
// CHECK: memref.view %[[ITERATION]]
// CHECK: memref.alloca_scope
// CHECK-NEXT: %[[SCOPE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<64xi8>
// CHECK: memref.view %[[SCOPE]]
// CHECK-NEXT: memref.view %[[SCOPE]]
// CHECK: memref.view %[[STACK]]
// CHECK: memref.view %[[STACK]]
// CHECK: memref.dealloc %[[HEAP]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// SUM: remark: memplan-offsets: @stack: planned 6 of 6 buffers as 7 lives (0 left alone) into 4 slabs of 128 bytes in all, 5 of them allocas in 3 stack slabs of 112 bytes using greedy-size
// SUM: 5 stack-planned
// SUM-NEXT: 112 stack-slab-bytes

// OFF: remark: memplan-offsets: @stack: planned 1 of 1 buffers (0 left alone) into a 16-byte slab
// OFF-LABEL: func.func @stack
// OFF-COUNT-5: memref.alloca() : memref<

// OBJECTS: @stack: planned 6 of 6 buffers as 7 lives (0 left alone) into 6 objects of 128 bytes in all, 5 of them allocas in 5 stack objects of 112 bytes

// REPORT: "placement": "global"
// REPORT: "placement": "stack"
func.func @stack(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %heap = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%heap : memref<4xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloca() : memref<4xf32>
    linalg.add ins(%heap, %heap : memref<4xf32>, memref<4xf32>) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  }
  memref.alloca_scope {
    %s = memref.alloca() : memref<8xf32>
    %u = memref.alloca() : memref<8xf32>
    linalg.fill ins(%one : f32) outs(%s : memref<8xf32>)
    linalg.fill ins(%one : f32) outs(%u : memref<8xf32>)
    linalg.add ins(%s, %u : memref<8xf32>, memref<8xf32>) outs(%u : memref<8xf32>)
  }
  %a = memref.alloca() : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  memref.copy %heap, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %heap, %a : memref<4xf32> to memref<4xf32>
  memref.copy %b, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %heap : memref<4xf32>
  return
}
