//===- GreedyInOrder.cpp - Buffers in execution order, closest free size --===//
//
// The greedy shared-object assignment of Lee et al. 2019 ("On-Device Neural
// Net Inference with Mobile GPUs"), as Pisarchyk & Lee compare against it:
//
//  * Buffers are assigned in execution order: by start, then by index.
//  * Each takes the free object closest to it in size (the smallest
//    |object size - buffer size|), growing the object if it is smaller; on a
//    tie an object that need not grow wins, then the lower index. If no object
//    is free, it gets a new object of its size.
//
// Unlike the size-ordered strategies it never looks ahead, so a small buffer
// may take a large object that a larger buffer starting later needed.
//
// O(n k log n) for n buffers and k objects.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>
#include <optional>
#include <tuple>

using namespace llvm;

namespace memplan {

namespace {
class GreedyInOrderObjectStrategy final : public ObjectStrategy {
public:
  StringRef getName() const override { return "greedy-in-order"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;
};
} // namespace

Expected<ObjectPlan>
GreedyInOrderObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  detail::ObjectSet objects(buffers);
  for (unsigned index : order) {
    uint64_t size = buffers[index].size;
    // (size difference, whether the object must grow) of the best object.
    std::optional<std::tuple<uint64_t, bool>> bestKey;
    unsigned best = 0;
    for (unsigned object = 0, e = objects.getNumObjects(); object != e;
         ++object) {
      if (!objects.isFree(object, index))
        continue;
      uint64_t objectSize = objects.getSize(object);
      bool grows = objectSize < size;
      std::tuple<uint64_t, bool> key(
          grows ? size - objectSize : objectSize - size, grows);
      if (!bestKey || key < *bestKey) {
        bestKey = key;
        best = object;
      }
    }
    if (bestKey)
      objects.assign(index, best);
    else
      objects.create(index);
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyInOrderObjectStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyInOrderObjectStrategy>();
}

} // namespace memplan
