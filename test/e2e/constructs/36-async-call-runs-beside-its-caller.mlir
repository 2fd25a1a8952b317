// Construct 36: async.call returns when its callee first suspends, and the
// callee goes on beside its caller and beside the other calls of it. @work
// writes its id into %own, waits on %gate, then reads %own and the buffer
// its caller passed; both calls are suspended on the gate at once, so
// under slab=global one slab for @work would be one %own for both, and the
// buffers the caller passed are read after the calls returned, while the
// caller fills %later. Every strategy and slab placement must print 11,
// 22, 5, 6 and 99.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs
//
// RUN: memplan-opt %s --memplan-offsets="strategy=greedy-size slab=global remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: memplan-offsets: slab=global: allocating the slabs of this function instead, because it may run on several threads at once: it is called by 'async.call' in @main

func.func private @printI64(i64)
func.func private @printNewline()

async.func @work(%gate: !async.token, %id: i64, %passed: memref<5xi64>,
                 %out: memref<5xi64>, %slot: index) -> !async.token {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %own = memref.alloc() : memref<5xi64>
  memref.store %id, %own[%c0] : memref<5xi64>
  async.await %gate : !async.token
  %v = memref.load %own[%c0] : memref<5xi64>
  memref.store %v, %out[%slot] : memref<5xi64>
  %p = memref.load %passed[%c0] : memref<5xi64>
  %at = arith.addi %slot, %c2 : index
  memref.store %p, %out[%at] : memref<5xi64>
  memref.dealloc %own : memref<5xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %i11 = arith.constant 11 : i64
  %i22 = arith.constant 22 : i64
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  %i99 = arith.constant 99 : i64
  %out = memref.alloc() : memref<5xi64>
  %first = memref.alloc() : memref<5xi64>
  memref.store %i5, %first[%c0] : memref<5xi64>
  %second = memref.alloc() : memref<5xi64>
  memref.store %i6, %second[%c0] : memref<5xi64>
  %gate = async.runtime.create : !async.token
  %t1 = async.call @work(%gate, %i11, %first, %out, %c0) : (!async.token, i64, memref<5xi64>, memref<5xi64>, index) -> !async.token
  %t2 = async.call @work(%gate, %i22, %second, %out, %c1) : (!async.token, i64, memref<5xi64>, memref<5xi64>, index) -> !async.token
  // Written while both calls wait on the gate: it must not take the bytes
  // of %first or %second, which they read after it.
  %later = memref.alloc() : memref<5xi64>
  linalg.fill ins(%i99 : i64) outs(%later : memref<5xi64>)
  %l = memref.load %later[%c3] : memref<5xi64>
  memref.store %l, %out[%c4] : memref<5xi64>
  async.runtime.set_available %gate : !async.token
  async.await %t1 : !async.token
  async.await %t2 : !async.token
  scf.for %i = %c0 to %c5 step %c1 {
    %v = memref.load %out[%i] : memref<5xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %out : memref<5xi64>
  memref.dealloc %first : memref<5xi64>
  memref.dealloc %second : memref<5xi64>
  memref.dealloc %later : memref<5xi64>
  return
}
