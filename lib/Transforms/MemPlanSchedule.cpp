//===- MemPlanSchedule.cpp - Reorder ops to lower the peak of live bytes --===//
//
// The pass around scheduleModule (ModuleSchedule.h); the planning passes
// run the same with `schedule=`.
//
//===----------------------------------------------------------------------===//

#include "ModuleSchedule.h"

#include "memplan/Transforms/Passes.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANSCHEDULE
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanSchedulePass
    : public memplan::impl::MemPlanScheduleBase<MemPlanSchedulePass> {
  using MemPlanScheduleBase::MemPlanScheduleBase;

  void runOnOperation() override {
    std::optional<OrderKind> kind = parseOrderKind(order);
    if (!kind) {
      emitError(getOperation().getLoc())
          << getArgument() << ": unknown order '" << order
          << "' (keep, list, dfs, exact or best)";
      return signalPassFailure();
    }
    ScheduleOptions options;
    options.kind = *kind;
    options.timeLimitSeconds = timeLimit;
    options.exactNodeBudget = nodeBudget;
    options.slabStrategy = kScheduleSlabStrategy.str();
    bool changed = false;
    for (const FunctionSchedule &schedule :
         scheduleModule(getOperation(), options, alignment)) {
      changed |= schedule.reordered != 0;
      // Functions with nothing to plan have nothing to say.
      if (summary && schedule.hasBuffers)
        emitScheduleSummary(getArgument(), schedule);
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
