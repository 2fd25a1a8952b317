//===- GreedyBySize.cpp - Largest buffers first, smallest free object -----===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", 4.3 (Greedy by Size for Shared Objects):
//
//  * Buffers are assigned by size, largest first. Ties go to the earlier
//    start, then to the lower input index, so the plan is deterministic.
//  * Each buffer takes the smallest object that is free during its lifetime
//    (the lowest index among equal sizes), or a new object of its size if
//    none is free. Objects are created by larger buffers first, so an object
//    never grows.
//
// O(n k log n) for n buffers and k objects.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "../BufferOrder.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeObjectStrategy final : public ObjectStrategy {
public:
  StringRef getName() const override { return "greedy-size"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;
};
} // namespace

Expected<ObjectPlan>
GreedyBySizeObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);
  SmallVector<unsigned> order = detail::getLargestFirstOrder(buffers);

  detail::ObjectSet objects(buffers);
  for (unsigned index : order) {
    std::optional<unsigned> best;
    for (unsigned object = 0, e = objects.getNumObjects(); object != e;
         ++object)
      if (objects.isFree(object, index) &&
          (!best || objects.getSize(object) < objects.getSize(*best)))
        best = object;
    if (best)
      objects.assign(index, *best);
    else
      objects.create(index);
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyBySizeObjectStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyBySizeObjectStrategy>();
}

} // namespace memplan
