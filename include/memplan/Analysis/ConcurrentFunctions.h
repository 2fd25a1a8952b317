//===- ConcurrentFunctions.h - Functions that may run at once ---*- C++ -*-===//
//
// A function called from a parallel loop, an OpenMP region, async work or a
// GPU kernel may be running on several threads at once, so it must not keep
// its buffers in memory that every call shares (a global slab). This finds
// such functions through the module's calls, with the chain of callers that
// makes each one concurrent, for the remark that explains it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_CONCURRENTFUNCTIONS_H
#define MEMPLAN_ANALYSIS_CONCURRENTFUNCTIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace memplan {

/// The functions of a module that may be active on several threads or
/// work-items at once: those called, directly or through other functions of
/// the module, from a region that may run concurrently
/// (mayRunRegionsConcurrently), and every function whose address is taken
/// when such code calls through a pointer, or when the module calls a
/// function without a body, which may run what it is handed on threads of
/// its own. Functions called by name from outside the module are assumed to
/// be called by one thread at a time: that is the caller's promise.
class ConcurrentFunctions {
public:
  explicit ConcurrentFunctions(mlir::ModuleOp module);

  /// Why `func` may run concurrently, for a remark ("it is called from
  /// inside 'scf.forall' in @main"), or nothing if it may not.
  std::optional<std::string> whyConcurrent(mlir::Operation *func) const;

private:
  /// How a function was first found to be concurrent: from a call inside
  /// `concurrentOp`, or from a call in `caller`, itself concurrent; with
  /// `callBack`, as a function whose address is taken, by the call to a
  /// function without a body that `concurrentOp` is.
  struct Reach {
    mlir::Operation *concurrentOp = nullptr;
    mlir::Operation *caller = nullptr;
    bool throughPointer = false;
    bool callBack = false;
  };
  llvm::DenseMap<mlir::Operation *, Reach> reached;
};

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_CONCURRENTFUNCTIONS_H
