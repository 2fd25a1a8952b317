//===- ViewedMemRef.h - The memref a view reads through ---------*- C++ -*-===//
//
// One small helper that several analyses need, in a header of its own so
// that they need not include each other for it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_VIEWEDMEMREF_H
#define MEMPLAN_ANALYSIS_VIEWEDMEMREF_H

#include "mlir/IR/Value.h"

namespace memplan {

/// The memref `value` views: `value` followed back through view-like ops
/// (subviews, casts, reshapes, memref.view) to the first value no such op
/// defines.
mlir::Value getViewedMemRef(mlir::Value value);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_VIEWEDMEMREF_H
