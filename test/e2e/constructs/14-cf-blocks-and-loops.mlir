// Construct 14: functions whose bodies have several blocks joined by
// cf.br / cf.cond_br: a loop in the CFG with a buffer allocated inside the
// loop block and one passed around the loop as a block argument, a buffer
// allocated in the loop block and passed to the next iteration (which must
// be left alone), a diamond merging two buffers into a block argument,
// several returns (the slab must be freed on each), and a CFG loop nested
// in an scf.execute_region of a single-block function.
// @main prints the heap bytes each @two_returns call leaves in use (glibc's
// mallinfo2; 2 KiB buffers): 0 on both return paths.
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
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @cfg_loop
// CHECK: %[[S1:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: memref.view %[[S1]][
// CHECK-NEXT: %[[P:.*]] = memref.view %[[S1]][
// CHECK-NEXT: %[[Q:.*]] = memref.view %[[S1]][
// CHECK: cf.br ^bb1({{.*}}, %[[P]], %[[Q]] : index, memref<4xf32>, memref<4xf32>)
// CHECK: ^bb1(
// CHECK: memref.view %[[S1]][
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @diamond
// CHECK: %[[S2:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @two_returns
// CHECK: %[[S5:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S5]] :
// CHECK-NEXT: return
// CHECK-NOT: memref.dealloc
// CHECK: memref.dealloc %[[S5]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @nested_cfg
// CHECK: %[[S3:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK-NOT: memref.alloc()
// CHECK: scf.execute_region
// CHECK: memref.view %[[S3]][
// CHECK: memref.dealloc %[[S3]] :
// CHECK-NEXT: return

// REMARK: remark: memplan-offsets: left alone: may outlive one iteration of a control-flow loop
// REMARK-NEXT: %N = memref.alloc() : memref<4xf32>
// REMARK: @cfg_loop: planned 5 of 6 buffers (1 left alone: 1 loop-carried)
// REMARK: @diamond: planned 4 of 4 buffers (0 left alone)
// REMARK: @two_returns: planned 2 of 2 buffers (0 left alone)
// REMARK: @nested_cfg: planned 5 of 5 buffers (0 left alone)

// OUT: data =
// OUT-NEXT: {{\[\[}}2003,   2002,   2001,   2000],
// OUT-NEXT: [3103,   3103,   3103,   3103],
// OUT-NEXT: [4306,   4305,   4304,   4303],
// OUT-NEXT: [10003,   10003,   10003,   10003],
// OUT-NEXT: [5306,   5306,   5306,   5306],
// OUT-NEXT: [3006,   3005,   3004,   3003]]
// OUT: data =
// OUT-NEXT: [8003,  8004,  8005,  8006]
// OUT: data =
// OUT-NEXT: [-5997,  -6000,  -6003,  -6006]
// OUT: data =
// OUT-NEXT: [9003,  9004,  9005,  9006]
// OUT: data =
// OUT-NEXT: [-4997,  -5000,  -5003,  -5006]
// OUT: {{^}}153054720{{$}}
// OUT: {{^}}22369536{{$}}
// OUT: {{^}}0{{$}}
// OUT: {{^}}0{{$}}
// OUT: data =
// OUT-NEXT: {{\[\[}}6039,   6036,   6033,   6030],
// OUT-NEXT: [6003,   6003,   6003,   6003],
// OUT-NEXT: [3,   3,   3,   3]]

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

// A = 1000+i (read at the exit); P = 2000+i goes around the loop as %buf.
// Iteration it allocates T = buf reversed + 100*it (loop-local), writes
// out[it] = T and buf = T + A. Separately N = prev reversed + 1 is allocated
// in the loop block and handed to the next iteration as %prev (starting
// from Q = 3000+i): left alone. At the exit Z = 9000+i is written, then
// out[3] = A reversed + Z, out[4] = buf, out[5] = prev.
func.func @cfg_loop(%out: memref<6x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k9 = arith.constant 9000.0 : f32
  %h = arith.constant 100.0 : f32
  %one = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<4xf32>
  %P = memref.alloc() : memref<4xf32>
  %Q = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %a = arith.addf %fi, %k1 : f32
    memref.store %a, %A[%i] : memref<4xf32>
    %p = arith.addf %fi, %k2 : f32
    memref.store %p, %P[%i] : memref<4xf32>
    %q = arith.addf %fi, %k3 : f32
    memref.store %q, %Q[%i] : memref<4xf32>
  }
  cf.br ^loop(%c0, %P, %Q : index, memref<4xf32>, memref<4xf32>)
