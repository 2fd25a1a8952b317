// Construct 4: scf.if with buffers allocated in each branch, buffers
// yielded out of the scf.if and used after it, and outer buffers whose last
// use is inside a branch; the same with scf.index_switch, scf.execute_region
// and affine.if. Every function runs with every condition.
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
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM

// CHECK-LABEL: func.func @branch_buffers
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = {{[0-9]+}} : i64} : memref<{{[0-9]+}}xi8>
// CHECK: scf.if
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.yield
// CHECK: } else {
// CHECK: memref.view %[[SLAB]][
// CHECK: memref.view %[[SLAB]][
// CHECK: scf.yield
// CHECK: memref.view %[[SLAB]][
// CHECK-NOT: memref.dealloc
// CHECK: return
// CHECK-LABEL: func.func @yield_outer
// CHECK: %[[SLAB2:.*]] = memref.alloc()
// CHECK-COUNT-3: memref.view %[[SLAB2]][
// CHECK-LABEL: func.func @nested_if
// CHECK: %[[SLAB3:.*]] = memref.alloc()
// CHECK-COUNT-4: memref.view %[[SLAB3]][
// CHECK-LABEL: func.func @other_branch_ops
// CHECK: %[[SLAB4:.*]] = memref.alloc()
// CHECK: scf.index_switch
// CHECK-COUNT-3: memref.view %[[SLAB4]][
// CHECK: scf.execute_region
// CHECK: memref.view %[[SLAB4]][
// CHECK: affine.if
// CHECK: memref.view %[[SLAB4]][
// CHECK: memref.view %[[SLAB4]][

// SUM: @branch_buffers: planned 7 of 7 buffers (0 left alone)
// SUM: @yield_outer: planned 3 of 3 buffers (0 left alone)
// SUM: @nested_if: planned 4 of 4 buffers (0 left alone)
// SUM: @other_branch_ops: planned 7 of 7 buffers (0 left alone)

// OUT: data =
// OUT-NEXT: {{\[\[}}11000,   11003,   11006,   11009],
// OUT-NEXT: [1000,   1001,   1002,   1003],
// OUT-NEXT: [6000,   6001,   6002,   6003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}16000,   16004,   16008,   16012],
// OUT-NEXT: [1000,   1001,   1002,   1003],
// OUT-NEXT: [6000,   6001,   6002,   6003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}4003,   4003,   4003,   4003],
// OUT-NEXT: [3000,   3001,   3002,   3003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}5003,   5003,   5003,   5003],
// OUT-NEXT: [3000,   3001,   3002,   3003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}3000,   3001,   3002,   3003],
// OUT-NEXT: [6000,   6001,   6002,   6003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}7000,   7001,   7002,   7003],
// OUT-NEXT: [6000,   6001,   6002,   6003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}2003,   2002,   2001,   2000],
// OUT-NEXT: [6000,   6001,   6002,   6003]]
// OUT: data =
// OUT-NEXT: {{\[\[}}9000,   9002,   9004,   9006],
// OUT-NEXT: [18000,   18003,   18006,   18009],
// OUT-NEXT: [-3000,   -3000,   -3000,   -3000]]
// OUT: data =
// OUT-NEXT: {{\[\[}}11000,   11003,   11006,   11009],
// OUT-NEXT: [18000,   18003,   18006,   18009],
// OUT-NEXT: [-2000,   -1999,   -1998,   -1997]]
// OUT: data =
// OUT-NEXT: {{\[\[}}8003,   8003,   8003,   8003],
// OUT-NEXT: [18000,   18003,   18006,   18009],
// OUT-NEXT: [-2000,   -1999,   -1998,   -1997]]

func.func private @printMemrefF32(memref<*xf32>)

