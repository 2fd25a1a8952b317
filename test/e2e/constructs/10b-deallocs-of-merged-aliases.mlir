// Construct 10, continued: a memref.dealloc whose operand may be one of
// several buffers (an arith.select or scf.if result, a block argument of a
// CFG join) or is a call's result, as bufferization leaves them when
// ownership is decided at run time. The unplanned program frees every
// buffer exactly once.
//
// Whatever the pass does with the buffers behind such a dealloc, it must
// not erase the dealloc twice (it used to, once per planned buffer, and
// crash), must not leave it freeing a view of a slab, and must not drop it
// while it may free a left-alone buffer (that leaked; leaving the buffers
// alone is fine). @main prints the heap bytes each call leaves in use
// (glibc's mallinfo2; 2 KiB buffers), which must be 0 planned as it is
// unplanned.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy
// RUN: memplan-opt %s --memplan-offsets=naive | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.naive
// RUN: memplan-opt %s --memplan-offsets=exact | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.exact
// RUN: memplan-opt %s --memplan-shared-objects=greedy-size | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-greedy-size
// RUN: memplan-opt %s --memplan-shared-objects=best | mlir-opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects-best
// RUN: diff %t.unplanned %t.greedy
// RUN: diff %t.unplanned %t.naive
// RUN: diff %t.unplanned %t.exact
// RUN: diff %t.unplanned %t.objects-greedy-size
// RUN: diff %t.unplanned %t.objects-best
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned
// RUN: memplan-opt %s --memplan-offsets=greedy-size | FileCheck %s

// Each function has a plain scratch buffer, so it has a slab whatever
// happens to the merged ones.
// CHECK-LABEL: func.func @select_two_planned
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S1]][
// CHECK: memref.dealloc %[[S1]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @if_two_planned
// CHECK: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S2]][
// CHECK: memref.dealloc %[[S2]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @select_planned_and_dynamic
// CHECK: %[[S3:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S3]][
// CHECK: memref.dealloc %[[S3]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @cf_merge
// CHECK: %[[S4:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S4]][
// CHECK: memref.dealloc %[[S4]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @through_call_result
// CHECK: %[[S5:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S5]][
// CHECK: memref.dealloc %[[S5]] :
// CHECK-NEXT: return

// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [7003,  7004,  7005,  7006]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [8003,  8004,  8005,  8006]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [7003,  7004,  7005,  7006]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [8003,  8004,  8005,  8006]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [7003,  7004,  7005,  7006]
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: [8003,  8004,  8005,  8006]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()
llvm.func @mallinfo2() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>

// Heap bytes in use (mallinfo2().uordblks).
func.func @heap_in_use() -> i64 {
  %s = llvm.call @mallinfo2() : () -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  %u = llvm.extractvalue %s[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  return %u : i64
}

// A = 1000+i, B = 2000+i, S = 3000+i (scratch). r = c ? A : B and
// o = c ? B : A; out = r reversed + 2*S; then r and o are freed.
func.func @select_two_planned(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %a = arith.addf %fi, %k1 : f32
    memref.store %a, %A[%i] : memref<512xf32>
    %b = arith.addf %fi, %k2 : f32
    memref.store %b, %B[%i] : memref<512xf32>
  }
  %r = arith.select %c, %A, %B : memref<512xf32>
  %o = arith.select %c, %B, %A : memref<512xf32>
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<512xf32>
    %s = memref.load %S[%i] : memref<4xf32>
    %s2 = arith.addf %s, %s : f32
    %v = arith.addf %rv, %s2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %r : memref<512xf32>
  memref.dealloc %o : memref<512xf32>
  memref.dealloc %S : memref<4xf32>
  return
}

// The same with scf.if instead of arith.select.
func.func @if_two_planned(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %a = arith.addf %fi, %k1 : f32
    memref.store %a, %A[%i] : memref<512xf32>
    %b = arith.addf %fi, %k2 : f32
    memref.store %b, %B[%i] : memref<512xf32>
  }
  %r, %o = scf.if %c -> (memref<512xf32>, memref<512xf32>) {
    scf.yield %A, %B : memref<512xf32>, memref<512xf32>
  } else {
    scf.yield %B, %A : memref<512xf32>, memref<512xf32>
  }
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<512xf32>
    %s = memref.load %S[%i] : memref<4xf32>
    %s2 = arith.addf %s, %s : f32
    %v = arith.addf %rv, %s2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %r : memref<512xf32>
  memref.dealloc %o : memref<512xf32>
  memref.dealloc %S : memref<4xf32>
  return
}

