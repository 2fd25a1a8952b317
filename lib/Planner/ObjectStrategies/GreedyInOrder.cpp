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
// Buffers come in start order, so every buffer already in an object started no
// later than the current one: an object is free exactly when the last buffer
// it got has ended. Objects whose last buffer is still live wait in a heap by
// end time; free objects sit in a set ordered by (size, index), where the two
// candidates are the first object of at least the buffer's size and the first
// object of the largest size below it.
//
// O(n log n) for n buffers.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "../ClockLooks.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <numeric>
#include <optional>
#include <queue>
#include <set>
#include <utility>
#include <vector>

using namespace llvm;

namespace memplan {

namespace {
class GreedyInOrderObjectStrategy final : public ObjectStrategy {
public:
  explicit GreedyInOrderObjectStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "greedy-in-order"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry empties its objects into the gaps: StrategyTraits::PlansHulls).
  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  /// Past it, the buffers left get objects of their own.
  Deadline deadline;
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

  SmallVector<unsigned> objectOf(buffers.size());
  SmallVector<uint64_t> sizes;
  // Free objects as (size, index); busy ones as (end of last buffer, index).
  std::set<std::pair<uint64_t, unsigned>> freeObjects;
  using Busy = std::pair<uint64_t, unsigned>;
  std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> busy;
  detail::ClockLooks clock(deadline);
  std::optional<size_t> stoppedAt;
  for (auto [position, index] : llvm::enumerate(order)) {
    if (clock.hasPassed()) {
      stoppedAt = position;
      break;
    }
    const Buffer &buffer = buffers[index];
    for (; !busy.empty() && busy.top().first <= buffer.start; busy.pop())
      freeObjects.emplace(sizes[busy.top().second], busy.top().second);

    // The lowest index of the smallest size that need not grow, and the
    // lowest index of the largest size that must.
    auto fits = freeObjects.lower_bound({buffer.size, 0});
    auto grows = freeObjects.end();
    if (fits != freeObjects.begin())
      grows = freeObjects.lower_bound({std::prev(fits)->first, 0});
    // A tie in size difference goes to the object that need not grow.
    auto best = fits;
    if (grows != freeObjects.end() &&
        (fits == freeObjects.end() ||
         buffer.size - grows->first < fits->first - buffer.size))
      best = grows;

    unsigned object;
    if (best == freeObjects.end()) {
      object = sizes.size();
      sizes.push_back(buffer.size);
    } else {
      object = best->second;
      freeObjects.erase(best);
      sizes[object] = std::max(sizes[object], buffer.size);
    }
    objectOf[index] = object;
    busy.emplace(buffer.end, object);
  }
  size_t own = 0;
  if (stoppedAt)
    for (unsigned index : ArrayRef(order).drop_front(*stoppedAt)) {
      objectOf[index] = sizes.size();
      sizes.push_back(buffers[index].size);
      own += buffers[index].size != 0;
    }
  Expected<ObjectPlan> plan =
      detail::makeObjectPlan(std::move(objectOf), std::move(sizes), getName());
  if (plan && stoppedAt)
    detail::markStoppedByClock(*plan, own);
  return plan;
}

std::unique_ptr<ObjectStrategy>
createGreedyInOrderObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyInOrderObjectStrategy>(options.deadline);
}

} // namespace memplan