// P = 1000+i lives across everything; X = 2000+i is last used inside the
// scf.if. The then branch allocates L = 3000+i (local) and T = X reversed +
// L and yields T; the else branch allocates E = 4000+i (local) and Y = X
// reversed + 2*E and yields Y. After the scf.if, B = 6000+i is allocated
// and written before the yielded buffer is read (reversed).
// out = [r reversed + B, P, B]
func.func @branch_buffers(%c: i1, %out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k6 = arith.constant 6000.0 : f32

  %P = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %P[%i] : memref<4xf32>
  }
  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }

  %r = scf.if %c -> (memref<4xf32>) {
    %L = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k3 : f32
      memref.store %v, %L[%i] : memref<4xf32>
    }
    %T = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %l = memref.load %L[%j] : memref<4xf32>
      %v = arith.addf %x, %l : f32
      memref.store %v, %T[%i] : memref<4xf32>
    }
    scf.yield %T : memref<4xf32>
  } else {
    %E = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k4 : f32
      memref.store %v, %E[%i] : memref<4xf32>
    }
    %Y = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %e = memref.load %E[%j] : memref<4xf32>
      %e2 = arith.addf %e, %e : f32
      %v = arith.addf %x, %e2 : f32
      memref.store %v, %Y[%i] : memref<4xf32>
    }
    scf.yield %Y : memref<4xf32>
  }

  %B = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k6 : f32
    memref.store %v, %B[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<4xf32>
    %b = memref.load %B[%i] : memref<4xf32>
    %v = arith.addf %rv, %b : f32
    memref.store %v, %out[%c0, %i] : memref<3x4xf32>
    %p = memref.load %P[%i] : memref<4xf32>
    memref.store %p, %out[%c1, %i] : memref<3x4xf32>
    memref.store %b, %out[%c2, %i] : memref<3x4xf32>
  }
  return
}

// The scf.if yields one of two buffers allocated before it: P = 1000+i or
// Q = 2000+i. Z = 3000+i is allocated and written after the scf.if, and
// only then is the yielded buffer read (reversed) and written back.
// out = [r reversed + Z, r after being overwritten with Z]
func.func @yield_outer(%c: i1, %out: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32

  %P = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k1 : f32
    memref.store %v, %P[%i] : memref<4xf32>
  }
  %Q = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %Q[%i] : memref<4xf32>
  }
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %P : memref<4xf32>
  } else {
    scf.yield %Q : memref<4xf32>
  }
  %Z = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k3 : f32
    memref.store %v, %Z[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<4xf32>
    %z = memref.load %Z[%i] : memref<4xf32>
    %v = arith.addf %rv, %z : f32
    memref.store %v, %out[%c0, %i] : memref<2x4xf32>
  }
  memref.copy %Z, %r : memref<4xf32> to memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %rv = memref.load %r[%i] : memref<4xf32>
    memref.store %rv, %out[%c1, %i] : memref<2x4xf32>
  }
  return
}

// Nested scf.if: the inner one yields a buffer allocated in its branch; the
// outer one yields that further out. X = 2000+i is read inside the inner
// branches only; the buffers yielded are read after B = 6000+i is written.
// out = [r reversed, B]
func.func @nested_if(%c: i1, %d: i1, %out: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k5 = arith.constant 5000.0 : f32
  %k6 = arith.constant 6000.0 : f32

  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }
  %r = scf.if %c -> (memref<4xf32>) {
    %r2 = scf.if %d -> (memref<4xf32>) {
      // X reversed + 1000
      %T = memref.alloc() : memref<4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.subi %c3, %i : index
        %x = memref.load %X[%j] : memref<4xf32>
        %v = arith.addf %x, %k1 : f32
        memref.store %v, %T[%i] : memref<4xf32>
      }
      scf.yield %T : memref<4xf32>
    } else {
      // X reversed + 5000
      %U = memref.alloc() : memref<4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.subi %c3, %i : index
        %x = memref.load %X[%j] : memref<4xf32>
        %v = arith.addf %x, %k5 : f32
        memref.store %v, %U[%i] : memref<4xf32>
      }
      scf.yield %U : memref<4xf32>
    }
    scf.yield %r2 : memref<4xf32>
  } else {
    scf.yield %X : memref<4xf32>
  }
  %B = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k6 : f32
    memref.store %v, %B[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %rv = memref.load %r[%j] : memref<4xf32>
    memref.store %rv, %out[%c0, %i] : memref<2x4xf32>
    %b = memref.load %B[%i] : memref<4xf32>
    memref.store %b, %out[%c1, %i] : memref<2x4xf32>
  }
  return
}

