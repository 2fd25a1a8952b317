// A program planned by the plugin in the stock mlir-opt, lowered to LLVM and
// run, prints what the unplanned program prints (as the tests in test/e2e do
// with memplan-opt).

// RUN: %system_mlir_opt %s %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.unplanned
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s | %system_mlir_opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.greedy-size
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets)" %s | %system_mlir_opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.best
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-shared-objects{greedy-size})" %s | %system_mlir_opt %lower_to_llvm | %run_main | sed -e 's/base@ = 0x[0-9a-f]*/base@/' > %t.objects
// RUN: diff %t.unplanned %t.greedy-size
// RUN: diff %t.unplanned %t.best
// RUN: diff %t.unplanned %t.objects
// RUN: FileCheck %s --check-prefix=OUT < %t.unplanned

// The planned program really shares bytes: five buffers of 32, 32, 32, 32
// and 64 bytes (192 in all) fit a 96-byte slab, no more than are live at once.
// RUN: %system_mlir_opt --load-pass-plugin=%memplan_plugin -p "builtin.module(memplan-offsets{greedy-size})" %s | FileCheck %s
// CHECK-LABEL: func.func @compute
// CHECK: %[[SLAB:.*]] = memref.alloc() {alignment = 16 : i64} : memref<96xi8>
// CHECK-COUNT-5: memref.view %[[SLAB]][
// CHECK-NOT: memref.alloc()
// CHECK: memref.dealloc %[[SLAB]]
// CHECK-NEXT: return

// out[i] = D[i] + E[i] + E[i + 8] = (714.5 - i) + (1008 + 2i) = 1722.5 + i.
// OUT: data =
// OUT-NEXT: [1722.5,  1723.5,  1724.5,  1725.5,  1726.5,  1727.5,  1728.5,  1729.5]

func.func private @printMemrefF32(memref<*xf32>)

// A = 100 + i; B = A reversed + 0.5, after which A is dead; C = 300 + i takes
// A's bytes; D = B reversed + 2 * C reversed is allocated while B and C are
// live; E (16 x f32) = 500 + i takes the bytes of B and C, dead by then.
// Each loop that reads one buffer reversed while writing another would read
// values it had overwritten if the two shared bytes.
func.func @compute(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %k100 = arith.constant 100.0 : f32
  %k300 = arith.constant 300.0 : f32
  %k500 = arith.constant 500.0 : f32
  %half = arith.constant 0.5 : f32

  %A = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k100 : f32
    memref.store %v, %A[%i] : memref<8xf32>
  }
  %B = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %a = memref.load %A[%j] : memref<8xf32>
    %v = arith.addf %a, %half : f32
    memref.store %v, %B[%i] : memref<8xf32>
  }
  memref.dealloc %A : memref<8xf32>
  %C = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k300 : f32
    memref.store %v, %C[%i] : memref<8xf32>
  }
  %D = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.subi %c7, %i : index
    %b = memref.load %B[%j] : memref<8xf32>
    %c = memref.load %C[%j] : memref<8xf32>
    %c2 = arith.addf %c, %c : f32
    %v = arith.addf %b, %c2 : f32
    memref.store %v, %D[%i] : memref<8xf32>
  }
  memref.dealloc %B : memref<8xf32>
  memref.dealloc %C : memref<8xf32>
  %E = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %k500 : f32
    memref.store %v, %E[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.addi %i, %c8 : index
    %d = memref.load %D[%i] : memref<8xf32>
    %e0 = memref.load %E[%i] : memref<16xf32>
    %e1 = memref.load %E[%j] : memref<16xf32>
    %e = arith.addf %e0, %e1 : f32
    %v = arith.addf %d, %e : f32
    memref.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %D : memref<8xf32>
  memref.dealloc %E : memref<16xf32>
  return
}

func.func @main() {
  %out = memref.alloc() : memref<8xf32>
  call @compute(%out) : (memref<8xf32>) -> ()
  %u = memref.cast %out : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}
