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

#include "PlanningOptions.h"

#include "memplan/Planner/Schedule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace memplan {

/// What a pass asks of scheduling.
struct ScheduleRequest {
  /// The order strategy and its limits; the slab strategy `best` compares
  /// orders by is set by scheduleModule.
  ScheduleOptions options;
  /// Buffers are aligned as the planning passes align them where slabs are
  /// compared: to at least limits.getAlignment of their memory space.
  SpaceLimits limits;
  /// Whether the lives that overwrites split are buffers of their own, as
  /// the planning passes' split-lives takes them.
  bool splitLives = true;
  /// Emit a remark per function with the peaks, naming `passArgument`.
  bool summary = false;
  std::string passArgument;
};

/// Schedules every function of `module` with a body, but those in GPU code;
/// all are analysed before any changes. Returns whether any block was
/// reordered.
bool scheduleModule(mlir::ModuleOp module, const ScheduleRequest &request);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_MODULESCHEDULE_H
