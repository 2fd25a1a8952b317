//===- RegionSemantics.h - When a region op's body runs ---------*- C++ -*-===//

#ifndef MEMPLAN_ANALYSIS_REGIONSEMANTICS_H
#define MEMPLAN_ANALYSIS_REGIONSEMANTICS_H

#include "mlir/IR/Operation.h"

namespace memplan {

/// Whether the regions of `op` may still run after `op` itself has returned,
/// so that program order says nothing about when their uses happen. No
/// interface tells this: `async.execute` implements RegionBranchOpInterface
/// like a synchronous op, so the async dialect is recognised by name.
bool mayRunAfterReturning(mlir::Operation *op);

/// The outermost op between `op` and `func` (exclusive) whose regions may run
/// after it returns, or null.
mlir::Operation *getEnclosingAsynchronousOp(mlir::Operation *op,
                                            mlir::Operation *func);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_REGIONSEMANTICS_H
