//===- PlanningDriver.h - What every planning pass does alike ---*- C++ -*-===//
//
// The offsets and shared-objects passes differ only in how they place the
// buffers of one memory space. Finding the buffers, grouping them, remarks,
// summaries and option handling are here.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_PLANNINGDRIVER_H
#define MEMPLAN_TRANSFORMS_PLANNINGDRIVER_H

#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Planner/Problem.h"
#include "memplan/Transforms/PlanFigures.h"
#include "memplan/Transforms/PlanReport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <string>

namespace memplan {

struct PlanningSettings {
  /// The pass's command-line name, e.g. "memplan-offsets".
  llvm::StringRef passArgument;
  llvm::StringRef strategy;
  /// What the pass allocates, for summaries: "slab" or "object".
  llvm::StringRef unit;
  uint64_t alignment = 1;
  bool remarks = false;
  bool summary = false;
  /// Where to record every function and buffer, when a report is asked for.
  PlanReport *report = nullptr;
};

/// Places and rewrites the planned buffers of one memory space of a function,
/// adding to `figures` what it allocated. `problem[i]` is `buffers[i]` as the
/// planner core sees it.
using SpacePlanner = llvm::function_ref<mlir::LogicalResult(
    mlir::FunctionOpInterface func, mlir::Attribute memorySpace,
    llvm::ArrayRef<const FunctionBuffer *> buffers,
    llvm::ArrayRef<Buffer> problem, PlanFigures &figures)>;

/// Analyses every function of `module`, then plans each memory space of each
/// function with `planSpace`. Buffers left alone are counted and, if asked,
/// remarked; each function gets a summary remark if asked. Returns the figures
/// of the whole module, or failure if any function could not be planned.
/// `commit`, if given, runs once every function has been planned, and only
/// then, while the analysis `planSpace` was given is still alive. With
/// `filter`, only the functions it accepts are analysed and planned.
mlir::FailureOr<PlanFigures>
planModule(mlir::ModuleOp module, const PlanningSettings &settings,
           SpacePlanner planSpace, llvm::function_ref<void()> commit = {},
           llvm::function_ref<bool(mlir::FunctionOpInterface)> filter = {});

/// Reads `--pass=NAME` as `strategy=NAME` and rejects option names not in
/// `validOptions`, listing them. Returns the options for MLIR's parser.
mlir::FailureOr<std::string> normalizePlanningOptions(
    llvm::StringRef options, llvm::StringRef passArgument,
    llvm::ArrayRef<llvm::StringRef> validOptions,
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler);

/// Emits "PASS: WHAT: ERROR" on `func` and returns failure.
mlir::LogicalResult emitPlanningError(mlir::FunctionOpInterface func,
                                      llvm::StringRef passArgument,
                                      const llvm::Twine &what,
                                      llvm::Error error);

/// "a, b, c".
std::string joinNames(llvm::ArrayRef<llvm::StringRef> names);

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANNINGDRIVER_H
