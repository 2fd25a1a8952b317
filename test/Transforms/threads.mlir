// Planning runs the spaces of a module in parallel (mlir::parallelFor), and
// the search time of `best` is shared among the spaces by their number of
// buffers, not by what the threads did: the output is the same with and
// without threads. Three functions each hold exact.mlir's problem, whose
// optimum is above the largest live size, so every strategy of best runs in
// each and exact proves the optimum (the sizes scaled by 1, 2 and 3).

// RUN: memplan-opt %s --mlir-disable-threading --memplan-offsets="summary=true" -o %t.one.mlir 2>&1 | sed -e 's/; [0-9.]* ms)/)/' > %t.one
// RUN: memplan-opt %s --memplan-offsets="summary=true parallel-min-buffers=0" -o %t.many.mlir 2>&1 | sed -e 's/; [0-9.]* ms)/)/' > %t.many
// RUN: diff %t.one %t.many
// RUN: diff %t.one.mlir %t.many.mlir
// RUN: FileCheck %s --check-prefix=SUM < %t.many
// RUN: FileCheck %s < %t.many.mlir

// The time limit is the pass's, from its start: a limit of a nanosecond has
// passed before the first function is planned, so in every function best
// keeps the first strategy's plan and starts no other, and says so.
// RUN: memplan-opt %s --memplan-offsets="summary=true time-limit=1e-9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT

// SUM: @first: planned 7 of 7 buffers (0 left alone) into a 96-byte slab using best; naive 224 bytes, lower bound 80 bytes (best: greedy-size won (96); {{.*}}, hill-climb 96, exact 96 (proven optimal)); proven optimal
// SUM: @second: planned 7 of 7 buffers (0 left alone) into a 192-byte slab using best; naive 448 bytes, lower bound 160 bytes (best: greedy-size won (192); {{.*}}, exact 192 (proven optimal)); proven optimal
// SUM: @third: planned 7 of 7 buffers (0 left alone) into a 288-byte slab using best; naive 672 bytes, lower bound 240 bytes (best: greedy-size won (288); {{.*}}, exact 288 (proven optimal)); proven optimal
// LIMIT: @first: planned 7 of 7 buffers (0 left alone) into a 224-byte slab using best; naive 224 bytes, lower bound 80 bytes (best: naive won (224); naive 224; out of time, so greedy-size, {{.*}}, exact did not run; {{[0-9.]+}} ms); proven within 144 bytes (64.29%) of optimal
// LIMIT: @second: {{.*}} into a 448-byte slab using best; {{.*}}; out of time, so {{.*}}); proven within 288 bytes (64.29%) of optimal
// LIMIT: @third: {{.*}} into a 672-byte slab using best; {{.*}}; out of time, so {{.*}}); proven within 432 bytes (64.29%) of optimal

// CHECK-LABEL: func.func @first
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// CHECK-LABEL: func.func @second
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<192xi8>
// CHECK-LABEL: func.func @third
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<288xi8>

func.func @first() {
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

func.func @second() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i8
  // Step 0.
  %a = memref.alloc() : memref<96xi8>
  %b = memref.alloc() : memref<64xi8>
  memref.store %v, %a[%c0] : memref<96xi8>
  memref.store %v, %b[%c0] : memref<64xi8>
  memref.store %v, %a[%c0] : memref<96xi8>
  memref.store %v, %b[%c0] : memref<64xi8>
  // Step 1.
  memref.store %v, %b[%c0] : memref<64xi8>
  memref.store %v, %b[%c0] : memref<64xi8>
  // Step 2.
  %c = memref.alloc() : memref<32xi8>
  %d = memref.alloc() : memref<64xi8>
  memref.store %v, %b[%c0] : memref<64xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %d[%c0] : memref<64xi8>
  memref.store %v, %b[%c0] : memref<64xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %d[%c0] : memref<64xi8>
  // Step 3.
  %e = memref.alloc() : memref<32xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %d[%c0] : memref<64xi8>
  memref.store %v, %e[%c0] : memref<32xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %d[%c0] : memref<64xi8>
  memref.store %v, %e[%c0] : memref<32xi8>
  // Step 4.
  %f = memref.alloc() : memref<96xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %e[%c0] : memref<32xi8>
  memref.store %v, %f[%c0] : memref<96xi8>
  memref.store %v, %c[%c0] : memref<32xi8>
  memref.store %v, %e[%c0] : memref<32xi8>
  memref.store %v, %f[%c0] : memref<96xi8>
  // Step 5.
  %g = memref.alloc() : memref<64xi8>
  memref.store %v, %f[%c0] : memref<96xi8>
  memref.store %v, %g[%c0] : memref<64xi8>
  memref.store %v, %f[%c0] : memref<96xi8>
  memref.store %v, %g[%c0] : memref<64xi8>
  return
}

func.func @third() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i8
  // Step 0.
  %a = memref.alloc() : memref<144xi8>
  %b = memref.alloc() : memref<96xi8>
  memref.store %v, %a[%c0] : memref<144xi8>
  memref.store %v, %b[%c0] : memref<96xi8>
  memref.store %v, %a[%c0] : memref<144xi8>
  memref.store %v, %b[%c0] : memref<96xi8>
  // Step 1.
  memref.store %v, %b[%c0] : memref<96xi8>
  memref.store %v, %b[%c0] : memref<96xi8>
  // Step 2.
  %c = memref.alloc() : memref<48xi8>
  %d = memref.alloc() : memref<96xi8>
  memref.store %v, %b[%c0] : memref<96xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %d[%c0] : memref<96xi8>
  memref.store %v, %b[%c0] : memref<96xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %d[%c0] : memref<96xi8>
  // Step 3.
  %e = memref.alloc() : memref<48xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %d[%c0] : memref<96xi8>
  memref.store %v, %e[%c0] : memref<48xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %d[%c0] : memref<96xi8>
  memref.store %v, %e[%c0] : memref<48xi8>
  // Step 4.
  %f = memref.alloc() : memref<144xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %e[%c0] : memref<48xi8>
  memref.store %v, %f[%c0] : memref<144xi8>
  memref.store %v, %c[%c0] : memref<48xi8>
  memref.store %v, %e[%c0] : memref<48xi8>
  memref.store %v, %f[%c0] : memref<144xi8>
  // Step 5.
  %g = memref.alloc() : memref<96xi8>
  memref.store %v, %f[%c0] : memref<144xi8>
  memref.store %v, %g[%c0] : memref<96xi8>
  memref.store %v, %f[%c0] : memref<144xi8>
  memref.store %v, %g[%c0] : memref<96xi8>
  return
}
