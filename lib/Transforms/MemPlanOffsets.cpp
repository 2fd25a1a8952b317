//===- MemPlanOffsets.cpp - Plan local buffers into one slab --------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/Strategy.h"
#include "memplan/Planner/Validator.h"
#include "memplan/Transforms/Passes.h"
#include "memplan/Transforms/PlanExchange.h"
#include "memplan/Transforms/PlanningPass.h"
#include "memplan/Transforms/SlabRewrite.h"

#include <chrono>

namespace memplan {
#define GEN_PASS_DEF_MEMPLANOFFSETS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanOffsetsPass
    : public PlanningPass<MemPlanOffsetsPass,
                          memplan::impl::MemPlanOffsetsBase> {
  using PlanningPass::PlanningPass;

  static ArrayRef<StringRef> getStrategyNames() {
    return getOffsetStrategyNames();
  }
  static StringRef getUnit() { return "slab"; }

  LogicalResult prepare() {
    applied.reset();
    if (!applyFile.empty()) {
      // Checked against the whole module before any function is rewritten.
      llvm::Expected<AppliedPlans> plans =
          AppliedPlans::load(applyFile, getOperation(), alignment);
      if (!plans)
        return emitError(getOperation().getLoc())
               << getArgument() << ": " << llvm::toString(plans.takeError());
      applied = std::make_shared<AppliedPlans>(std::move(*plans));
    }
    planner = createOffsetStrategy(strategy, getStrategyOptions());
    return success(planner != nullptr);
  }

  LogicalResult planMemorySpace(FunctionOpInterface func, Attribute memorySpace,
                                ArrayRef<const FunctionBuffer *> buffers,
                                ArrayRef<Buffer> problem, PlanFigures &figures);

private:
  // Shared, not owned, because passes are cloned by copy.
  std::shared_ptr<const OffsetStrategy> planner;
  /// The plans of `apply`, when given.
  std::shared_ptr<const AppliedPlans> applied;
};

LogicalResult MemPlanOffsetsPass::planMemorySpace(
    FunctionOpInterface func, Attribute memorySpace,
    ArrayRef<const FunctionBuffer *> buffers, ArrayRef<Buffer> problem,
    PlanFigures &figures) {
  // Every buffer of the space, and so the slab, has the space's alignment.
  uint64_t slabAlignment = getLimits().getAlignment(memorySpace);
  SmallVector<Buffer> aligned(problem);
  for (Buffer &buffer : aligned)
    buffer.alignment = std::max(buffer.alignment, slabAlignment);
  problem = aligned;
  for (const Buffer &buffer : problem)
    slabAlignment = std::max(slabAlignment, buffer.alignment);

  auto fail = [&](const Twine &what, llvm::Error error) {
    return emitPlanningError(func, getArgument(), what, std::move(error));
  };
  auto startTime = std::chrono::steady_clock::now();
  llvm::Expected<Plan> plan =
      applied ? applied->get(func, memorySpace) : planner->plan(problem);
  std::chrono::duration<double> seconds =
      std::chrono::steady_clock::now() - startTime;
  if (!plan)
    return fail("planning failed", plan.takeError());
  llvm::Expected<uint64_t> lowerBound = computeLowerBound(problem);
  if (!lowerBound)
    return fail("lower bound", lowerBound.takeError());
  // A plan that breaks an invariant is a bug in a strategy; it must never
  // reach the IR.
  if (llvm::Error error = validatePlan(problem, *plan))
    return fail("strategy " + (applied ? "apply" : planner->getName()) +
                    " gave an invalid plan",
                std::move(error));
  if (std::optional<uint64_t> capacity = getLimits().getCapacity(memorySpace);
      capacity && plan->slabSize > *capacity) {
    // The strategy minimises; deciding whether the capacity can be met is a
    // different search that may succeed where minimising ran out of time.
    ExactOptions options;
    options.timeLimitSeconds = timeLimit;
    options.capacity = *capacity;
    options.initialPlan = *plan;
    llvm::Expected<ExactResult> result = solveExact(problem, options);
    if (!result)
      return fail("exact with a capacity", result.takeError());
    if (result->answer != CapacityAnswer::Fits) {
      return emitCapacityError(
          func, memorySpace, *capacity, plan->slabSize,
          std::max(*lowerBound, result->lowerBound),
          result->answer == CapacityAnswer::DoesNotFit
              ? "exact proved that no plan fits"
              : "exact found no plan that fits within the time limit");
    }
    if (llvm::Error error = validatePlan(problem, *result->plan))
      return fail("exact gave an invalid plan", std::move(error));
    *plan = std::move(*result->plan);
    plan->details = "fits the capacity of " + std::to_string(*capacity) +
                    " bytes thanks to exact";
  }
  llvm::Expected<uint64_t> naive = computeNaiveSize(problem);
  if (!naive)
    return fail("naive size", naive.takeError());
  if (plan->slabSize > static_cast<uint64_t>(INT64_MAX))
    return fail("slab too large",
                llvm::createStringError("slab of " +
                                        std::to_string(plan->slabSize) +
                                        " bytes does not fit a memref"));

  SlabSource source = getSlabSource(func);
  if (planReport)
    planReport->addSpace(
        func, memorySpace, buffers,
        {applied ? "apply" : getWinningStrategy(strategy, plan->details),
         plan->slabSize,
         /*objectBytes=*/{}, *lowerBound, *naive, seconds.count(),
         std::vector<uint64_t>(plan->offsets.begin(), plan->offsets.end()),
         source.getName().str(), slabAlignment});
  if (heapMaps.isEnabled()) {
    HeapMapPicture picture;
    picture.buffers.assign(problem.begin(), problem.end());
    picture.offsets = plan->offsets;
    picture.peak = plan->slabSize;
    picture.lowerBound = *lowerBound;
    heapMaps.add(func, memorySpace, buffers, std::move(picture),
                 getArgument().str() + ", " + strategy);
  }

  SmallVector<PlacedBuffer> placed;
  for (auto [buffer, offset] : llvm::zip_equal(buffers, plan->offsets))
    placed.push_back({buffer, offset});
  deferRewrite([=, slabSize = plan->slabSize] {
    rewriteIntoSlab(func, memorySpace, slabSize, slabAlignment, placed,
                    "memplan.slab", source);
  });

  figures.addDetails(plan->details);
  figures.planned += buffers.size();
  ++figures.slabs;
  figures.slabBytes += plan->slabSize;
  figures.naiveBytes += *naive;
  figures.lowerBoundBytes += *lowerBound;
  return success();
}

} // namespace