// Other region ops with branches: scf.index_switch (three ways, one of
// them yielding an outer buffer), scf.execute_region and affine.if, each
// yielding a buffer allocated inside that is read after B = 6000+i is
// written. X = 2000+i is last used inside the regions.
// out[0] = switch result reversed + B; out[1] = execute_region result
// reversed + 2*B; out[2] = affine.if result reversed - B.
func.func @other_branch_ops(%sel: index, %out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1000.0 : f32
  %k2 = arith.constant 2000.0 : f32
  %k3 = arith.constant 3000.0 : f32
  %k4 = arith.constant 4000.0 : f32
  %k6 = arith.constant 6000.0 : f32
  %X = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k2 : f32
    memref.store %v, %X[%i] : memref<4xf32>
  }
  %s = scf.index_switch %sel -> memref<4xf32>
  case 0 {
    // X reversed + 1000
    %T = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %v = arith.addf %x, %k1 : f32
      memref.store %v, %T[%i] : memref<4xf32>
    }
    scf.yield %T : memref<4xf32>
  }
  case 1 {
    // X reversed + L, L = 3000+i local
    %L = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %k3 : f32
      memref.store %v, %L[%i] : memref<4xf32>
    }
    %U = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %l = memref.load %L[%j] : memref<4xf32>
      %v = arith.addf %x, %l : f32
      memref.store %v, %U[%i] : memref<4xf32>
    }
    scf.yield %U : memref<4xf32>
  }
  default {
    scf.yield %X : memref<4xf32>
  }
  // X reversed + 4000, made in an scf.execute_region.
  %e = scf.execute_region -> memref<4xf32> {
    %E = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %v = arith.addf %x, %k4 : f32
      memref.store %v, %E[%i] : memref<4xf32>
    }
    scf.yield %E : memref<4xf32>
  }
  // sel >= 1 ? X reversed * 2 : the switch result, with affine.if.
  %a = affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%sel) -> memref<4xf32> {
    %A = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.subi %c3, %i : index
      %x = memref.load %X[%j] : memref<4xf32>
      %v = arith.addf %x, %x : f32
      memref.store %v, %A[%i] : memref<4xf32>
    }
    affine.yield %A : memref<4xf32>
  } else {
    affine.yield %s : memref<4xf32>
  }
  %B = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k6 : f32
    memref.store %v, %B[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.subi %c3, %i : index
    %b = memref.load %B[%i] : memref<4xf32>
    %sv = memref.load %s[%j] : memref<4xf32>
    %v0 = arith.addf %sv, %b : f32
    memref.store %v0, %out[%c0, %i] : memref<3x4xf32>
    %ev = memref.load %e[%j] : memref<4xf32>
    %b2 = arith.addf %b, %b : f32
    %v1 = arith.addf %ev, %b2 : f32
    memref.store %v1, %out[%c1, %i] : memref<3x4xf32>
    %av = memref.load %a[%j] : memref<4xf32>
    %v2 = arith.subf %av, %b : f32
    memref.store %v2, %out[%c2, %i] : memref<3x4xf32>
  }
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %o1 = memref.alloc() : memref<3x4xf32>
  %u1 = memref.cast %o1 : memref<3x4xf32> to memref<*xf32>
  call @branch_buffers(%true, %o1) : (i1, memref<3x4xf32>) -> ()
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  call @branch_buffers(%false, %o1) : (i1, memref<3x4xf32>) -> ()
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  memref.dealloc %o1 : memref<3x4xf32>

  %o2 = memref.alloc() : memref<2x4xf32>
  %u2 = memref.cast %o2 : memref<2x4xf32> to memref<*xf32>
  call @yield_outer(%true, %o2) : (i1, memref<2x4xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  call @yield_outer(%false, %o2) : (i1, memref<2x4xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()

  call @nested_if(%true, %true, %o2) : (i1, i1, memref<2x4xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  call @nested_if(%true, %false, %o2) : (i1, i1, memref<2x4xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  call @nested_if(%false, %false, %o2) : (i1, i1, memref<2x4xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  memref.dealloc %o2 : memref<2x4xf32>

  %o3 = memref.alloc() : memref<3x4xf32>
  %u3 = memref.cast %o3 : memref<3x4xf32> to memref<*xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  call @other_branch_ops(%c0, %o3) : (index, memref<3x4xf32>) -> ()
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  call @other_branch_ops(%c1, %o3) : (index, memref<3x4xf32>) -> ()
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  call @other_branch_ops(%c2, %o3) : (index, memref<3x4xf32>) -> ()
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  memref.dealloc %o3 : memref<3x4xf32>
  return
}
