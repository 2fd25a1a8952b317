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
          << getArgument() << ": unknown order '" << order << "' ("
          << kOrderKindNames << ")";
      return signalPassFailure();
    }
    ScheduleRequest request;
    request.options.kind = *kind;
    request.options.timeLimitSeconds = timeLimit;
    request.options.exactNodeBudget = nodeBudget;
    request.limits.defaultAlignment = alignment;
    // The alignments planning gives each memory space (PlanningOptions.h).
    if (std::string problem =
            parseSpaceMap(spaceAlignment, "space-alignment",
                          /*powersOfTwo=*/true, request.limits.alignments);
        !problem.empty()) {
      emitError(getOperation().getLoc()) << getArgument() << ": " << problem;
      return signalPassFailure();
    }
    request.splitLives = splitLives;
    request.summary = summary;
    request.passArgument = getArgument().str();
    if (!scheduleModule(getOperation(), request))
      markAllAnalysesPreserved();
  }
};

} // namespace
