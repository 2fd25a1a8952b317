// Construct 41: split-lives with views chained across three lives of one
// buffer. %hi (its upper half) is made before the first overwrite; %hc (a
// cast of %hi) and %hs (a subview of %hi) are made in the second life and
// used again in the third, so each later life makes them again from its own
// view. Before, the second life's rewrite had already pointed %hc and %hs at
// its copy of %hi, and the third life took that copy for the allocation:
// its %hc viewed the whole buffer (printed 2222 for 22) and its %hs failed
// the verifier (offset 3 computed from the whole buffer again).
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%m: memref<?xi64, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64, strided<[1], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi64, strided<[1], offset: ?>>
    func.call @printI64(%v) : (i64) -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %k4 = arith.constant 4 : i64
  %buf = memref.alloc() : memref<4xi64>
  %hi = memref.subview %buf[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  linalg.fill ins(%k1 : i64) outs(%buf : memref<4xi64>)
  %hc = memref.cast %hi : memref<2xi64, strided<[1], offset: 2>> to memref<?xi64, strided<[1], offset: ?>>
  %hs = memref.subview %hi[1] [1] [1] : memref<2xi64, strided<[1], offset: 2>> to memref<1xi64, strided<[1], offset: 3>>
  %hsc = memref.cast %hs : memref<1xi64, strided<[1], offset: 3>> to memref<?xi64, strided<[1], offset: ?>>
  func.call @show(%hc) : (memref<?xi64, strided<[1], offset: ?>>) -> ()
  func.call @show(%hsc) : (memref<?xi64, strided<[1], offset: ?>>) -> ()
  %tmp = memref.alloc() : memref<4xi64>
  linalg.fill ins(%k3 : i64) outs(%tmp : memref<4xi64>)
  %tc = memref.cast %tmp : memref<4xi64> to memref<?xi64, strided<[1], offset: ?>>
  linalg.fill ins(%k2 : i64) outs(%buf : memref<4xi64>)
  %c3 = arith.constant 3 : index
  memref.store %k4, %buf[%c3] : memref<4xi64>
  func.call @show(%tc) : (memref<?xi64, strided<[1], offset: ?>>) -> ()
  func.call @show(%hc) : (memref<?xi64, strided<[1], offset: ?>>) -> ()
  func.call @show(%hsc) : (memref<?xi64, strided<[1], offset: ?>>) -> ()
  memref.dealloc %tmp : memref<4xi64>
  memref.dealloc %buf : memref<4xi64>
  return
}
