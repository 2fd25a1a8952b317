//===- UpstreamBestFit.cpp - Upstream MLIR's best-fit planner -------------===//

#include "UpstreamBestFit.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace memplan::benchmarks {

std::vector<uint64_t> planByUpstreamBestFit(llvm::ArrayRef<Buffer> buffers) {
  std::vector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  std::vector<uint64_t> offsets(buffers.size(), 0);
  // Every placed buffer started no later than the one being placed, so those
  // still live at its start are those that end after it.
  std::vector<unsigned> placed;
  std::vector<std::pair<uint64_t, uint64_t>> occupied;
  uint64_t arenaEnd = 0;
  for (unsigned index : order) {
    const Buffer &buffer = buffers[index];
    occupied.clear();
    for (unsigned other : placed)
      if (buffers[other].end > buffer.start)
        occupied.push_back(
            {offsets[other], offsets[other] + buffers[other].size});
    std::sort(occupied.begin(), occupied.end());

    // A gap's size counts from the aligned start, not from the gap's start.
    uint64_t below = 0, smallestGap = UINT64_MAX;
    bool found = false;
    uint64_t best = 0;
    for (auto [begin, end] : occupied) {
      uint64_t start = llvm::alignTo(below, buffer.alignment);
      if (start < begin && begin - start >= buffer.size &&
          begin - start < smallestGap) {
        smallestGap = begin - start;
        best = start;
        found = true;
      }
      below = std::max(below, end);
    }
    // The room above the highest live buffer, up to the arena's top, is a
    // gap as well.
    uint64_t aboveLive = llvm::alignTo(below, buffer.alignment);
    if (aboveLive + buffer.size <= arenaEnd &&
        arenaEnd - aboveLive < smallestGap) {
      best = aboveLive;
      found = true;
    }
    offsets[index] = found ? best : aboveLive;
    arenaEnd = std::max(arenaEnd, offsets[index] + buffer.size);
    placed.push_back(index);
  }
  return offsets;
}

} // namespace memplan::benchmarks
