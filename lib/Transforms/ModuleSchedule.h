//===- ModuleSchedule.h - Reorder every block of a module -------*- C++ -*-===//
//
// What memplan-schedule does, and the planning passes with `schedule=`:
// each block of each function becomes one problem for the planner core's
// schedulers, and is reordered when the order found has a smaller peak of
// live plannable bytes.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_MODULESCHEDULE_H
#define MEMPLAN_LIB_TRANSFORMS_MODULESCHEDULE_H

#include "memplan/Planner/Schedule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace memplan {

/// What scheduling one function did. The peaks and the bound are those of
/// the function's own blocks (the largest over them); a nested block counts
/// within the op that holds it.
struct FunctionSchedule {
  mlir::FunctionOpInterface func;
  /// The function has buffers the planning passes would plan.
  bool hasBuffers = false;
  uint64_t peakBefore = 0;
  uint64_t peakAfter = 0;
  /// No order of the function's blocks has a smaller peak.
  uint64_t bound = 0;
  bool provenOptimal = true;
  /// Blocks with buffers, and of those the ones reordered.
  unsigned blocks = 0;
  unsigned reordered = 0;
  /// The strategy that reordered each block reordered.
  llvm::SmallVector<std::string> strategies;
  /// What `best` tried on the function's own blocks; the summary shows it
  /// for a function of one block.
  llvm::SmallVector<std::string> details;
};

/// Schedules every function of `module` with a body, but those in GPU code.
/// All are analysed before any changes. Buffers are aligned to at least
/// `minAlignment` where slabs are compared (ScheduleOptions::slabStrategy).
llvm::SmallVector<FunctionSchedule>
scheduleModule(mlir::ModuleOp module, const ScheduleOptions &options,
               uint64_t minAlignment);

/// The strategy whose slabs `best` compares: quick, and on the bundled
/// models at the lower bound of its order.
inline constexpr llvm::StringLiteral kScheduleSlabStrategy = "greedy-size";

/// Emits `schedule` as a remark at its function, naming `passArgument`.
void emitScheduleSummary(llvm::StringRef passArgument,
                         const FunctionSchedule &schedule);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_MODULESCHEDULE_H
