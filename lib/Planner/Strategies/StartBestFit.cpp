//===- StartBestFit.cpp - Buffers in start order, into the best gap -------===//
//
// The order a simple static planner sees buffers in: by allocation time.
// Kept to compare the size- and breadth-ordered strategies against.
//
//  * Buffers are taken by start time, earliest first; ties go to the larger
//    size, then to the lower index.
//  * Each goes into the smallest gap that fits it among the placed buffers
//    that overlap it in time, else above them all (the rule of greedy-size,
//    detail::GapPlacer). Every placed buffer started no later, so those it
//    overlaps are exactly the ones still live at its start: a sweep over
//    time keeps them and their gaps (detail::SweepGapPlacer). Where some
//    lifetime has gaps that no longer holds, and GapPlacer, which compares
//    lifetimes interval by interval, places them by the same rule (up to
//    kGappedScanLimit buffers; past it the sweep places the hulls).
//
// Placing costs O(n log n), plus the gaps passed over because alignment
// leaves too little of them.
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "GapPlacement.h"
#include "Strategies.h"
#include "SweepPlacement.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan {

namespace {
class StartBestFitStrategy final : public OffsetStrategy {
public:
  explicit StartBestFitStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "start-best-fit"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override {
    SmallVector<unsigned> order(buffers.size());
    std::iota(order.begin(), order.end(), 0u);
    llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
      const Buffer &l = buffers[lhs], &r = buffers[rhs];
      if (l.start != r.start)
        return l.start < r.start;
      if (l.size != r.size)
        return l.size > r.size;
      return lhs < rhs;
    });

    Plan result;
    result.outcome.strategy = getName().str();
    std::optional<unsigned> overflow;
    if (detail::scansGappedLifetimes(buffers)) {
      overflow = detail::placeInOrderByGaps(buffers, order, deadline, result);
    } else {
      detail::SweepGapPlacer placer(buffers, result);
      overflow = detail::placeInOrder(
          buffers, order, deadline, result,
          [&](unsigned index) { return placer.place(index); });
    }
    if (overflow)
      return detail::makeEndOverflowError(getName(), *overflow);
    return result;
  }

private:
  /// Past it, the buffers left are stacked (ClockedPlacement.h).
  Deadline deadline;
};
} // namespace

std::unique_ptr<OffsetStrategy>
createStartBestFitStrategy(const StrategyOptions &options) {
  return std::make_unique<StartBestFitStrategy>(options.deadline);
}

} // namespace memplan
