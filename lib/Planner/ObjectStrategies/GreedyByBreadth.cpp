//===- GreedyByBreadth.cpp - Widest operators first -----------------------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", 4.2 (Greedy by Breadth for Shared Objects), on plain records:
//
//  * Each distinct start time is an operator; its profile is the buffers live
//    then and its breadth the sum of their sizes (saturated, as it is only an
//    order). The live set at any other time is a subset of the one at the
//    latest start before it, so these are all the operators that matter.
//  * Operators are visited by breadth, widest first, earlier time on ties.
//    Within one, its unassigned buffers go by size, largest first (then
//    earlier start, then lower index).
//  * A buffer takes the smallest free object at least as large as itself; if
//    every free object is smaller, the largest of them, grown to the buffer's
//    size; if none is free, a new object. Equal sizes go to the lower object
//    index.
//
// O(n^2 + n k log n) for n buffers and k objects.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "../BufferOrder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

#include <optional>
#include <utility>

using namespace llvm;

namespace memplan {

namespace {
class GreedyByBreadthObjectStrategy final : public ObjectStrategy {
public:
  StringRef getName() const override { return "greedy-breadth"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;
};
} // namespace

Expected<ObjectPlan>
GreedyByBreadthObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);

  SmallVector<uint64_t> times = llvm::map_to_vector(
      buffers, [](const Buffer &buffer) { return buffer.start; });
  llvm::sort(times);
  times.erase(llvm::unique(times), times.end());
  // (breadth, time) of each operator.
  SmallVector<std::pair<uint64_t, uint64_t>> operators;
  operators.reserve(times.size());
  for (uint64_t time : times) {
    uint64_t breadth = 0;
    for (const Buffer &buffer : buffers)
      if (buffer.start <= time && time < buffer.end)
        breadth = SaturatingAdd(breadth, buffer.size);
    operators.emplace_back(breadth, time);
  }
  llvm::sort(operators, [](const auto &lhs, const auto &rhs) {
    if (lhs.first != rhs.first)
      return lhs.first > rhs.first;
    return lhs.second < rhs.second;
  });

  detail::ObjectSet objects(buffers);
  SmallVector<unsigned> profile;
  for (uint64_t time : llvm::make_second_range(operators)) {
    profile.clear();
    for (auto [index, buffer] : llvm::enumerate(buffers))
      if (buffer.start <= time && time < buffer.end &&
          !objects.isAssigned(index))
        profile.push_back(index);
    detail::sortLargestFirst(buffers, profile);

    for (unsigned index : profile) {
      uint64_t size = buffers[index].size;
      // The smallest free object that fits, and the largest free one.
      std::optional<unsigned> smallestFit, largest;
      for (unsigned object = 0, e = objects.getNumObjects(); object != e;
           ++object) {
        if (!objects.isFree(object, index))
          continue;
        uint64_t objectSize = objects.getSize(object);
        if (objectSize >= size &&
            (!smallestFit || objectSize < objects.getSize(*smallestFit)))
          smallestFit = object;
        if (!largest || objectSize > objects.getSize(*largest))
          largest = object;
      }
      if (smallestFit)
        objects.assign(index, *smallestFit);
      else if (largest)
        objects.assign(index, *largest);
      else
        objects.create(index);
    }
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyByBreadthObjectStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyByBreadthObjectStrategy>();
}

} // namespace memplan
