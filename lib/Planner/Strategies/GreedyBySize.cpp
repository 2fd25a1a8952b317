//===- GreedyBySize.cpp - Largest buffers first, into the best gap --------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", Algorithm 3 (Greedy by Size for Offset Calculation), extended
// with alignment:
//
//  * Buffers are placed by size, largest first. Ties go to the earlier start,
//    then to the lower input index, so the plan is deterministic.
//  * For buffer t, the placed buffers whose lifetimes overlap t's are scanned
//    in increasing offset order while `prev` tracks the highest end seen so
//    far (starting at 0). Before each such buffer x there is a free gap
//    [prev, x.offset). t fits in it if alignTo(prev, t.alignment) + t.size <=
//    x.offset. Among the gaps that fit, the one with the smallest raw length
//    x.offset - prev wins (best fit, as in the paper); the lowest one wins a
//    tie. t goes to the aligned start of that gap.
//  * If no gap fits, t goes above them all, at alignTo(prev, t.alignment).
//  * Zero-size buffers occupy no bytes: they go to offset 0 and are not
//    recorded as placed, so they never split a gap.
//
// This is the textbook O(n^2) form: each buffer scans every placed one.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeStrategy final : public OffsetStrategy {
public:
  StringRef getName() const override { return "greedy-size"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override;
};
} // namespace

Expected<Plan> GreedyBySizeStrategy::plan(ArrayRef<Buffer> buffers) const {
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    if (l.size != r.size)
      return l.size > r.size;
    if (l.start != r.start)
      return l.start < r.start;
    return lhs < rhs;
  });

  Plan result;
  result.offsets.assign(buffers.size(), 0);
  // Indices of the placed buffers, ordered by offset, then by index.
  SmallVector<unsigned> placed;
  placed.reserve(buffers.size());
  auto byOffset = [&](unsigned lhs, unsigned rhs) {
    uint64_t l = result.offsets[lhs], r = result.offsets[rhs];
    return l != r ? l < r : lhs < rhs;
  };

  for (unsigned index : order) {
    const Buffer &buffer = buffers[index];
    if (buffer.size == 0)
      continue;

    uint64_t prev = 0;
    std::optional<uint64_t> bestOffset;
    uint64_t smallestGap = 0;
    for (unsigned other : placed) {
      const Buffer &x = buffers[other];
      if (!buffer.overlapsInTime(x))
        continue;
      uint64_t xOffset = result.offsets[other];
      if (xOffset > prev) {
        // An alignment or sum that overflows cannot end below xOffset, so
        // overflow just means that the buffer does not fit.
        std::optional<uint64_t> candidate =
            detail::checkedAlignTo(prev, buffer.alignment);
        std::optional<uint64_t> candidateEnd =
            candidate ? checkedAddUnsigned(*candidate, buffer.size)
                      : std::nullopt;
        uint64_t gap = xOffset - prev;
        if (candidateEnd && *candidateEnd <= xOffset &&
            (!bestOffset || gap < smallestGap)) {
          bestOffset = candidate;
          smallestGap = gap;
        }
      }
      // Cannot overflow: x's end was checked when x was placed.
      prev = std::max(prev, xOffset + x.size);
    }

    if (!bestOffset)
      bestOffset = detail::checkedAlignTo(prev, buffer.alignment);
    std::optional<uint64_t> end =
        bestOffset ? checkedAddUnsigned(*bestOffset, buffer.size)
                   : std::nullopt;
    if (!end)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               "greedy-size: the end of buffer " +
                                   Twine(index) + " overflows 64 bits");

    result.offsets[index] = *bestOffset;
    result.slabSize = std::max(result.slabSize, *end);
    placed.insert(llvm::upper_bound(placed, index, byOffset), index);
  }
  return result;
}

std::unique_ptr<OffsetStrategy>
createGreedyBySizeStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyBySizeStrategy>();
}

} // namespace memplan
