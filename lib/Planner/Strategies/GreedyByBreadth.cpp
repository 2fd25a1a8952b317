//===- GreedyByBreadth.cpp - Busiest moments first, into the best gap -----===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", section 5.3 (Greedy by Breadth for Offset Calculation), on
// plain records and with alignment:
//
//  * Operators. Buffers carry no operators, only intervals, so every distinct
//    start time t of a buffer stands for one. Its profile is the set of
//    buffers with start <= t < end, and its breadth the sum of their sizes
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
// With T distinct starts, finding the profiles costs O(n T); placing costs
// O(n log n + K log n) for K overlapping pairs (GapPlacer).
//
//===----------------------------------------------------------------------===//

#include "GapPlacement.h"
#include "Strategies.h"

#include "../BufferOrder.h"

#include "llvm/ADT/STLExtras.h"


using namespace llvm;

namespace memplan {

namespace {
class GreedyByBreadthStrategy final : public OffsetStrategy {
public:
  StringRef getName() const override { return "greedy-breadth"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override;
};

/// One operator: a start time and the sum of the sizes live at it.
struct Operator {
  uint64_t time;
  uint64_t breadth;
};
} // namespace

static bool isLiveAt(const Buffer &buffer, uint64_t time) {
  return buffer.start <= time && time < buffer.end;
}

Expected<Plan> GreedyByBreadthStrategy::plan(ArrayRef<Buffer> buffers) const {
  // Every buffer in greedy-size's order; each profile is a subsequence.
  SmallVector<unsigned> bySize = detail::getLargestFirstOrder(buffers);

  SmallVector<Operator> operators;
  for (const Buffer &buffer : buffers)
    operators.push_back({buffer.start, 0});
  llvm::sort(operators, [](const Operator &lhs, const Operator &rhs) {
    return lhs.time < rhs.time;
  });
  operators.erase(llvm::unique(operators,
                               [](const Operator &lhs, const Operator &rhs) {
                                 return lhs.time == rhs.time;
                               }),
                  operators.end());
  for (Operator &op : operators)
    for (const Buffer &buffer : buffers)
      if (isLiveAt(buffer, op.time))
        op.breadth = SaturatingAdd(op.breadth, buffer.size);
  // Times are distinct, so this order is total.
  llvm::sort(operators, [](const Operator &lhs, const Operator &rhs) {
    if (lhs.breadth != rhs.breadth)
      return lhs.breadth > rhs.breadth;
    return lhs.time < rhs.time;
  });

  Plan result;
  detail::GapPlacer placer(buffers, result);
  SmallVector<bool> isPlaced(buffers.size(), false);
  auto place = [&](unsigned index) -> Error {
    isPlaced[index] = true;
    if (placer.place(index))
      return Error::success();
    return createStringError(std::make_error_code(std::errc::value_too_large),
                             "greedy-breadth: the end of buffer " +
                                 Twine(index) + " overflows 64 bits");
  };
  for (const Operator &op : operators)
    for (unsigned index : bySize)
      if (!isPlaced[index] && isLiveAt(buffers[index], op.time))
        if (Error error = place(index))
          return std::move(error);
  for (unsigned index : bySize)
    if (!isPlaced[index])
      if (Error error = place(index))
        return std::move(error);
  return result;
}

std::unique_ptr<OffsetStrategy>
createGreedyByBreadthStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyByBreadthStrategy>();
}

} // namespace memplan
