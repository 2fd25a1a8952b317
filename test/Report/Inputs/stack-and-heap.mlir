// A function with an alloca (a stack slab, MEMPLAN_F_STACK_...) and an
// alloc: an arena named `stack` would take the stack slab's names.
func.func @f(%in: memref<16xf32>) {
  %a = memref.alloca() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
