// A buffer pinned by memplan.offset, which apply= does not take.
func.func @pinned(%in: memref<16xf32>) {
  %a = memref.alloc() {memplan.offset = 64 : i64} : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
