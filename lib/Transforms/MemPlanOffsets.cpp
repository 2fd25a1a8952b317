//===- MemPlanOffsets.cpp - Plan local buffers into one slab --------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Strategy.h"
#include "memplan/Planner/Validator.h"
#include "memplan/Transforms/Passes.h"
#include "memplan/Transforms/PlanningPass.h"
#include "memplan/Transforms/SlabRewrite.h"

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
    planner = createOffsetStrategy(strategy, getStrategyOptions());
    return success(planner != nullptr);
  }

  LogicalResult planMemorySpace(FunctionOpInterface func, Attribute memorySpace,
                                ArrayRef<const FunctionBuffer *> buffers,
                                ArrayRef<Buffer> problem, PlanFigures &figures);

private:
  // Shared, not owned, because passes are cloned by copy.
  std::shared_ptr<const OffsetStrategy> planner;
};

LogicalResult MemPlanOffsetsPass::planMemorySpace(
    FunctionOpInterface func, Attribute memorySpace,
    ArrayRef<const FunctionBuffer *> buffers, ArrayRef<Buffer> problem,
    PlanFigures &figures) {
  uint64_t slabAlignment = alignment;
  for (const Buffer &buffer : problem)
    slabAlignment = std::max(slabAlignment, buffer.alignment);

  auto fail = [&](const Twine &what, llvm::Error error) {
    return emitPlanningError(func, getArgument(), what, std::move(error));
  };
  llvm::Expected<Plan> plan = planner->plan(problem);
  if (!plan)
    return fail("planning failed", plan.takeError());
  // A plan that breaks an invariant is a bug in a strategy; it must never
  // reach the IR.
  if (llvm::Error error = validatePlan(problem, *plan))
    return fail("strategy " + planner->getName() + " gave an invalid plan",
                std::move(error));
  llvm::Expected<uint64_t> naive = computeNaiveSize(problem);
  if (!naive)
    return fail("naive size", naive.takeError());
  llvm::Expected<uint64_t> lowerBound = computeLowerBound(problem);
  if (!lowerBound)
    return fail("lower bound", lowerBound.takeError());
  if (plan->slabSize > static_cast<uint64_t>(INT64_MAX))
    return fail("slab too large",
                llvm::createStringError("slab of " +
                                        std::to_string(plan->slabSize) +
                                        " bytes does not fit a memref"));

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
  rewriteIntoSlab(func, memorySpace, plan->slabSize, slabAlignment, placed);

  figures.addDetails(plan->details);
  figures.planned += buffers.size();
  ++figures.slabs;
  figures.slabBytes += plan->slabSize;
  figures.naiveBytes += *naive;
  figures.lowerBoundBytes += *lowerBound;
  return success();
}

} // namespace
