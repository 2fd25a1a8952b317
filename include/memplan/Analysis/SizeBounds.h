//===- SizeBounds.h - Constant upper bounds of dynamic sizes ----*- C++ -*-===//
//
// A buffer of dynamic size is planned at a constant upper bound of each
// dynamic extent. Upstream's value bounds find most (an affine.min of a tile
// size, a loop bound, a tensor.dim of a static value), but know nothing of
// arith's min, max and select, which -lower-affine and -arith-expand make of
// an affine.min: those are taken apart here.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_SIZEBOUNDS_H
#define MEMPLAN_ANALYSIS_SIZEBOUNDS_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace memplan {

/// The least constant that `size`, an index, is proven never to exceed
/// (signed), or failure.
mlir::FailureOr<int64_t> computeSizeUpperBound(mlir::Value size);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_SIZEBOUNDS_H
