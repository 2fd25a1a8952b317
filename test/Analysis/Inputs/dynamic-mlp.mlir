func.func @mlp(%x: tensor<?x30xf32>, %w1: tensor<30x64xf32>, %w2: tensor<64x10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x30xf32>
  %e1 = tensor.empty(%n) : tensor<?x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<?x30xf32>, tensor<30x64xf32>) outs(%f1 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %e2 = tensor.empty(%n) : tensor<?x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<?x64xf32>) outs(%e2 : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x64xf32>
  %e3 = tensor.empty(%n) : tensor<?x10xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x10xf32>) -> tensor<?x10xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<?x64xf32>, tensor<64x10xf32>) outs(%f3 : tensor<?x10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}
