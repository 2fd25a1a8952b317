//===- XlaHeapSimulator.cpp - XLA's decreasing-size best-fit heap ---------===//

#include "XlaHeapSimulator.h"

#include "BaselinePlan.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace memplan::benchmarks {

static uint64_t getLifetime(const Buffer &buffer) {
  return buffer.end - buffer.start;
}

std::vector<uint64_t> planByXlaHeap(llvm::ArrayRef<Buffer> buffers,
                                    XlaHeapOrder order) {
  std::vector<unsigned> sorted(buffers.size());
  std::iota(sorted.begin(), sorted.end(), 0u);
  std::sort(sorted.begin(), sorted.end(), [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    auto key = [&](const Buffer &buffer, unsigned index) {
      return order == XlaHeapOrder::Spatial
                 ? std::make_tuple(~buffer.size, ~getLifetime(buffer), index)
                 : std::make_tuple(~getLifetime(buffer), ~buffer.size, index);
    };
    return key(l, lhs) < key(r, rhs);
  });

  // The heap's alignment: every buffer's is a power of two, so the largest
  // is a multiple of each.
  uint64_t alignment = 1;
  for (const Buffer &buffer : buffers)
    alignment = std::max(alignment, buffer.alignment);

  std::vector<uint64_t> offsets(buffers.size(), 0);
  std::vector<unsigned> placed;
  std::vector<std::pair<uint64_t, uint64_t>> occupied;
  for (unsigned index : sorted) {
    const Buffer &buffer = buffers[index];
    // One of no bytes, or never live, takes none.
    if (buffer.size == 0 || buffer.start >= buffer.end)
      continue;
    occupied.clear();
    for (unsigned other : placed)
      if (buffers[other].overlapsInTime(buffer))
        occupied.push_back(
            {offsets[other], offsets[other] + buffers[other].size});
    std::sort(occupied.begin(), occupied.end());

    // The first gap begins at 0, each later one at the end below it aligned
    // for the heap; its size counts from there.
    uint64_t gapBegin = 0, below = 0, smallestGap = UINT64_MAX, best = 0;
    bool found = false;
    for (auto [begin, end] : occupied) {
      if (begin > below && gapBegin < begin &&
          begin - gapBegin >= buffer.size && begin - gapBegin < smallestGap) {
        smallestGap = begin - gapBegin;
        best = gapBegin;
        found = true;
      }
      below = std::max(below, end);
      gapBegin = llvm::alignTo(below, alignment);
    }
    offsets[index] = found ? best : gapBegin;
    placed.push_back(index);
  }
  return offsets;
}

std::vector<uint64_t> planByXlaBestHeap(llvm::ArrayRef<Buffer> buffers) {
  std::vector<uint64_t> spatial = planByXlaHeap(buffers, XlaHeapOrder::Spatial);
  std::vector<uint64_t> temporal =
      planByXlaHeap(buffers, XlaHeapOrder::Temporal);
  return getSlabSize(buffers, temporal) < getSlabSize(buffers, spatial)
             ? temporal
             : spatial;
}

} // namespace memplan::benchmarks
