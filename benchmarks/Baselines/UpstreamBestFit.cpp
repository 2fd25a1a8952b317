//===- UpstreamBestFit.cpp - Upstream MLIR's best-fit planner -------------===//

#include "UpstreamBestFit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace memplan::benchmarks {

namespace {
/// A placed buffer's bytes and the time it dies.
struct LiveRange {
  uint64_t begin;
  uint64_t end;
  uint64_t dies;
};
/// Free room for the buffer being placed: from its aligned start on.
struct Hole {
  uint64_t begin;
  uint64_t size;
};
} // namespace

std::vector<uint64_t> planByUpstreamBestFit(llvm::ArrayRef<Buffer> buffers) {
  std::vector<unsigned> byStart(buffers.size());
  std::iota(byStart.begin(), byStart.end(), 0u);
  std::stable_sort(byStart.begin(), byStart.end(),
                   [&](unsigned lhs, unsigned rhs) {
                     return buffers[lhs].start < buffers[rhs].start;
                   });

  std::vector<uint64_t> offsets(buffers.size(), 0);
  std::vector<LiveRange> live;
  std::vector<Hole> holes;
  uint64_t arenaTop = 0;
  for (unsigned index : byStart) {
    const Buffer &buffer = buffers[index];
    // Taken by start, so a range that died by now never comes back.
    llvm::erase_if(live, [&](const LiveRange &range) {
      return range.dies <= buffer.start;
    });
    std::sort(live.begin(), live.end(),
              [](const LiveRange &lhs, const LiveRange &rhs) {
                return std::make_pair(lhs.begin, lhs.end) <
                       std::make_pair(rhs.begin, rhs.end);
              });

    holes.clear();
    uint64_t highestEnd = 0;
    for (const LiveRange &range : live) {
      uint64_t start = llvm::alignTo(highestEnd, buffer.alignment);
      if (start < range.begin)
        holes.push_back({start, range.begin - start});
      highestEnd = std::max(highestEnd, range.end);
    }
    uint64_t above = llvm::alignTo(highestEnd, buffer.alignment);
    if (above + buffer.size <= arenaTop)
      holes.push_back({above, arenaTop - above});
    llvm::erase_if(holes,
                   [&](const Hole &hole) { return hole.size < buffer.size; });
    // The first of the smallest: the lowest, or a gap before the room at the
    // top.
    auto best = std::min_element(
        holes.begin(), holes.end(),
        [](const Hole &lhs, const Hole &rhs) { return lhs.size < rhs.size; });
    offsets[index] = best == holes.end() ? above : best->begin;
    arenaTop = std::max(arenaTop, offsets[index] + buffer.size);
    live.push_back({offsets[index], offsets[index] + buffer.size, buffer.end});
  }
  return offsets;
}

} // namespace memplan::benchmarks