^loop(%it: index, %buf: memref<4xf32>, %prev: memref<4xf32>):
  %iti = arith.index_cast %it : index to i32
  %itf = arith.sitofp %iti : i32 to f32
  %ith = arith.mulf %itf, %h : f32
  %T = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %b = memref.load %buf[%j] : memref<4xf32>
    %v = arith.addf %b, %ith : f32
    memref.store %v, %T[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.load %T[%i] : memref<4xf32>
    memref.store %t, %out[%it, %i] : memref<6x4xf32>
    %a = memref.load %A[%i] : memref<4xf32>
    %v = arith.addf %t, %a : f32
    memref.store %v, %buf[%i] : memref<4xf32>
  }
  %N = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %p = memref.load %prev[%j] : memref<4xf32>
    %v = arith.addf %p, %one : f32
    memref.store %v, %N[%i] : memref<4xf32>
  }
  %it1 = arith.addi %it, %c1 : index
  %more = arith.cmpi ult, %it1, %c3 : index
  cf.cond_br %more, ^loop(%it1, %buf, %N : index, memref<4xf32>, memref<4xf32>), ^exit
^exit:
  %Z = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k9 : f32
    memref.store %v, %Z[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %a = memref.load %A[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %v = arith.addf %a, %z : f32
    memref.store %v, %out[%c3, %i] : memref<6x4xf32>
    %b = memref.load %P[%i] : memref<4xf32>
    memref.store %b, %out[%c4, %i] : memref<6x4xf32>
    %n = memref.load %N[%i] : memref<4xf32>
    memref.store %n, %out[%c5, %i] : memref<6x4xf32>
  }
  return
}

// A diamond: X = 1000+i or Y = 2000+i becomes the block argument %m of
// the join block, where Z = 3000+i is written before %m is read reversed.
// W = 4000+i, written first, is read at the end. Then one of two returns,
// each after writing out differently.
// out = m reversed + Z + W (d) or m reversed - Z - W (not d).
func.func @diamond(%c: i1, %d: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %W = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k4 : f32
    memref.store %v, %W[%i] : memref<4xf32>
  }
  cf.cond_br %c, ^then, ^else
^then:
  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }
  cf.br ^join(%X : memref<4xf32>)
^else:
  %Y = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %Y[%i] : memref<4xf32>
  }
  cf.br ^join(%Y : memref<4xf32>)
^join(%m: memref<4xf32>):
  %Z = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %Z[%i] : memref<4xf32>
  }
  cf.cond_br %d, ^ret_add, ^ret_sub
^ret_add:
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %mv = memref.load %m[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %w = memref.load %W[%i] : memref<4xf32>
    %mz = arith.addf %mv, %z : f32
    %v = arith.addf %mz, %w : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
^ret_sub:
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %mv = memref.load %m[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %w = memref.load %W[%i] : memref<4xf32>
    %mz = arith.subf %mv, %z : f32
    %v = arith.subf %mz, %w : f32
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
}

// Two returns, each freeing the function's buffers (512 x f32, so that a
// slab not freed on one of the returns shows in mallinfo2): A = 1000+i,
// B = A reversed; sums[0] = sum of B (d) or of A + B (not d).
func.func @two_returns(%d: i1, %sums: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c511 = arith.constant 511 : index
  %c512 = arith.constant 512 : index
  %k1 = arith.constant 1000.0 : f32
  %zero = arith.constant 0 : i64
  %A = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %A[%i] : memref<512xf32>
  }
  %B = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %j = arith.subi %c511, %i : index
    %v = memref.load %A[%j] : memref<512xf32>
    memref.store %v, %B[%i] : memref<512xf32>
  }
  cf.cond_br %d, ^only_b, ^both
^only_b:
  memref.dealloc %A : memref<512xf32>
  %sb = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
    %b = memref.load %B[%i] : memref<512xf32>
    %bi = arith.fptosi %b : f32 to i64
    %i64 = arith.index_cast %i : index to i64
    %bw = arith.muli %bi, %i64 : i64
    %acc1 = arith.addi %acc, %bw : i64
    scf.yield %acc1 : i64
  }
  memref.store %sb, %sums[%c0] : memref<1xi64>
  memref.dealloc %B : memref<512xf32>
  return
^both:
  %sab = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (i64) {
    %a = memref.load %A[%i] : memref<512xf32>
    %b = memref.load %B[%i] : memref<512xf32>
    %ab = arith.subf %a, %b : f32
    %abi = arith.fptosi %ab : f32 to i64
    %i64 = arith.index_cast %i : index to i64
    %abw = arith.muli %abi, %i64 : i64
    %acc1 = arith.addi %acc, %abw : i64
    scf.yield %acc1 : i64
  }
  memref.store %sab, %sums[%c0] : memref<1xi64>
  memref.dealloc %B : memref<512xf32>
  memref.dealloc %A : memref<512xf32>
  return
}

