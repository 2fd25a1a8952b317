// Lives in loops (split-lives, on by default): buffers allocated before a
// loop, as -buffer-loop-hoisting leaves them, that each iteration overwrites
// before reading share bytes with the iteration's other buffers; a loop that
// begins a later life of a buffer gets that life's view just before it.

// RUN: memplan-opt %s --memplan-offsets="strategy=best" | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=best summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: memplan-opt %s --memplan-offsets="strategy=best split-lives=false summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: memplan-opt %s --memplan-offsets="strategy=best report=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %python %memplan_src_root/scripts/check-report.py %t.json

#id = affine_map<(d0) -> (d0)>

// %a and %c never meet in an iteration: they share offset 0, as they would
// allocated in the body.
// CHECK-LABEL: func.func @hoisted
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[A:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<128xi8> to memref<16xf32>
// CHECK: %[[B:.*]] = memref.view %[[SLAB]][%[[C64]]][] : memref<128xi8> to memref<16xf32>
// CHECK: %[[C:.*]] = memref.view %[[SLAB]][%[[C0]]][] : memref<128xi8> to memref<16xf32>
// CHECK: scf.for
// CHECK: linalg.copy ins(%{{.*}} : memref<16xf32>) outs(%[[A]] : memref<16xf32>)
// CHECK: linalg.add ins(%[[A]], %{{.*}} : {{.*}}) outs(%[[B]] : memref<16xf32>)
// CHECK: linalg.mul ins(%[[B]], %[[B]] : {{.*}}) outs(%[[C]] : memref<16xf32>)
// SUMMARY: @hoisted: planned 3 of 3 buffers (0 left alone) into a 128-byte slab
// WHOLE: @hoisted: planned 3 of 3 buffers (0 left alone) into a 192-byte slab
func.func @hoisted(%x: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
    linalg.add ins(%a, %x : memref<16xf32>, memref<16xf32>) outs(%b : memref<16xf32>)
    linalg.mul ins(%b, %b : memref<16xf32>, memref<16xf32>) outs(%c : memref<16xf32>)
    linalg.add ins(%c, %out : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  }
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// The loop begins %t's second life: its view is made just before the loop,
// and the loop and the read after it (the loop surely runs) use it. A
// subview made in the first life is made again from it. %u, used between
// the lives, and both lives take the same bytes.
// CHECK-LABEL: func.func @loop_begins_a_life
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK: %[[T0:.*]] = memref.view %[[SLAB]][%[[O0:.*]]][] : memref<64xi8> to memref<16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T0]] : memref<16xf32>)
// CHECK: %[[H0:.*]] = memref.subview %[[T0]][0] [8] [1]
// CHECK: linalg.add ins(%[[H0]], %{{.*}} : {{.*}}) outs(%{{.*}} : memref<8xf32>)
// CHECK: %[[U:.*]] = memref.view %[[SLAB]]
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<16xf32>) outs(%[[U]] : memref<16xf32>)
// CHECK: %[[T1:.*]] = memref.view %[[SLAB]][%[[O1:.*]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT: %[[H1:.*]] = memref.subview %[[T1]][0] [8] [1]
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.copy %{{.*}}, %[[T1]]
// CHECK-NEXT: linalg.add ins(%[[H1]], %{{.*}} : {{.*}}) outs(%{{.*}} : memref<8xf32>)
// CHECK: }
// CHECK-NEXT: linalg.add ins(%[[H1]], %{{.*}} : {{.*}}) outs(%{{.*}} : memref<8xf32>)
// SUMMARY: @loop_begins_a_life: planned 2 of 2 buffers as 3 lives (0 left alone) into a 64-byte slab
// REPORT: "life-begins-each-iteration-at": "loc(\"{{.*}}loop-lives.mlir\":[[#A:]]:5)"
// REPORT: "life-begins-at": "loc(\"{{.*}}loop-lives.mlir\":[[#LOOP:]]:3)"
// REPORT-NEXT: "life-begins-each-iteration-at": "loc(\"{{.*}}loop-lives.mlir\":[[#LOOP+1]]:5)"
func.func @loop_begins_a_life(%x: memref<16xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<16xf32>)
  %head = memref.subview %t[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%head, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  %u = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%u : memref<16xf32>)
  %uh = memref.subview %u[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%uh, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    memref.copy %x, %t : memref<16xf32> to memref<16xf32>
    linalg.add ins(%head, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  }
  linalg.add ins(%head, %out : memref<8xf32, strided<[1]>>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}
