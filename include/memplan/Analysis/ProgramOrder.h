//===- ProgramOrder.h - Numbers the ops of a function in order --*- C++ -*-===//
//
// Buffer lifetimes are intervals over these numbers. Ops are numbered in
// pre-order, so an op that holds regions spans every op nested in it: a use
// lifted to that op keeps a buffer live for the whole op, which is what loops
// need.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_PROGRAMORDER_H
#define MEMPLAN_ANALYSIS_PROGRAMORDER_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace memplan {

/// A closed range [first, last] of op numbers.
struct OrderSpan {
  uint64_t first = 0;
  uint64_t last = 0;
};

class ProgramOrder {
public:
  /// Numbers every op nested in `root` (not `root` itself).
  explicit ProgramOrder(mlir::Operation *root);

  /// The numbers covered by `op` and everything nested in it.
  OrderSpan getSpan(mlir::Operation *op) const;

private:
  uint64_t number(mlir::Operation *op, uint64_t next);

  llvm::DenseMap<mlir::Operation *, OrderSpan> opSpans;
};

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_PROGRAMORDER_H
