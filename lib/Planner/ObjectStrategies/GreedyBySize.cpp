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
// Since objects are created in order of non-increasing size, they form runs
// of equal size by index; the search tries the runs from the last (smallest)
// one back, each in index order, and stops at the first free object. Whether
// an object is free comes from ObjectSet's slot bitmaps.
//
// O(n log n + n k) for n buffers and k objects in the worst case, when a
// buffer finds most objects busy; usually a free object comes early. A
// buffer after one of the same lifetime that found every object busy skips
// the search: it would find them all busy too. So does a buffer live at the
// time when the most buffers are live, once every object holds a buffer
// live then (nested lifetimes, where no two are equal). (Past
// the bitmap budget a check costs O(log n), and a long lifetime reads a word
// per 4096 time slots.)
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
  objects.useBitmaps(detail::kBitmapBudget);
  // The first object of each run of equal sizes.
  SmallVector<unsigned> runStarts;
  // If the last buffer found every object busy, the next one, if it has the
  // same lifetime, finds them busy too, and the object just made for the
  // last one: it skips the search. Equal buffers come one after the other,
  // so a stack of n of them costs O(n), not O(n^2).
  bool lastFoundAllBusy = false;
  std::pair<uint64_t, uint64_t> lastLifetime = {0, 0};
  // A buffer live at `busiest` finds every object busy once each holds a
  // buffer live then; an object holds at most one, so a count tells.
  std::optional<uint64_t> busiest = detail::getBusiestTime(buffers);
  unsigned objectsBusiest = 0;
  auto isLiveBusiest = [&](unsigned index) {
    return busiest && buffers[index].start <= *busiest &&
           *busiest < buffers[index].end;
  };
  for (unsigned index : order) {
    std::pair<uint64_t, uint64_t> lifetime = {buffers[index].start,
                                              buffers[index].end};
    std::optional<unsigned> best;
    bool allBusyBusiest =
        isLiveBusiest(index) && objectsBusiest == objects.getNumObjects();
    if ((!lastFoundAllBusy || lastLifetime != lifetime) && !allBusyBusiest) {
      for (unsigned run = runStarts.size(); run-- != 0 && !best;) {
        unsigned runEnd = run + 1 == runStarts.size() ? objects.getNumObjects()
                                                      : runStarts[run + 1];
        for (unsigned object = runStarts[run]; object != runEnd; ++object)
          if (objects.isFree(object, index)) {
            best = object;
            break;
          }
      }
    }
    lastLifetime = lifetime;
    lastFoundAllBusy = !best;
    objectsBusiest += isLiveBusiest(index);
    if (best) {
      objects.assign(index, *best);
      continue;
    }
    if (runStarts.empty() ||
        objects.getSize(runStarts.back()) != buffers[index].size)
      runStarts.push_back(objects.getNumObjects());
    objects.create(index);
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyBySizeObjectStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyBySizeObjectStrategy>();
}

} // namespace memplan