// A single-block function with a CFG loop inside scf.execute_region.
// K = 1000+i is live across the region. In the region, W = 2000+i is
// allocated in its entry block and read after the loop; the loop block
// allocates V = W reversed + 10*it and adds it to the accumulator ACC
// (allocated before the region). After the region, R = 5000+i is allocated
// and may take the bytes of the region's buffers.
// out = [ACC, K reversed + R, the region's result]
func.func @nested_cfg(%out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %ten = arith.constant 10.0 : f32
  %zero = arith.constant 0.0 : f32
  %K = memref.alloc() : memref<4xf32>
  %ACC = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %K[%i] : memref<4xf32>
    memref.store %zero, %ACC[%i] : memref<4xf32>
  }
  %res = scf.execute_region -> f32 {
    %W = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k2 : f32
      memref.store %v, %W[%i] : memref<4xf32>
    }
    cf.br ^loop(%c0 : index)
  ^loop(%it: index):
    %iti = arith.index_cast %it : index to i32
    %itf = arith.sitofp %iti : i32 to f32
    %itt = arith.mulf %itf, %ten : f32
    %V = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %w = memref.load %W[%j] : memref<4xf32>
      %v = arith.addf %w, %itt : f32
      memref.store %v, %V[%i] : memref<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %V[%i] : memref<4xf32>
      %a = memref.load %ACC[%i] : memref<4xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %ACC[%i] : memref<4xf32>
    }
    %it1 = arith.addi %it, %c1 : index
    %more = arith.cmpi ult, %it1, %c3 : index
    cf.cond_br %more, ^loop(%it1 : index), ^done
  ^done:
    %w0 = memref.load %W[%c0] : memref<4xf32>
    %w3 = memref.load %W[%c3] : memref<4xf32>
    %r = arith.subf %w3, %w0 : f32
    scf.yield %r : f32
  }
  %R = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k5 : f32
    memref.store %v, %R[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %ACC[%i] : memref<4xf32>
    memref.store %a, %out[%c0, %i] : memref<3x4xf32>
    %j = arith.subi %c3, %i : index
    %k = memref.load %K[%j] : memref<4xf32>
    %r = memref.load %R[%i] : memref<4xf32>
    %kr = arith.addf %k, %r : f32
    memref.store %kr, %out[%c1, %i] : memref<3x4xf32>
    memref.store %res, %out[%c2, %i] : memref<3x4xf32>
  }
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %o6 = memref.alloc() : memref<6x4xf32>
  call @cfg_loop(%o6) : (memref<6x4xf32>) -> ()
  %u6 = memref.cast %o6 : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%u6) : (memref<*xf32>) -> ()
  memref.dealloc %o6 : memref<6x4xf32>

  %o = memref.alloc() : memref<4xf32>
  %u = memref.cast %o : memref<4xf32> to memref<*xf32>
  call @diamond(%true, %true, %o) : (i1, i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @diamond(%true, %false, %o) : (i1, i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @diamond(%false, %true, %o) : (i1, i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @diamond(%false, %false, %o) : (i1, i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %o : memref<4xf32>

  // Each return path of @two_returns leaves the heap as it was.
  %s = memref.alloc() : memref<1xi64>
  %c0 = arith.constant 0 : index
  %h1 = call @heap_in_use() : () -> i64
  call @two_returns(%true, %s) : (i1, memref<1xi64>) -> ()
  %a1 = call @heap_in_use() : () -> i64
  %s1 = memref.load %s[%c0] : memref<1xi64>
  %h2 = call @heap_in_use() : () -> i64
  call @two_returns(%false, %s) : (i1, memref<1xi64>) -> ()
  %a2 = call @heap_in_use() : () -> i64
  %s2 = memref.load %s[%c0] : memref<1xi64>
  %d1 = arith.subi %a1, %h1 : i64
  %d2 = arith.subi %a2, %h2 : i64
  call @printI64(%s1) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%s2) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%d1) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%d2) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %s : memref<1xi64>

  %o3 = memref.alloc() : memref<3x4xf32>
  call @nested_cfg(%o3) : (memref<3x4xf32>) -> ()
  %u3 = memref.cast %o3 : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  memref.dealloc %o3 : memref<3x4xf32>
  return
}
