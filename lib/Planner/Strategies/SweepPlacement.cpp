//===- SweepPlacement.cpp - Best-fit gaps for buffers in start order ------===//

#include "SweepPlacement.h"

#include "GapPlacement.h"

#include "../TimeSections.h"

#include <cassert>
#include <iterator>

namespace memplan::detail {

SweepGapPlacer::SweepGapPlacer(llvm::ArrayRef<Buffer> buffers, Plan &plan)
    : buffers(buffers), plan(plan) {
  plan.offsets.assign(buffers.size(), 0);
  plan.slabSize = 0;
}

void SweepGapPlacer::addGap(uint64_t begin, uint64_t end) {
  if (begin < end)
    gaps.insert({end - begin, begin});
}

void SweepGapPlacer::removeGap(uint64_t begin, uint64_t end) {
  if (begin < end)
    gaps.erase({end - begin, begin});
}

void SweepGapPlacer::removeLive(std::map<uint64_t, uint64_t>::iterator it) {
  uint64_t below = it == live.begin() ? 0 : std::prev(it)->second;
  auto above = std::next(it);
  removeGap(below, it->first);
  if (above != live.end()) {
    removeGap(it->second, above->first);
    addGap(below, above->first);
  }
  // The highest buffer has no gap above it: what was below it becomes the
  // top, and nothing above the top is a gap.
  live.erase(it);
}

void SweepGapPlacer::expireUntil(uint64_t time) {
  while (!ends.empty() && ends.top().first <= time) {
    uint64_t offset = ends.top().second;
    ends.pop();
    removeLive(live.find(offset));
  }
}

bool SweepGapPlacer::place(unsigned index) {
  const Buffer &buffer = buffers[index];
  if (buffer.size == 0) {
    plan.offsets[index] = 0;
    return true;
  }
  // A buffer that is never live overlaps nothing: it goes to 0 and blocks
  // nothing, as in GapPlacer.
  bool occupies = occupiesMemory(buffer);
  if (occupies)
    expireUntil(buffer.start);

  std::optional<uint64_t> offset;
  std::optional<std::pair<uint64_t, uint64_t>> chosenGap;
  if (occupies) {
    // Gaps shorter than the buffer cannot hold it; of the others, alignment
    // may leave too little of a gap shorter than size + alignment - 1.
    for (auto gap = gaps.lower_bound({buffer.size, 0}); gap != gaps.end();
         ++gap) {
      offset = fitInGap(buffer, gap->second, gap->second + gap->first);
      if (offset) {
        chosenGap = *gap;
        break;
      }
    }
  }
  uint64_t top = !occupies || live.empty() ? 0 : std::prev(live.end())->second;
  std::optional<uint64_t> end =
      recordPlacement(buffers, plan, index, offset, top);
  if (!end)
    return false;
  if (!occupies)
    return true;
  uint64_t start = plan.offsets[index];
  if (chosenGap) {
    auto [length, gapBegin] = *chosenGap;
    uint64_t gapEnd = gapBegin + length;
    gaps.erase(*chosenGap);
    addGap(gapBegin, start);
    addGap(*end, gapEnd);
  } else {
    addGap(top, start);
  }
  [[maybe_unused]] bool inserted = live.insert({start, *end}).second;
  assert(inserted && "live buffers overlap");
  ends.push({buffer.end, start});
  return true;
}

} // namespace memplan::detail
