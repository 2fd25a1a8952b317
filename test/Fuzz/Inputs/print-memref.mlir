// A program that prints whole buffers with printMemrefF32, which prints
// where their data lies too.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  %ub = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %c = memref.alloc() : memref<4xf32>
  linalg.fill ins(%three : f32) outs(%c : memref<4xf32>)
  linalg.mul ins(%b, %c : memref<4xf32>, memref<4xf32>) outs(%c : memref<4xf32>)
  %uc = memref.cast %c : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
