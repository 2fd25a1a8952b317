//===- GapLowering.cpp - Hull plans let down into the gaps ----------------===//

#include "GapLowering.h"

#include "GapPlacement.h"
#include "Strategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace memplan::detail {

Expected<Plan> lowerIntoGaps(ArrayRef<Buffer> buffers, Expected<Plan> plan) {
  if (!plan || !scansGappedLifetimes(buffers))
    return plan;
  SmallVector<unsigned> order;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0 && buffer.start < buffer.end)
      order.push_back(index);
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return plan->offsets[lhs] < plan->offsets[rhs];
  });

  // The buffers let down so far, by offset.
  struct Lowered {
    uint64_t offset, end;
    unsigned index;
  };
  SmallVector<Lowered> lowered;
  SmallVector<const Lowered *> below;
  for (unsigned index : order) {
    const Buffer &buffer = buffers[index];
    below.clear();
    for (const Lowered &other : lowered)
      if (buffer.overlapsInTime(buffers[other.index]))
        below.push_back(&other);
    // The lowest aligned offset clear of them (they are in offset order).
    // Where it was is clear of them and aligned, so the lowest is no
    // higher.
    uint64_t top = 0;
    std::optional<uint64_t> lowest;
    for (const Lowered *other : below) {
      if ((lowest = fitInGap(buffer, top, other->offset)))
        break;
      top = std::max(top, other->end);
    }
    if (!lowest)
      if (std::optional<AlignedPlacement> fit =
              checkedPlaceAbove(top, buffer.alignment, buffer.size))
        lowest = fit->offset;
    uint64_t offset =
        std::min(lowest.value_or(UINT64_MAX), plan->offsets[index]);
    assert(offset <= plan->offsets[index] && "a buffer let down rose");
    plan->offsets[index] = offset;
    Lowered entry{offset, offset + buffer.size, index};
    lowered.insert(
        llvm::upper_bound(lowered, entry,
                          [](const Lowered &lhs, const Lowered &rhs) {
                            return lhs.offset < rhs.offset;
                          }),
        entry);
  }
  uint64_t hullSlab = plan->slabSize;
  plan->slabSize = 0;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    plan->slabSize =
        std::max(plan->slabSize, plan->offsets[index] + buffer.size);
  if (plan->slabSize < hullSlab)
    plan->details +=
        (plan->details.empty() ? "" : "; ") +
        ("let down into the gaps of gapped lifetimes: " + Twine(hullSlab) +
         " -> " + Twine(plan->slabSize) + " bytes")
            .str();
  return plan;
}

} // namespace memplan::detail

namespace memplan {

namespace {
/// A strategy whose rule takes each lifetime as its hull, its plans let
/// down: the registry wraps every strategy that declares
/// StrategyTraits::PlansHulls in one.
class GapLoweringStrategy final : public OffsetStrategy {
public:
  explicit GapLoweringStrategy(std::unique_ptr<OffsetStrategy> strategy)
      : strategy(std::move(strategy)) {}

  StringRef getName() const override { return strategy->getName(); }

  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &request) const override {
    return detail::lowerIntoGaps(buffers, strategy->plan(buffers, request));
  }

private:
  std::unique_ptr<OffsetStrategy> strategy;
};
} // namespace

std::unique_ptr<OffsetStrategy>
createGapLoweringStrategy(std::unique_ptr<OffsetStrategy> strategy) {
  return std::make_unique<GapLoweringStrategy>(std::move(strategy));
}

} // namespace memplan
