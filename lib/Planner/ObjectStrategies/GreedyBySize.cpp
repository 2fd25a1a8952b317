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
// one back, each in index order, and stops at the first free object. It
// does so in one of two ways, chosen for each size by cost (every way gives
// the same plan):
//
//  * The scan asks each object in turn (ObjectSet's slot bitmaps):
//    O(n k) for n buffers and k objects in the worst case, when buffers
//    find most objects busy; usually a free object comes early, as on
//    chains. A buffer after one of the same lifetime that found every
//    object busy skips the search: it would find them all busy too. So does
//    a buffer live at the time when the most buffers are live, once every
//    object holds a buffer live then (nested lifetimes, where no two are
//    equal). (Past the bitmap budget a check costs O(log n), and a long
//    lifetime reads a word per 4096 time slots.)
//  * The sweep (SizeClassSweep) takes the buffers of one size by start and
//    finds each one's object in O(log k), after visiting the start and end
//    of every buffer assigned before: O(n log k) a size. Where thousands of
//    long lifetimes overlap, most buffers find most objects busy: 300k such
//    buffers of 53 sizes took 12 s scanning and take under 1 s.
//
// Where some lifetime has gaps, only the scan (ObjectSet compares them
// interval by interval) runs, without the two skips, which compare hulls.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "SizeClassSweep.h"

#include "../BufferOrder.h"
#include "../ClockLooks.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeObjectStrategy final : public ObjectStrategy {
public:
  GreedyBySizeObjectStrategy(detail::FreeObjectSearch search,
                             const Deadline &deadline)
      : search(search), deadline(deadline) {}

  StringRef getName() const override { return "greedy-size"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  detail::FreeObjectSearch search;
  /// Past it, the buffers left get objects of their own.
  Deadline deadline;
};
} // namespace

/// Whether a size's `members` buffers, met by `objects` objects after
/// `assigned` buffers, are looked up faster by a sweep: it visits every
/// assigned buffer twice and each member once, where a scan may ask every
/// object for each member. The constant is measured: on generated long-lived
/// problems 64 did best from 20k to 1M buffers (16 made 20k twice as slow,
/// 256 made 100k nearly three times as slow); chains, where a free object
/// comes early and objects are few, scan at any of them.
static bool isSweepCheaper(size_t members, size_t objects, size_t assigned) {
  constexpr size_t kSweepCostPerBuffer = 64;
  return members * objects > kSweepCostPerBuffer * (assigned + members);
}

Expected<ObjectPlan>
GreedyBySizeObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);
  SmallVector<unsigned> order = detail::getLargestFirstOrder(buffers);

  // A deadline that passed while the order was sorted ends the run before
  // the time slots and the busiest time are found (a tenth of a second or
  // more on a million buffers); past them, the loop's first look does.
  detail::ObjectSet objects(buffers);
  if (deadline.hasPassed())
    return objects.takeStoppedPlan(order, getName());
  objects.useBitmaps(detail::kBitmapBudget);
  // The first object of each run of equal sizes.
  SmallVector<unsigned> runStarts;
  // If the last buffer found every object busy, the next one, if it has the
  // same lifetime, finds them busy too, and the object just made for the
  // last one: it skips the search. Equal buffers come one after the other,
  // so a stack of n of them costs O(n), not O(n^2).
  bool gapped = hasGappedLifetimes(buffers);
  bool lastFoundAllBusy = false;
  std::pair<uint64_t, uint64_t> lastLifetime = {0, 0};
  // A buffer live at `busiest` finds every object busy once each holds a
  // buffer live then; an object holds at most one, so a count tells.
  std::optional<uint64_t> busiest =
      gapped ? std::nullopt : detail::getBusiestTime(buffers);
  unsigned objectsBusiest = 0;
  auto isLiveBusiest = [&](unsigned index) {
    return busiest && buffers[index].start <= *busiest &&
           *busiest < buffers[index].end;
  };
  auto scanForObject = [&](unsigned index) -> std::optional<unsigned> {
    std::pair<uint64_t, uint64_t> lifetime = {buffers[index].start,
                                              buffers[index].end};
    bool allBusyBusiest =
        isLiveBusiest(index) && objectsBusiest == objects.getNumObjects();
    if ((lastFoundAllBusy && !gapped && lastLifetime == lifetime) ||
        allBusyBusiest)
      return std::nullopt;
    for (unsigned run = runStarts.size(); run-- != 0;) {
      unsigned runEnd = run + 1 == runStarts.size() ? objects.getNumObjects()
                                                    : runStarts[run + 1];
      for (unsigned object = runStarts[run]; object != runEnd; ++object)
        if (objects.isFree(object, index))
          return object;
    }
    return std::nullopt;
  };
  // The assignments, by time, for the sweeps.
  detail::AssignedLifetimes assigned;
  // Gives `index` the object found for it, or a new one.
  auto assign = [&](unsigned index, std::optional<unsigned> found) {
    lastLifetime = {buffers[index].start, buffers[index].end};
    lastFoundAllBusy = !found;
    objectsBusiest += isLiveBusiest(index);
    unsigned object;
    if (found) {
      objects.assign(index, *found);
      object = *found;
    } else {
      if (runStarts.empty() ||
          objects.getSize(runStarts.back()) != buffers[index].size)
        runStarts.push_back(objects.getNumObjects());
      object = objects.create(index);
    }
    assigned.add(index, object);
    return object;
  };

  detail::ClockLooks clock(deadline);
  bool stopped = false;
  for (size_t first = 0, end; first != order.size() && !stopped; first = end) {
    uint64_t size = buffers[order[first]].size;
    end = first + 1;
    while (end != order.size() && buffers[order[end]].size == size)
      ++end;
    ArrayRef<unsigned> members = ArrayRef(order).slice(first, end - first);
    bool sweep =
        !gapped &&
        (search == detail::FreeObjectSearch::Sweep ||
         (search == detail::FreeObjectSearch::Automatic &&
          isSweepCheaper(members.size(), objects.getNumObjects(), first)));
    if (!sweep) {
      for (unsigned index : members) {
        if ((stopped = clock.hasPassed()))
          break;
        assign(index, scanForObject(index));
      }
      continue;
    }
    assigned.update(buffers);
    detail::SizeClassSweep sweeper(buffers, objects.getNumObjects(), assigned,
                                   members.size());
    for (unsigned index : members) {
      if ((stopped = clock.hasPassed()))
        break;
      sweeper.take(index, assign(index, sweeper.findObject(index, runStarts)));
    }
  }
  if (stopped)
    return objects.takeStoppedPlan(order, getName());
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyBySizeObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyBySizeObjectStrategy>(
      detail::FreeObjectSearch::Automatic, options.deadline);
}

std::unique_ptr<ObjectStrategy>
detail::createGreedyBySizeObjectStrategy(detail::FreeObjectSearch search,
                                         const Deadline &deadline) {
  return std::make_unique<GreedyBySizeObjectStrategy>(search, deadline);
}

} // namespace memplan
