// Construct 38: addresses taken with memref.extract_aligned_pointer_as_index.
// An address that is only compared (as the lowering of bufferization.dealloc
// does) lets the buffer be planned, but the buffer must then be live where
// the address is compared: @compare compares the addresses of %a and %b
// after their last uses, and they must still differ (0). An address stored
// into a buffer that is itself stored as a value (@boxed), or stored through
// a view of a buffer that is loaded directly (@through_view), reaches code
// that reads the buffer through llvm.load: those buffers are left alone, and
// each must read 1 after %b was filled with 2. Every strategy and slab
// placement must print 0, 1, 2, 1, 2; before, 51 of 58 copies differed for
// each.
//
// RUN: %python %memplan_src_root/fuzz/differential.py --program %s --all-slabs \
// RUN:   --failures %t.failures \
// RUN:   --memplan-bin %memplan_tools_dir --llvm-bin %llvm_tools_dir | FileCheck %s
// CHECK: 1 seeds, {{[1-9][0-9]*}} planned copies checked, 0 differences, 0 broken programs

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func private @fill(%m: memref<16xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<16xf32>)
  return
}

func.func private @read_through(%address: index) -> f32 {
  %i = arith.index_cast %address : index to i64
  %c20 = arith.constant 20 : i64
  %q = arith.addi %i, %c20 : i64
  %ptr = llvm.inttoptr %q : i64 to !llvm.ptr
  %x = llvm.load %ptr : !llvm.ptr -> f32
  return %x : f32
}

func.func private @compare() -> i64 {
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %f1, %a[%c0] : memref<16xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %b = memref.alloc() : memref<16xf32>
  memref.store %f1, %b[%c0] : memref<16xf32>
  %pb = memref.extract_aligned_pointer_as_index %b : memref<16xf32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  %r = arith.extui %same : i1 to i64
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %r : i64
}

func.func private @boxed() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  call @fill(%a, %f1) : (memref<16xf32>, f32) -> ()
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %holder = memref.alloca() : memref<1xindex>
  memref.store %p, %holder[%c0] : memref<1xindex>
  %box = memref.alloca() : memref<1xmemref<1xindex>>
  memref.store %holder, %box[%c0] : memref<1xmemref<1xindex>>
  %b = memref.alloc() : memref<16xf32>
  call @fill(%b, %f2) : (memref<16xf32>, f32) -> ()
  %unboxed = memref.load %box[%c0] : memref<1xmemref<1xindex>>
  %p2 = memref.load %unboxed[%c0] : memref<1xindex>
  %x = call @read_through(%p2) : (index) -> f32
  %y = memref.load %b[%c5] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %x, %y : f32, f32
}

func.func private @through_view() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  call @fill(%a, %f1) : (memref<16xf32>, f32) -> ()
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %holder = memref.alloca() : memref<1xindex>
  %cast = memref.cast %holder : memref<1xindex> to memref<?xindex>
  memref.store %p, %cast[%c0] : memref<?xindex>
  %b = memref.alloc() : memref<16xf32>
  call @fill(%b, %f2) : (memref<16xf32>, f32) -> ()
  %p2 = memref.load %holder[%c0] : memref<1xindex>
  %x = call @read_through(%p2) : (index) -> f32
  %y = memref.load %b[%c5] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %x, %y : f32, f32
}

func.func @main() {
  %same = call @compare() : () -> i64
  call @printI64(%same) : (i64) -> ()
  call @printNewline() : () -> ()
  %x1, %y1 = call @boxed() : () -> (f32, f32)
  call @printF32(%x1) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%y1) : (f32) -> ()
  call @printNewline() : () -> ()
  %x2, %y2 = call @through_view() : () -> (f32, f32)
  call @printF32(%x2) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%y2) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