// A = 1000+i is static (planned); D = 2000+i has a dynamic size that is no
// polynomial of the arguments (a quotient: left alone). r = c ? A : D and o = c ? D : A, both as memref<?xf32>; the two
// deallocs free A and D between them. Removing both deallocs because they
// may free A leaks D.
func.func @select_planned_and_dynamic(%c: i1, %n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  %m = arith.divui %n, %c1 : index
  %D = memref.alloc(%m) : memref<?xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %a = arith.addf %fi, %k1 : f32
    memref.store %a, %A[%i] : memref<512xf32>
    %d = arith.addf %fi, %k2 : f32
    memref.store %d, %D[%i] : memref<?xf32>
  }
  %Ad = memref.cast %A : memref<512xf32> to memref<?xf32>
  %r = arith.select %c, %Ad, %D : memref<?xf32>
  %o = arith.select %c, %D, %Ad : memref<?xf32>
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<?xf32>
    %s = memref.load %S[%i] : memref<4xf32>
    %s2 = arith.addf %s, %s : f32
    %v = arith.addf %rv, %s2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %r : memref<?xf32>
  memref.dealloc %o : memref<?xf32>
  memref.dealloc %S : memref<4xf32>
  return
}

// A CFG diamond: X = 1000+i or Y = 2000+i is allocated in a branch and
// reaches the join block as %m, which frees it after S = 3000+i (scratch)
// was written. out = m reversed + 2*S.
func.func @cf_merge(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  cf.cond_br %c, ^then, ^else
^then:
  %X = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %X[%i] : memref<512xf32>
  }
  cf.br ^join(%X : memref<512xf32>)
^else:
  %Y = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %Y[%i] : memref<512xf32>
  }
  cf.br ^join(%Y : memref<512xf32>)
^join(%m: memref<512xf32>):
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %mv = memref.load %m[%j] : memref<512xf32>
    %s = memref.load %S[%i] : memref<4xf32>
    %s2 = arith.addf %s, %s : f32
    %v = arith.addf %mv, %s2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %m : memref<512xf32>
  memref.dealloc %S : memref<4xf32>
  return
}

func.func @identity(%m: memref<512xf32>) -> memref<512xf32> {
  return %m : memref<512xf32>
}

// A = 1000+i is freed through the result of a call that returns it, after
// S = 3000+i was written. out = A reversed + 2*S.
func.func @through_call_result(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %A = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<512xf32>
  }
  %R = call @identity(%A) : (memref<512xf32>) -> memref<512xf32>
  %S = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %S[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %R[%j] : memref<512xf32>
    %s = memref.load %S[%i] : memref<4xf32>
    %s2 = arith.addf %s, %s : f32
    %v = arith.addf %rv, %s2 : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %R : memref<512xf32>
  memref.dealloc %S : memref<4xf32>
  return
}

func.func @print_leak(%before: i64) {
  %after = call @heap_in_use() : () -> i64
  %d = arith.subi %after, %before : i64
  call @printI64(%d) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c512 = arith.constant 512 : index
  %o = memref.alloc() : memref<4xf32>
  %u = memref.cast %o : memref<4xf32> to memref<*xf32>

  %h1 = call @heap_in_use() : () -> i64
  call @select_two_planned(%true, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h1) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %h2 = call @heap_in_use() : () -> i64
  call @select_two_planned(%false, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h2) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %h3 = call @heap_in_use() : () -> i64
  call @if_two_planned(%true, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h3) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %h4 = call @heap_in_use() : () -> i64
  call @if_two_planned(%false, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h4) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %h5 = call @heap_in_use() : () -> i64
  call @select_planned_and_dynamic(%true, %c512, %o) : (i1, index, memref<4xf32>) -> ()
  call @print_leak(%h5) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %h6 = call @heap_in_use() : () -> i64
  call @select_planned_and_dynamic(%false, %c512, %o) : (i1, index, memref<4xf32>) -> ()
  call @print_leak(%h6) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %h7 = call @heap_in_use() : () -> i64
  call @cf_merge(%true, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h7) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %h8 = call @heap_in_use() : () -> i64
  call @cf_merge(%false, %o) : (i1, memref<4xf32>) -> ()
  call @print_leak(%h8) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %h9 = call @heap_in_use() : () -> i64
  call @through_call_result(%o) : (memref<4xf32>) -> ()
  call @print_leak(%h9) : (i64) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  memref.dealloc %o : memref<4xf32>
  return
}
