// Construct 17: slab=argument. The private @inner and @middle take their
// slabs as trailing arguments; @middle calls @inner twice, so @inner's
// arena is one more buffer of @middle, live across each call and placed in
// @middle's arena; the public @main has no caller in the module and
// allocates its slab (from the runtime's heap), which holds @middle's
// arena, made inside a loop. @twice is private but only taken by address, so it keeps alloc.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.argument
// RUN: memplan-opt %s --memplan-offsets="strategy=naive slab=argument" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.argument-naive
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size slab=argument" | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-argument
// RUN: diff %t.unplanned %t.argument
// RUN: diff %t.unplanned %t.argument-naive
// RUN: diff %t.unplanned %t.objects-argument
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" 2>/dev/null | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: memplan-opt %s --memplan-shared-objects="strategy=greedy-size slab=argument" 2>/dev/null | FileCheck %s --check-prefix=OBJ
// A capacity that @inner meets but not @middle, whose arena holds @inner's:
// @inner, planned first, is not changed either.
// RUN: not memplan-opt %s --memplan-offsets="strategy=greedy-size slab=argument capacity=96" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=CAP

// REMARK: remark: memplan-offsets: slab=argument: allocating the slabs of this function instead, because it is used other than by func.call
// REMARK-NEXT: func.func private @twice
// REMARK: remark: memplan-offsets: slab=argument: allocating the slabs of this function instead, because it is public: callers outside the module would not pass a slab
// REMARK-NEXT: func.func @main
// CHECK: func.func private @inner(%{{.*}}: f32, %{{.*}}: memref<8xf32>, %[[IA:.*]]: memref<64xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size = 64 : i64})
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[IA]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK: func.func private @middle(%{{.*}}: memref<8xf32>, %[[MA:.*]]: memref<{{[0-9]+}}xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size = {{[0-9]+}} : i64})
// CHECK-NOT: memref.alloc
// CHECK: %[[ARENA:.*]] = memref.view %[[MA]][%{{.*}}][] : memref<{{[0-9]+}}xi8> to memref<64xi8>
// CHECK: call @inner(%{{.*}}, %{{.*}}, %[[ARENA]])
// CHECK: call @inner(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func private @twice
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-LABEL: func.func @main
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// CHECK: scf.for
// CHECK: %[[MARENA:.*]] = memref.view %[[SLAB]][%{{.*}}][] : memref<{{[0-9]+}}xi8> to memref<128xi8>
// CHECK: call @middle(%{{.*}}, %[[MARENA]])
// CHECK: memref.dealloc %[[SLAB]]

// Shared objects: one argument per object.
// OBJ-LABEL: func.func private @inner(%{{.*}}: f32, %{{.*}}: memref<8xf32>, %{{.*}}: memref<32xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size = 32 : i64}, %{{.*}}: memref<32xi8> {memplan.slab_alignment = 16 : i64, memplan.slab_size = 32 : i64})
// OBJ: call @inner(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})

// CAP: error: memplan-offsets: @middle: the default memory space does not fit its capacity of 96 bytes: the best slab found takes 128 bytes, the lower bound is 128 bytes
// CAP-NOT: error:
// CAP: IR Dump After MemPlanOffsets Failed
// CAP: func.func private @inner(%arg0: f32, %arg1: memref<8xf32>) {
// CAP-NOT: memplan.slab_size
// CAP-NOT: memref.view

// OUT: data =
// OUT-NEXT: [6,  9,  12,  15,  18,  21,  24,  27]
// OUT: data =
// OUT-NEXT: [2,  4,  6,  8,  10,  12,  14,  16]

func.func private @printMemrefF32(memref<*xf32>)

// out[i] = 3 * (i + k) through two buffers live together.
func.func private @inner(%k: f32, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %A = memref.alloc() : memref<8xf32>
  %B = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k : f32
    memref.store %v, %A[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %B[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %A[%i] : memref<8xf32>
    %b = memref.load %B[%i] : memref<8xf32>
    %v = arith.addf %a, %b : f32
    memref.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %A : memref<8xf32>
  memref.dealloc %B : memref<8xf32>
  return
}

// X = inner(2), Y = inner(0), out = Y + (X - Y) = X: X is live across the
// second call, whose arena must not overlap it.
func.func private @middle(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %k2 = arith.constant 2.0 : f32
  %k0 = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<8xf32>
  %Y = memref.alloc() : memref<8xf32>
  call @inner(%k2, %X) : (f32, memref<8xf32>) -> ()
  call @inner(%k0, %Y) : (f32, memref<8xf32>) -> ()
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %X[%i] : memref<8xf32>
    %y = memref.load %Y[%i] : memref<8xf32>
    %d = arith.subf %x, %y : f32
    %yy = arith.addf %y, %d : f32
    memref.store %yy, %out[%i] : memref<8xf32>
  }
  memref.dealloc %X : memref<8xf32>
  memref.dealloc %Y : memref<8xf32>
  return
}

// out[i] = 2 * in[i], through a buffer; referenced by address only.
func.func private @twice(%in: memref<8xf32>, %out: memref<8xf32>) {
  %T = memref.alloc() : memref<8xf32>
  linalg.add ins(%in, %in : memref<8xf32>, memref<8xf32>) outs(%T : memref<8xf32>)
  memref.copy %T, %out : memref<8xf32> to memref<8xf32>
  memref.dealloc %T : memref<8xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %o = memref.alloc() : memref<8xf32>
  %u = memref.cast %o : memref<8xf32> to memref<*xf32>
  %L = memref.alloc() : memref<8xf32>
  // Twice, so that @middle's arena is made and freed inside a loop.
  %c2 = arith.constant 2 : index
  scf.for %t = %c0 to %c2 step %c1 {
    func.call @middle(%L) : (memref<8xf32>) -> ()
  }
  memref.copy %L, %o : memref<8xf32> to memref<8xf32>
  memref.dealloc %L : memref<8xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %I = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %fi, %one : f32
    memref.store %v, %I[%i] : memref<8xf32>
  }
  %f = func.constant @twice : (memref<8xf32>, memref<8xf32>) -> ()
  func.call_indirect %f(%I, %o) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.dealloc %I : memref<8xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<8xf32>
  return
}
