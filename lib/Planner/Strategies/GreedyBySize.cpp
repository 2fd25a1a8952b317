//===- GreedyBySize.cpp - Largest buffers first, into the best gap --------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", Algorithm 3 (Greedy by Size for Offset Calculation), extended
// with alignment:
//
//  * Buffers are placed by size, largest first. Ties go to the earlier start,
//    then to the lower input index, so the plan is deterministic.
//  * Each buffer goes into the smallest gap that fits it among the placed
//    buffers that overlap it in time, else above them all (best fit, as in
//    the paper; the rule is detail::GapPlacer in GapPlacement.h, shared with
//    greedy-breadth and start-best-fit). Zero-size buffers go to offset 0.
//
// Each placement finds the placed buffers it overlaps in a segment tree over
// time (GapPlacer): O(n log n + K log n) for K overlapping pairs, not the
// textbook O(n^2); K counts touching byte ranges as one, so a stack of
// buffers live at once is cheap.
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "GapPlacement.h"
#include "Strategies.h"

#include "../BufferOrder.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeStrategy final : public OffsetStrategy {
public:
  explicit GreedyBySizeStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "greedy-size"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override;

private:
  /// Past it, the buffers left are stacked (ClockedPlacement.h).
  Deadline deadline;
};
} // namespace

Expected<Plan> GreedyBySizeStrategy::plan(ArrayRef<Buffer> buffers,
                                          const PlanRequest &) const {
  SmallVector<unsigned> order = detail::getLargestFirstOrder(buffers);

  Plan result;
  result.outcome.strategy = getName().str();
  if (std::optional<unsigned> overflow =
          detail::placeInOrderByGaps(buffers, order, deadline, result))
    return detail::makeEndOverflowError(getName(), *overflow);
  return result;
}

std::unique_ptr<OffsetStrategy>
createGreedyBySizeStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyBySizeStrategy>(options.deadline);
}

} // namespace memplan
