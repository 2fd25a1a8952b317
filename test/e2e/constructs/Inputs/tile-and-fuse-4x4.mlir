// Transform script of construct 26: tiles the ops marked layer1 and layer2
// by 4x4 and fuses their producers into the tile loops.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %first = transform.structured.match ops{["linalg.generic"]} attributes{layer1} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %l1:2 = transform.structured.fuse %first tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %second = transform.structured.match ops{["linalg.generic"]} attributes{layer2} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %l2:2 = transform.structured.fuse %second tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
