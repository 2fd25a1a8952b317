// An omp.task may run after the ops that follow it, as late as the next
// omp.taskwait: @work's task reads %a after (it waits for %flag) the
// encountering thread has filled %b. Uses inside a task are not in program
// order, so %a is left alone, and %b keeps its own bytes. Every strategy
// and slab placement, on four OpenMP threads, three runs each, must print
// 11 and 22; before, %a and %b shared bytes and 22 was printed twice.
// (The task's wait is bounded: should the runtime run the task at once,
// it still prints 11 and 22.)
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --threads 4 --repeat 3 --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: memplan-offsets: left alone: used inside 'omp.task', which may run after it returns
// REMARK-NEXT: %a = memref.alloc() : memref<2xi64>

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @work(%flag: memref<1xi64>, %out: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : i64
  %c22 = arith.constant 22 : i64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %limit = arith.constant 200000000 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %c11, %a[%c0] : memref<2xi64>
  omp.task {
    %r = scf.while (%n = %zero) : (i64) -> i64 {
      %f = memref.atomic_rmw addi %zero, %flag[%c0] : (i64, memref<1xi64>) -> i64
      %notyet = arith.cmpi eq, %f, %zero : i64
      %more = arith.cmpi slt, %n, %limit : i64
      %go = arith.andi %notyet, %more : i1
      scf.condition(%go) %n : i64
    } do {
    ^bb0(%m: i64):
      %m1 = arith.addi %m, %one : i64
      scf.yield %m1 : i64
    }
    %v = memref.load %a[%c0] : memref<2xi64>
    memref.store %v, %out[%c0] : memref<2xi64>
    omp.terminator
  }
  %b = memref.alloc() : memref<2xi64>
  memref.store %c22, %b[%c0] : memref<2xi64>
  %bv = memref.load %b[%c0] : memref<2xi64>
  memref.store %bv, %out[%c1] : memref<2xi64>
  %old = memref.atomic_rmw assign %one, %flag[%c0] : (i64, memref<1xi64>) -> i64
  omp.taskwait
  memref.dealloc %a : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %flag = memref.alloc() : memref<1xi64>
  %out = memref.alloc() : memref<2xi64>
  memref.store %zero, %flag[%c0] : memref<1xi64>
  omp.parallel {
    omp.single {
      func.call @work(%flag, %out) : (memref<1xi64>, memref<2xi64>) -> ()
      omp.terminator
    }
    omp.terminator
  }
  %v0 = memref.load %out[%c0] : memref<2xi64>
  %v1 = memref.load %out[%c1] : memref<2xi64>
  func.call @printI64(%v0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%v1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %flag : memref<1xi64>
  memref.dealloc %out : memref<2xi64>
  return
}
