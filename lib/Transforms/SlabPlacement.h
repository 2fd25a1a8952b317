//===- SlabPlacement.h - Where slabs live, how large ------------*- C++ -*-===//
//
// The `slab` option of the planning passes: which functions may have their
// slabs as globals or arguments, and in which order to plan for arguments.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_SLABPLACEMENT_H
#define MEMPLAN_LIB_TRANSFORMS_SLABPLACEMENT_H

#include "memplan/Analysis/ConcurrentFunctions.h"
#include "memplan/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// Decides, function by function, where the slabs of one pass run live: as
/// asked, or in a memref.alloc (with a remark, once per function) where a
/// function cannot have them so. Per-run state: made and dropped by the run.
class SlabPlacer {
public:
  SlabPlacer(mlir::ModuleOp module, SlabKind asked,
             llvm::StringRef passArgument);

  SlabKind getPlacement(mlir::FunctionOpInterface func);

private:
  mlir::ModuleOp module;
  SlabKind asked;
  std::string passArgument;
  llvm::DenseSet<mlir::Operation *> recursiveFunctions;
  /// Only for slab=global: a global slab is shared by every thread.
  std::optional<ConcurrentFunctions> concurrentFunctions;
  llvm::DenseSet<mlir::Operation *> remarked;
};

/// Why a slab of `kind` cannot have a size known only at run time, or ""
/// when it can (an alloc, or an arena its callers size).
std::string whyNoRunTimeSizedSlab(SlabKind kind);

/// Whether slabs of `kind` make callers' problems depend on their callees'
/// plans, so that functions are planned one at a time, callees first: a
/// caller passes its callees' slabs (slab=argument), whose sizes are known
/// only once the callees are planned.
bool plansCalleesFirst(SlabKind kind);

/// The functions of `module` that may be active twice at once: those on a
/// cycle of calls between functions whose bodies are in the module, where a
/// call whose callee is unknown (func.call_indirect) may call any function
/// whose symbol is used other than by a call. Calls to functions without a
/// visible body are assumed not to call back.
llvm::DenseSet<mlir::Operation *> findRecursiveFunctions(mlir::ModuleOp module);

/// The functions of `module` with bodies, callees before callers (the
/// functions of a cycle in any order).
std::vector<mlir::Operation *> findFunctionsCalleesFirst(mlir::ModuleOp module);

/// The unit attribute of a public function whose callers outside the module
/// pass its arenas (slab=argument), as the header's argument indices say.
constexpr llvm::StringLiteral kArenaArgumentsAttr = "memplan.arena_arguments";

/// Why `func` cannot take its slabs as arguments from its callers, or null
/// when it can: it must be a func.func whose every use in `module` is a
/// func.call, and private with a call, unless it has kArenaArgumentsAttr.
/// Other public functions may be called from outside, where nobody would
/// pass a slab; they allocate theirs.
const char *whyNoArenaArgument(mlir::FunctionOpInterface func,
                               mlir::ModuleOp module);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_SLABPLACEMENT_H
