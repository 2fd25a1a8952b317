//===- RegionSemantics.h - When a region op's body runs ---------*- C++ -*-===//

#ifndef MEMPLAN_ANALYSIS_REGIONSEMANTICS_H
#define MEMPLAN_ANALYSIS_REGIONSEMANTICS_H

#include "mlir/IR/Operation.h"

namespace memplan {

/// Whether the regions of `op` may still run after `op` itself has returned,
/// so that program order says nothing about when their uses happen: async
/// and OpenACC region ops, OpenMP tasks, task loops and target regions,
/// unregistered ops, and the ops of dialects MLIR does not ship (a
/// compiler's own, or defined in IRDL) unless they describe their control
/// flow with RegionBranchOpInterface. The other ops of MLIR's dialects run
/// their regions before they return.
/// No interface tells this: `async.execute` and `acc.parallel` implement
/// RegionBranchOpInterface like synchronous ops, so they are recognised by
/// name.
bool mayRunAfterReturning(mlir::Operation *op);

/// The outermost op between `op` and `func` (exclusive) whose regions may run
/// after it returns, or null.
mlir::Operation *getEnclosingAsynchronousOp(mlir::Operation *op,
                                            mlir::Operation *func);

/// Whether the regions of `op` may run several times at once, on other
/// threads or work-items, or concurrently with the code after `op`: parallel
/// loops (isParallelLoop), OpenMP, GPU and async
/// ops, and every other region op whose control flow no interface describes
/// (affine.parallel, say). Functions, modules and ops whose control flow
/// RegionBranchOpInterface gives (scf.for, scf.if, ...) do not, GPU
/// functions excepted: every work-item runs their bodies.
bool mayRunRegionsConcurrently(mlir::Operation *op);

/// Whether `op` is a parallel loop whose iterations may run at once, each
/// on a slab of its own: the ops with HasParallelRegion (scf.forall,
/// scf.parallel) and affine.parallel, which lacks the trait.
bool isParallelLoop(mlir::Operation *op);

/// Whether `op` is a call whose callee goes on concurrently with the code
/// after it once it suspends: async.call.
bool startsConcurrentCall(mlir::Operation *op);

/// The innermost op enclosing `op` (exclusive), below `root` (exclusive),
/// whose regions may run concurrently, or null.
mlir::Operation *getEnclosingConcurrentOp(mlir::Operation *op,
                                          mlir::Operation *root);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_REGIONSEMANTICS_H
