//===- Planner.cpp - Every strategy of every kind, by name ----------------===//

#include "memplan/Planner/Planner.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/CheckedMath.h"
#include "memplan/Planner/ObjectStrategy.h"

using namespace llvm;

namespace memplan {

// Out of line to anchor the vtables in this library.
Planner::~Planner() = default;
StagedPlan::~StagedPlan() = default;

namespace {
/// An offsets plan in two steps seen as a StagedPlan.
class StagedOffsets final : public StagedPlan {
public:
  StagedOffsets(std::unique_ptr<StagedOffsetPlan> staged,
                ArrayRef<Buffer> buffers, StringRef name)
      : staged(std::move(staged)), buffers(buffers), name(name) {}

  bool wantsSearch() const override { return staged->wantsSearch(); }

  Expected<SlabPlan> finish(double searchSeconds) override {
    Expected<Plan> plan = staged->finish(searchSeconds);
    if (!plan)
      return plan.takeError();
    if (plan->outcome.strategy.empty())
      plan->outcome.strategy = name.str();
    return toSlabPlan(buffers, std::move(*plan));
  }

private:
  std::unique_ptr<StagedOffsetPlan> staged;
  ArrayRef<Buffer> buffers;
  StringRef name;
};

/// A plan made whole in the first step.
class MadePlan final : public StagedPlan {
public:
  explicit MadePlan(SlabPlan plan) : plan(std::move(plan)) {}
  bool wantsSearch() const override { return false; }
  Expected<SlabPlan> finish(double) override { return std::move(plan); }

private:
  SlabPlan plan;
};

/// A strategy of one kind seen as a Planner: `StrategyT` is OffsetStrategy
/// or ObjectStrategy, whose plans toSlabPlan takes.
template <typename StrategyT, PlanKind Kind>
class StrategyPlanner final : public Planner {
public:
  explicit StrategyPlanner(std::unique_ptr<StrategyT> strategy)
      : strategy(std::move(strategy)) {}

  PlanKind getKind() const override { return Kind; }
  StringRef getName() const override { return strategy->getName(); }

  Expected<SlabPlan> plan(ArrayRef<Buffer> buffers) const override {
    auto plan = strategy->plan(buffers);
    if (!plan)
      return plan.takeError();
    if (plan->outcome.strategy.empty())
      plan->outcome.strategy = getName().str();
    return toSlabPlan(buffers, std::move(*plan));
  }

  Expected<std::unique_ptr<StagedPlan>>
  startPlan(ArrayRef<Buffer> buffers) const override {
    if constexpr (Kind == PlanKind::Offsets) {
      Expected<std::unique_ptr<StagedOffsetPlan>> staged =
          strategy->startPlan(buffers);
      if (!staged)
        return staged.takeError();
      return std::make_unique<StagedOffsets>(std::move(*staged), buffers,
                                             getName());
    } else {
      Expected<SlabPlan> made = plan(buffers);
      if (!made)
        return made.takeError();
      return std::make_unique<MadePlan>(std::move(*made));
    }
  }

private:
  std::unique_ptr<StrategyT> strategy;
};

using OffsetPlanner = StrategyPlanner<OffsetStrategy, PlanKind::Offsets>;
using ObjectPlanner = StrategyPlanner<ObjectStrategy, PlanKind::Objects>;
} // namespace

std::unique_ptr<Planner> createPlanner(PlanKind kind, StringRef name,
                                       const StrategyOptions &options) {
  if (kind == PlanKind::Offsets) {
    if (std::unique_ptr<OffsetStrategy> strategy =
            createOffsetStrategy(name, options))
      return std::make_unique<OffsetPlanner>(std::move(strategy));
    return nullptr;
  }
  if (std::unique_ptr<ObjectStrategy> strategy =
          createObjectStrategy(name, options))
    return std::make_unique<ObjectPlanner>(std::move(strategy));
  return nullptr;
}

Expected<uint64_t> computeLowerBound(PlanKind kind, ArrayRef<Buffer> buffers) {
  return kind == PlanKind::Offsets ? computeLowerBound(buffers)
                                   : computeObjectLowerBound(buffers);
}

Expected<uint64_t> computeNaiveSize(PlanKind kind, ArrayRef<Buffer> buffers) {
  if (kind == PlanKind::Offsets)
    return computeNaiveSize(buffers);
  uint64_t total = 0;
  for (const Buffer &buffer : buffers) {
    std::optional<uint64_t> sum = checkedAdd(total, buffer.size);
    if (!sum)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               "the sum of all sizes overflows 64 bits");
    total = *sum;
  }
  return total;
}

Expected<CapacityFit> fitCapacity(ArrayRef<Buffer> buffers, PlanKind kind,
                                  std::optional<SlabPlan> start,
                                  uint64_t capacity, double timeLimitSeconds,
                                  Deadline deadline) {
  CapacityFit fit;
  // The answer may be the start plan itself: it must hold.
  if (start)
    if (Error error = validateSlabPlan(buffers, *start))
      return createStringError("the start plan is not valid: " +
                               toString(std::move(error)));
  if (start && start->getTotalSize() <= capacity) {
    fit.answer = CapacityAnswer::Fits;
    fit.plan = std::move(start);
    return fit;
  }
  // Deciding whether a capacity can be met is a different search from
  // minimising, and may succeed where minimising ran out of time; only
  // offsets have one.
  if (kind != PlanKind::Offsets)
    return fit;
  ExactOptions options;
  options.timeLimitSeconds = timeLimitSeconds;
  options.deadline = deadline;
  options.capacity = capacity;
  std::vector<std::unique_ptr<OffsetStrategy>> starters =
      createExactStartingStrategies();
  options.startingStrategies = getStrategyPointers(starters);
  if (start) {
    Plan initial;
    initial.offsets = start->offsets;
    initial.slabSize = start->slabs.empty() ? 0 : start->slabs.front().size;
    options.initialPlan = std::move(initial);
  }
  Expected<ExactResult> result = solveExact(buffers, options);
  if (!result)
    return result.takeError();
  fit.answer = result->answer;
  fit.lowerBound = result->lowerBound;
  fit.searched = true;
  fit.account = describeExactResult(*result);
  if (result->answer == CapacityAnswer::Fits) {
    fit.plan = toSlabPlan(buffers, std::move(*result->plan));
    fit.plan->outcome.strategy = "exact";
    fit.plan->outcome.provenBound = result->lowerBound;
    fit.plan->outcome.provenOptimal = result->isOptimal();
    fit.plan->outcome.stoppedByClock = result->stoppedByClock;
  }
  return fit;
}

} // namespace memplan
