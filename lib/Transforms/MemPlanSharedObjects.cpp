//===- MemPlanSharedObjects.cpp - Plan local buffers into shared objects --===//
//
// For targets that need whole objects rather than offsets (GPU textures,
// per-object DMA): each planned buffer becomes a view at offset 0 of one of a
// few shared i8 allocations, sized by the largest buffer assigned to it.
// Everything but the kind of plan is PlanningDriver's.
//
//===----------------------------------------------------------------------===//

#include "PlanningDriver.h"
#include "PlanningPassSupport.h"

#include "memplan/Transforms/Passes.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANSHAREDOBJECTS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanSharedObjectsPass
    : public memplan::impl::MemPlanSharedObjectsBase<MemPlanSharedObjectsPass> {
  using MemPlanSharedObjectsBase::MemPlanSharedObjectsBase;

  static constexpr PlanKind kKind = PlanKind::Objects;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    return initializePlanningOptions(
        options, getArgument(), errorHandler,
        [&](StringRef normalized) {
          return MemPlanSharedObjectsBase::initializeOptions(normalized,
                                                             errorHandler);
        },
        [&] { return readPlanningOptions(*this, kKind); });
  }

  void runOnOperation() override {
    FailureOr<PlanFigures> figures =
        runPlanning(getOperation(), readPlanningOptions(*this, kKind));
    if (failed(figures))
      return signalPassFailure();
    recordStatistics(*this, *figures);
  }

  template <typename PassT>
  friend PlanningOptions memplan::readPlanningOptions(const PassT &, PlanKind);
  template <typename PassT>
  friend void memplan::recordStatistics(PassT &, const PlanFigures &);
};

} // namespace
