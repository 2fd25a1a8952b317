// Lives in a region of several blocks: an op that writes the whole buffer
// ends what it held before on every path through it; the writes that reach
// a common read are one life. Ops are numbered from 0 in pre-order.

// RUN: memplan-opt %s --test-memplan-buffer-lifetimes=split-lives=true -o /dev/null | FileCheck %s
// RUN: memplan-opt %s --test-memplan-buffer-lifetimes -o /dev/null | FileCheck %s --check-prefix=WHOLE

// Numbers: 0 %one, 1 %t, 2-3 fill, 4-6 add, 7 cond_br, 8-9 fill "left",
// 10 br, 11 copy "right", 12 br, 13-15 add, 16 return. Both branches write
// %t whole, and the join reads what either wrote: one life of the two
// writes, after the first.
// CHECK-LABEL: @branches: 2 buffers
// CHECK-NEXT: "t" memref<8xf32>: planned [2, 7), life 0 begun by 'linalg.fill' {{.*}} in blocks, 32 bytes
// CHECK-NEXT: "t" memref<8xf32>: planned [8, 16), life 1 begun by 'linalg.fill' "left" in blocks, 32 bytes
// WHOLE-LABEL: @branches: 1 buffer
// WHOLE-NEXT: "t" memref<8xf32>: planned [2, 16), 32 bytes
func.func @branches(%x: memref<8xf32>, %out: memref<8xf32>, %c: i1) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<8xf32> loc("t")
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  cf.cond_br %c, ^left, ^right
^left:
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>) loc("left")
  cf.br ^join
^right:
  memref.copy %x, %t : memref<8xf32> to memref<8xf32> loc("right")
  cf.br ^join
^join:
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// Only one branch writes %t whole: the join may read the first fill's
// value, so the writes are one life.
// CHECK-LABEL: @one_branch: 1 buffer
// CHECK-NEXT: "t" memref<8xf32>: planned [2, 14), 32 bytes
func.func @one_branch(%x: memref<8xf32>, %out: memref<8xf32>, %c: i1) {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<8xf32> loc("t")
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  cf.cond_br %c, ^left, ^join
^left:
  linalg.fill ins(%one : f32) outs(%t : memref<8xf32>)
  cf.br ^join
^join:
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  return
}

// A loop of blocks (as -convert-scf-to-cf leaves a hoisted buffer) whose
// body writes %t whole before reading it: nothing crosses the back edge,
// so %t lives from the copy to the add in each trip, and %u, written and
// read after that add, may take its bytes.
// Numbers: 0-1 constants, 2 %t, 3 %u, 4 br, 5 cmpi, 6 cond_br, 7 copy,
// 8-10 add, 11 copy, 12-14 add, 15 addi, 16 br, 17 return.
// CHECK-LABEL: @loop: 2 buffers
// CHECK-NEXT: "t" memref<8xf32>: planned [7, 11), 32 bytes
// CHECK-NEXT: "u" memref<8xf32>: planned [11, 15), 32 bytes
// WHOLE-LABEL: @loop: 2 buffers
// WHOLE-NEXT: "t" memref<8xf32>: planned [5, 17), 32 bytes
func.func @loop(%x: memref<8xf32>, %out: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<8xf32> loc("t")
  %u = memref.alloc() : memref<8xf32> loc("u")
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  memref.copy %x, %t : memref<8xf32> to memref<8xf32>
  linalg.add ins(%t, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.copy %x, %u : memref<8xf32> to memref<8xf32>
  linalg.add ins(%u, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// None of these splits or narrows: %r is read in the body before it is
// written, so what a trip writes crosses the back edge to the next; %p is
// passed to a block as an argument (an alias no life can hold alone).
// CHECK-LABEL: @not_split: 2 buffers
// CHECK-NEXT: "r" memref<8xf32>: planned [4, 15), 32 bytes
// CHECK-NEXT: "p" memref<8xf32>: planned [{{[0-9]+}}, {{[0-9]+}}), 32 bytes, align 16, space default, 1 alias
func.func @not_split(%x: memref<8xf32>, %out: memref<8xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1f = arith.constant 1.0 : f32
  %r = memref.alloc() : memref<8xf32> loc("r")
  linalg.fill ins(%c1f : f32) outs(%r : memref<8xf32>)
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  linalg.add ins(%r, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  memref.copy %x, %r : memref<8xf32> to memref<8xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  %p = memref.alloc() : memref<8xf32> loc("p")
  linalg.fill ins(%c1f : f32) outs(%p : memref<8xf32>)
  linalg.add ins(%p, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  cf.cond_br %c, ^again(%p : memref<8xf32>), ^done
^again(%q: memref<8xf32>):
  memref.copy %x, %p : memref<8xf32> to memref<8xf32>
  linalg.add ins(%q, %out : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>)
  cf.br ^done
^done:
  return
}
