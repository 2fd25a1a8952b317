//===- GreedyByBreadth.cpp - Busiest moments first, into the best gap -----===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", section 5.3 (Greedy by Breadth for Offset Calculation), on
// plain records and with alignment:
//
//  * Operators. Buffers carry no operators, only intervals, so every distinct
//    start time t of a buffer stands for one. Its profile is the set of
//    buffers live at t (start <= t < end, within one of the intervals of a
//    gapped lifetime, each of which starts an operator too), and its
//    breadth the sum of their sizes
//    (saturated at 2^64 - 1). The breadth can only rise at a start, so the
//    largest breadth is the lower bound of computeLowerBound.
//  * Operators are taken by breadth, largest first; ties go to the earlier
//    time.
//  * Within one operator, the buffers of its profile not placed yet are
//    taken by size, largest first; ties go to the earlier start, then the
//    lower index (the order of greedy-size).
//  * Each goes into the smallest gap that fits it among the placed buffers
//    that overlap it in time, else above them all: the rule of greedy-size
//    (detail::GapPlacer, Algorithm 3 lines 7-23).
//  * Every buffer with a non-empty lifetime lies in the profile of its own
//    start. Buffers with an empty one, in no profile, are placed last in the
//    same order.
//
// No profile is built: a sweep gives every breadth, and a buffer's turn is
// the best-ranked operator within its lifetime, a range minimum over time.
// Ordering costs O(n log n); placing O(n log n + K log n) for K overlapping
// pairs (GapPlacer). The textbook form, which scans every buffer for every
// operator, is kept as the oracle of the unit tests.
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "GapPlacement.h"
#include "Strategies.h"

#include "../BufferOrder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace llvm;

namespace memplan {

namespace {
class GreedyByBreadthStrategy final : public OffsetStrategy {
public:
  explicit GreedyByBreadthStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "greedy-breadth"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override;

private:
  /// Past it, the buffers left are stacked (ClockedPlacement.h).
  Deadline deadline;
};

/// One operator: a start time and the sum of the sizes live at it.
struct Operator {
  uint64_t time;
  uint64_t breadth;
};
} // namespace

/// Each operator's breadth, in the order of `times`: a sweep over the starts
/// and ends, summed in 128 bits so that sizes leaving the profile can be
/// subtracted, then saturated as the file comment defines.
static SmallVector<Operator> computeBreadths(ArrayRef<Buffer> buffers,
                                             ArrayRef<uint64_t> times) {
  using Wide = unsigned __int128;
  SmallVector<std::pair<uint64_t, uint64_t>> starts, ends;
  for (const Buffer &buffer : buffers) {
    if (buffer.start >= buffer.end || buffer.size == 0)
      continue;
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      starts.push_back({start, buffer.size});
      ends.push_back({end, buffer.size});
    });
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  SmallVector<Operator> operators;
  operators.reserve(times.size());
  Wide live = 0;
  size_t nextStart = 0, nextEnd = 0;
  for (uint64_t time : times) {
    for (; nextStart != starts.size() && starts[nextStart].first <= time;
         ++nextStart)
      live += starts[nextStart].second;
    for (; nextEnd != ends.size() && ends[nextEnd].first <= time; ++nextEnd)
      live -= ends[nextEnd].second;
    uint64_t saturated = live > std::numeric_limits<uint64_t>::max()
                             ? std::numeric_limits<uint64_t>::max()
                             : uint64_t(live);
    operators.push_back({time, saturated});
  }
  return operators;
}

/// The order in which the operators place buffers. A buffer is placed by the
/// first operator, in breadth order, whose time lies in its lifetime, and
/// within one operator by size; so the order sorts buffers by the best
/// operator rank over their lifetime (a range minimum over time), then by
/// size rank. Buffers with an empty lifetime come last, by size.
static SmallVector<unsigned> getPlacementOrder(ArrayRef<Buffer> buffers) {
  SmallVector<uint64_t> times;
  for (const Buffer &buffer : buffers)
    if (buffer.start < buffer.end)
      buffer.forEachLiveRange(
          [&](uint64_t start, uint64_t) { times.push_back(start); });
  std::sort(times.begin(), times.end());
  times.erase(llvm::unique(times), times.end());

  SmallVector<Operator> operators = computeBreadths(buffers, times);
  SmallVector<unsigned> byBreadth(operators.size());
  std::iota(byBreadth.begin(), byBreadth.end(), 0u);
  // Times are distinct, so this order is total.
  llvm::sort(byBreadth, [&](unsigned lhs, unsigned rhs) {
    const Operator &l = operators[lhs], &r = operators[rhs];
    if (l.breadth != r.breadth)
      return l.breadth > r.breadth;
    return l.time < r.time;
  });

  // A bottom-up segment tree of operator ranks, indexed by time order.
  size_t leaves = llvm::PowerOf2Ceil(std::max<size_t>(operators.size(), 1));
  constexpr unsigned kNoOperator = std::numeric_limits<unsigned>::max();
  SmallVector<unsigned> bestRank(2 * leaves, kNoOperator);
  for (auto [rank, op] : llvm::enumerate(byBreadth))
    bestRank[leaves + op] = rank;
  for (size_t node = leaves - 1; node >= 1; --node)
    bestRank[node] = std::min(bestRank[2 * node], bestRank[2 * node + 1]);
  auto rangeMinimum = [&](size_t first, size_t end) {
    unsigned best = kNoOperator;
    for (first += leaves, end += leaves; first < end; first /= 2, end /= 2) {
      if (first & 1)
        best = std::min(best, bestRank[first++]);
      if (end & 1)
        best = std::min(best, bestRank[--end]);
    }
    return best;
  };

  SmallVector<unsigned> sizeRank(buffers.size());
  for (auto [rank, index] :
       llvm::enumerate(detail::getLargestFirstOrder(buffers)))
    sizeRank[index] = rank;
  SmallVector<unsigned> firstOperator(buffers.size(), kNoOperator);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (buffer.start >= buffer.end)
      continue;
    // The operators at times in each [start, end); the buffer's own start is
    // one.
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      size_t firstTime = llvm::lower_bound(times, start) - times.begin();
      size_t endTime = llvm::lower_bound(times, end) - times.begin();
      firstOperator[index] =
          std::min(firstOperator[index], rangeMinimum(firstTime, endTime));
    });
  }

  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    if (firstOperator[lhs] != firstOperator[rhs])
      return firstOperator[lhs] < firstOperator[rhs];
    return sizeRank[lhs] < sizeRank[rhs];
  });
  return order;
}

Expected<Plan> GreedyByBreadthStrategy::plan(ArrayRef<Buffer> buffers,
                                             const PlanRequest &) const {
  Plan result;
  result.outcome.strategy = getName().str();
  if (std::optional<unsigned> overflow = detail::placeInOrderByGaps(
          buffers, getPlacementOrder(buffers), deadline, result))
    return detail::makeEndOverflowError(getName(), *overflow);
  return result;
}

std::unique_ptr<OffsetStrategy>
createGreedyByBreadthStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyByBreadthStrategy>(options.deadline);
}

} // namespace memplan
