//===- MemPlanSharedObjects.cpp - Plan local buffers into shared objects --===//
//
// For targets that need whole objects rather than offsets (GPU textures,
// per-object DMA): each planned buffer becomes a view at offset 0 of one of a
// few shared i8 allocations, sized by the largest buffer assigned to it.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Validator.h"
#include "memplan/Transforms/Passes.h"
#include "memplan/Transforms/PlanningPass.h"
#include "memplan/Transforms/SlabRewrite.h"

#include <chrono>

namespace memplan {
#define GEN_PASS_DEF_MEMPLANSHAREDOBJECTS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanSharedObjectsPass
    : public PlanningPass<MemPlanSharedObjectsPass,
                          memplan::impl::MemPlanSharedObjectsBase> {
  using PlanningPass::PlanningPass;

  static ArrayRef<StringRef> getStrategyNames() {
    return getObjectStrategyNames();
  }
  static StringRef getUnit() { return "object"; }

  LogicalResult prepare() {
    if (!applyFile.empty())
      return emitError(getOperation().getLoc())
             << getArgument() << ": apply is for memplan-offsets only";
    planner = createObjectStrategy(strategy);
    naivePlanner = createObjectStrategy("naive");
    return success(planner && naivePlanner);
  }

  LogicalResult planMemorySpace(FunctionOpInterface func, Attribute memorySpace,
                                ArrayRef<const FunctionBuffer *> buffers,
                                ArrayRef<Buffer> problem, PlanFigures &figures);

private:
  // Shared, not owned, because passes are cloned by copy.
  std::shared_ptr<const ObjectStrategy> planner;
  std::shared_ptr<const ObjectStrategy> naivePlanner;
};

LogicalResult MemPlanSharedObjectsPass::planMemorySpace(
    FunctionOpInterface func, Attribute memorySpace,
    ArrayRef<const FunctionBuffer *> buffers, ArrayRef<Buffer> problem,
    PlanFigures &figures) {
  auto fail = [&](const Twine &what, llvm::Error error) {
    return emitPlanningError(func, getArgument(), what, std::move(error));
  };
  auto startTime = std::chrono::steady_clock::now();
  llvm::Expected<ObjectPlan> plan = planner->plan(problem);
  std::chrono::duration<double> seconds =
      std::chrono::steady_clock::now() - startTime;
  if (!plan)
    return fail("planning failed", plan.takeError());
  // A plan that breaks an invariant is a bug in a strategy; it must never
  // reach the IR.
  if (llvm::Error error = validateObjectPlan(problem, *plan))
    return fail("strategy " + planner->getName() + " gave an invalid plan",
                std::move(error));
  llvm::Expected<ObjectPlan> naive = naivePlanner->plan(problem);
  if (!naive)
    return fail("naive size", naive.takeError());
  llvm::Expected<uint64_t> lowerBound = computeObjectLowerBound(problem);
  if (!lowerBound)
    return fail("lower bound", lowerBound.takeError());

  if (std::optional<uint64_t> capacity = getLimits().getCapacity(memorySpace);
      capacity && plan->getTotalSize() > *capacity)
    return emitCapacityError(func, memorySpace, *capacity, plan->getTotalSize(),
                             *lowerBound, "");
  SlabSource source = getSlabSource(func);
  if (planReport)
    planReport->addSpace(
        func, memorySpace, buffers,
        {getWinningStrategy(strategy, plan->details), /*slabBytes=*/{},
         std::vector<uint64_t>(plan->objectSizes.begin(),
                               plan->objectSizes.end()),
         *lowerBound, naive->getTotalSize(), seconds.count(),
         std::vector<uint64_t>(plan->objectOf.begin(), plan->objectOf.end()),
         source.getName().str(), std::nullopt});
  if (heapMaps.isEnabled())
    heapMaps.add(func, memorySpace, buffers,
                 makeObjectsHeapMap(problem, plan->objectOf, plan->objectSizes,
                                    *lowerBound),
                 getArgument().str() + ", " + strategy, plan->objectOf);

  // Each object is its own allocation, aligned for all of its buffers.
  unsigned numObjects = plan->objectSizes.size();
  SmallVector<SmallVector<PlacedBuffer>> members(numObjects);
  SmallVector<uint64_t> objectAlignments(numObjects,
                                         getLimits().getAlignment(memorySpace));
  for (auto [buffer, object] : llvm::zip_equal(buffers, plan->objectOf)) {
    members[object].push_back({buffer, 0});
    objectAlignments[object] =
        std::max(objectAlignments[object], buffer->alignment);
  }
  // Each rewrite inserts its allocation at the function entry: go backwards
  // so that the objects read in order there.
  for (unsigned object = numObjects; object-- > 0;) {
    if (members[object].empty())
      continue;
    if (plan->objectSizes[object] > static_cast<uint64_t>(INT64_MAX))
      return fail(
          "object too large",
          llvm::createStringError("an object of " +
                                  std::to_string(plan->objectSizes[object]) +
                                  " bytes does not fit a memref"));
    deferRewrite([=, size = plan->objectSizes[object],
                  objectAlignment = objectAlignments[object],
                  placed = members[object]] {
      rewriteIntoSlab(func, memorySpace, size, objectAlignment, placed,
                      "memplan.object", source);
    });
    ++figures.slabs;
  }

  figures.planned += buffers.size();
  figures.slabBytes += plan->getTotalSize();
  figures.naiveBytes += naive->getTotalSize();
  figures.lowerBoundBytes += *lowerBound;
  return success();
}

} // namespace
