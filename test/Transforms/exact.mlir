// The exact strategy proves its slab optimal even when the optimum is above
// the largest live size: here 96 bytes where 80 are live at most. Seven
// buffers live on [0,1) A, [0,3) B, [2,5) C, [2,4) D, [3,5) E, [4,6) F and
// [5,6) G, each group of stores below being one step of time. A buffer is
// live from its first store (a fresh buffer holds nothing before), so each
// step stores every buffer live in it twice over: all of a step's buffers
// overlap, and none of one that ends with another that starts.

// RUN: memplan-opt %s --memplan-offsets="strategy=exact summary=true" 2>&1 | FileCheck %s
// RUN: memplan-opt %s --memplan-offsets="summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEST
// RUN: memplan-opt %s --memplan-offsets="strategy=exact time-limit=0" -o /dev/null

// CHECK: remark: memplan-offsets: @above_live: planned 7 of 7 buffers (0 left alone) into a 96-byte slab using exact; naive 224 bytes, lower bound 80 bytes (optimal (proven), {{[0-9]+}} nodes)
// CHECK-LABEL: func.func @above_live
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// CHECK-NOT: memref.alloc

// best runs exact last from the smallest heuristic plan and says so.
// BEST: into a 96-byte slab using best; {{.*}}exact 96 (proven optimal)

func.func @above_live() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i8
  // Step 0.
  %a = memref.alloc() : memref<48xi8>
  %b = memref.alloc() : memref<32xi8>
  memref.store %v, %a[%c0] : memref<48xi8>
  memref.store %v, %b[%c0] : memref<32xi8>
  memref.store %v, %a[%c0] : memref<48xi8>
  memref.store %v, %b[%c0] : memref<32xi8>
  // Step 1.
  memref.store %v, %b[%c0] : memref<32xi8>
  memref.store %v, %b[%c0] : memref<32xi8>
  // Step 2.
  %c = memref.alloc() : memref<16xi8>
  %d = memref.alloc() : memref<32xi8>
  memref.store %v, %b[%c0] : memref<32xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %d[%c0] : memref<32xi8>
  memref.store %v, %b[%c0] : memref<32xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %d[%c0] : memref<32xi8>
  // Step 3.
  %e = memref.alloc() : memref<16xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %d[%c0] : memref<32xi8>
  memref.store %v, %e[%c0] : memref<16xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %d[%c0] : memref<32xi8>
  memref.store %v, %e[%c0] : memref<16xi8>
  // Step 4.
  %f = memref.alloc() : memref<48xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %e[%c0] : memref<16xi8>
  memref.store %v, %f[%c0] : memref<48xi8>
  memref.store %v, %c[%c0] : memref<16xi8>
  memref.store %v, %e[%c0] : memref<16xi8>
  memref.store %v, %f[%c0] : memref<48xi8>
  // Step 5.
  %g = memref.alloc() : memref<32xi8>
  memref.store %v, %f[%c0] : memref<48xi8>
  memref.store %v, %g[%c0] : memref<32xi8>
  memref.store %v, %f[%c0] : memref<48xi8>
  memref.store %v, %g[%c0] : memref<32xi8>
  return
}
