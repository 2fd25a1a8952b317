//===- MemPlanOffsets.cpp - Plan local buffers into one slab --------------===//
//
// Every planned buffer of a function and memory space at a byte offset of
// one slab. Everything but the kind of plan is PlanningDriver's.
//
//===----------------------------------------------------------------------===//

#include "PlanningDriver.h"
#include "PlanningPassSupport.h"

#include "memplan/Transforms/Passes.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANOFFSETS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanOffsetsPass
    : public memplan::impl::MemPlanOffsetsBase<MemPlanOffsetsPass> {
  using MemPlanOffsetsBase::MemPlanOffsetsBase;

  static constexpr PlanKind kKind = PlanKind::Offsets;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    return initializePlanningOptions(
        options, getArgument(), errorHandler,
        [&](StringRef normalized) {
          return MemPlanOffsetsBase::initializeOptions(normalized,
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
