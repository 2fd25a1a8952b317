//===- SweepPlacement.cpp - Best-fit gaps for buffers in start order ------===//

#include "SweepPlacement.h"

#include "GapPlacement.h"

#include "../TimeSections.h"

#include <cassert>
#include <iterator>

namespace memplan::detail {

SweepGapPlacer::SweepGapPlacer(llvm::ArrayRef<Buffer> buffers, Plan &plan)
    : buffers(buffers), plan(plan), below(buffers.size(), kNone),
      above(buffers.size(), kNone) {
  plan.offsets.assign(buffers.size(), 0);
  plan.slabSize = 0;
}

void SweepGapPlacer::addGap(uint64_t begin, unsigned upper) {
  uint64_t end = plan.offsets[upper];
  if (begin < end)
    gaps.insert({end - begin, begin, upper});
}

void SweepGapPlacer::removeGap(uint64_t begin, unsigned upper) {
  uint64_t end = plan.offsets[upper];
  if (begin < end)
    gaps.erase({end - begin, begin, upper});
}

void SweepGapPlacer::insertLive(unsigned index, unsigned upper) {
  unsigned lower = upper == kNone ? highest : below[upper];
  below[index] = lower;
  above[index] = upper;
  if (lower != kNone)
    above[lower] = index;
  if (upper != kNone)
    below[upper] = index;
  else
    highest = index;
}

void SweepGapPlacer::removeLive(unsigned index) {
  unsigned lower = below[index], upper = above[index];
  uint64_t gapBegin = lower == kNone ? 0 : endOf(lower);
  removeGap(gapBegin, index);
  // The highest buffer has no gap above it: what was below it becomes the
  // top, and nothing above the top is a gap.
  if (upper != kNone) {
    removeGap(endOf(index), upper);
    addGap(gapBegin, upper);
    below[upper] = lower;
  } else {
    highest = lower;
  }
  if (lower != kNone)
    above[lower] = upper;
}

void SweepGapPlacer::expireUntil(uint64_t time) {
  while (!ends.empty() && ends.top().first <= time) {
    unsigned index = ends.top().second;
    ends.pop();
    removeLive(index);
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
  std::optional<Gap> chosenGap;
  if (occupies) {
    // Gaps shorter than the buffer cannot hold it; of the others, alignment
    // may leave too little of a gap shorter than size + alignment - 1.
    for (auto gap = gaps.lower_bound({buffer.size, 0, kNone});
         gap != gaps.end(); ++gap) {
      offset = fitInGap(buffer, gap->begin, gap->begin + gap->length);
      if (offset) {
        chosenGap = *gap;
        break;
      }
    }
  }
  uint64_t top = !occupies || highest == kNone ? 0 : endOf(highest);
  std::optional<uint64_t> end =
      recordPlacement(buffers, plan, index, offset, top);
  if (!end)
    return false;
  if (!occupies)
    return true;
  if (chosenGap) {
    gaps.erase(*chosenGap);
    insertLive(index, chosenGap->above);
    addGap(chosenGap->begin, index);
    addGap(*end, chosenGap->above);
  } else {
    insertLive(index, kNone);
    addGap(top, index);
  }
  ends.push({buffer.end, index});
  return true;
}

} // namespace memplan::detail
