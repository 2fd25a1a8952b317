//===- EmptyingObjects.cpp - Objects emptied into others' gaps ------------===//
//
// Object strategies whose rule sweeps over time take each lifetime as its
// hull. Where some lifetimes have gaps, an object may then empty: each of
// its buffers moves into another object at least its size that is free
// while the buffer is live (interval by interval; a buffer of no bytes
// still holds its object while it lives), and the object goes.
// Objects are tried from the smallest; sizes never change, so the total
// only falls.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "../Strategies/GapPlacement.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan::detail {

/// Takes the intervals `buffer` is live on out of `busy` again.
static void removeBusy(BusyIntervals &busy, const Buffer &buffer) {
  buffer.forEachLiveRange([&](uint64_t start, uint64_t) { busy.erase(start); });
}

Expected<ObjectPlan> emptyObjectsIntoGaps(ArrayRef<Buffer> buffers,
                                          Expected<ObjectPlan> plan) {
  if (!plan || !scansGappedLifetimes(buffers))
    return plan;
  size_t numObjects = plan->objectSizes.size();
  SmallVector<SmallVector<unsigned, 2>> members(numObjects);
  SmallVector<BusyIntervals, 0> busy(numObjects);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    members[plan->objectOf[index]].push_back(index);
    addBusy(busy[plan->objectOf[index]], buffer);
  }
  SmallVector<unsigned> bySize(numObjects);
  std::iota(bySize.begin(), bySize.end(), 0u);
  llvm::stable_sort(bySize, [&](unsigned lhs, unsigned rhs) {
    return plan->objectSizes[lhs] < plan->objectSizes[rhs];
  });
  SmallVector<bool> gone(numObjects, false);
  for (unsigned object : bySize) {
    // Each buffer to the smallest other object that takes it; undone
    // unless all move.
    SmallVector<std::pair<unsigned, unsigned>> moves;
    bool allMoved = true;
    for (unsigned index : members[object]) {
      const Buffer &buffer = buffers[index];
      std::optional<unsigned> target;
      for (unsigned other : bySize)
        if (other != object && !gone[other] &&
            plan->objectSizes[other] >= buffer.size &&
            isFreeDuring(busy[other], buffer)) {
          target = other;
          break;
        }
      if (!target) {
        allMoved = false;
        break;
      }
      moves.push_back({index, *target});
      addBusy(busy[*target], buffer);
    }
    if (!allMoved) {
      for (auto [index, target] : moves)
        removeBusy(busy[target], buffers[index]);
      continue;
    }
    for (auto [index, target] : moves) {
      plan->objectOf[index] = target;
      members[target].push_back(index);
    }
    members[object].clear();
    gone[object] = true;
  }
  unsigned emptied = llvm::count(gone, true);
  if (emptied == 0)
    return plan;
  plan->details += (plan->details.empty() ? "" : "; ") +
                   ("emptied " + Twine(emptied) +
                    " objects into the gaps of gapped lifetimes")
                       .str();
  // The objects left, numbered again in their order.
  SmallVector<unsigned> renumbered(numObjects);
  SmallVector<uint64_t> sizes;
  for (unsigned object = 0; object != numObjects; ++object)
    if (!gone[object]) {
      renumbered[object] = sizes.size();
      sizes.push_back(plan->objectSizes[object]);
    }
  for (unsigned &object : plan->objectOf)
    object = renumbered[object];
  plan->objectSizes = std::move(sizes);
  return plan;
}

} // namespace memplan::detail

namespace memplan {

namespace {
/// An object strategy whose rule takes each lifetime as its hull, its
/// objects emptied: the registry wraps every object strategy that declares
/// StrategyTraits::PlansHulls in one.
class ObjectEmptyingStrategy final : public ObjectStrategy {
public:
  explicit ObjectEmptyingStrategy(std::unique_ptr<ObjectStrategy> strategy)
      : strategy(std::move(strategy)) {}

  StringRef getName() const override { return strategy->getName(); }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override {
    return detail::emptyObjectsIntoGaps(buffers, strategy->plan(buffers));
  }

private:
  std::unique_ptr<ObjectStrategy> strategy;
};
} // namespace

std::unique_ptr<ObjectStrategy>
createObjectEmptyingStrategy(std::unique_ptr<ObjectStrategy> strategy) {
  return std::make_unique<ObjectEmptyingStrategy>(std::move(strategy));
}

} // namespace memplan
