//===- ReferenceGreedyLoop.cpp - The textbook greedy-by-size loop ---------===//

#include "ReferenceGreedyLoop.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

namespace memplan::benchmarks {

std::vector<uint64_t> planByReferenceLoop(llvm::ArrayRef<Buffer> buffers) {
  std::vector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    if (l.size != r.size)
      return l.size > r.size;
    if (l.start != r.start)
      return l.start < r.start;
    return lhs < rhs;
  });

  std::vector<uint64_t> offsets(buffers.size(), 0);
  // The placed buffers that hold bytes, by offset then index.
  std::vector<unsigned> placed;
  for (unsigned index : order) {
    const Buffer &buffer = buffers[index];
    if (buffer.size == 0 || buffer.start >= buffer.end)
      continue;
    uint64_t prev = 0, best = 0, smallestGap = UINT64_MAX;
    bool found = false;
    for (unsigned other : placed) {
      const Buffer &x = buffers[other];
      if (x.end <= buffer.start || buffer.end <= x.start)
        continue;
      if (offsets[other] > prev) {
        uint64_t start = llvm::alignTo(prev, buffer.alignment);
        uint64_t gap = offsets[other] - prev;
        if (start + buffer.size <= offsets[other] && gap < smallestGap) {
          best = start;
          smallestGap = gap;
          found = true;
        }
      }
      prev = std::max(prev, offsets[other] + x.size);
    }
    offsets[index] = found ? best : llvm::alignTo(prev, buffer.alignment);
    auto at = std::upper_bound(
        placed.begin(), placed.end(), index, [&](unsigned lhs, unsigned rhs) {
          return offsets[lhs] != offsets[rhs] ? offsets[lhs] < offsets[rhs]
                                              : lhs < rhs;
        });
    placed.insert(at, index);
  }
  return offsets;
}

} // namespace memplan::benchmarks
