//===- GapPlacement.cpp - Best-fit gap search shared by strategies --------===//

#include "GapPlacement.h"

#include "Strategies.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace memplan::detail {

std::optional<uint64_t> fitInGap(const Buffer &buffer, uint64_t gapBegin,
                                 uint64_t gapEnd) {
  std::optional<uint64_t> start = checkedAlignTo(gapBegin, buffer.alignment);
  std::optional<uint64_t> end =
      start ? llvm::checkedAddUnsigned(*start, buffer.size) : std::nullopt;
  if (!end || *end > gapEnd)
    return std::nullopt;
  return start;
}

GapPlacer::GapPlacer(ArrayRef<Buffer> buffers, Plan &plan, OverlapSearch search)
    : buffers(buffers), plan(plan), search(search) {
  plan.offsets.assign(buffers.size(), 0);
  plan.slabSize = 0;
  if (search == OverlapSearch::Scan) {
    placed.reserve(buffers.size());
    return;
  }
  tree.emplace(buffers);
}

void GapPlacer::findOverlapping(unsigned index) {
  overlapping.clear();
  const Buffer &buffer = buffers[index];
  if (search == OverlapSearch::Scan) {
    for (unsigned other : placed)
      if (buffer.overlapsInTime(buffers[other]))
        overlapping.push_back(other);
    return;
  }
  if (!occupiesMemory(buffer))
    return;
  tree->findOverlapping(index, overlapping);
  llvm::sort(overlapping, [&](unsigned lhs, unsigned rhs) {
    uint64_t l = plan.offsets[lhs], r = plan.offsets[rhs];
    return l != r ? l < r : lhs < rhs;
  });
}

bool GapPlacer::place(unsigned index) {
  const Buffer &buffer = buffers[index];
  if (buffer.size == 0) {
    plan.offsets[index] = 0;
    return true;
  }

  findOverlapping(index);
  uint64_t prev = 0;
  std::optional<uint64_t> bestOffset;
  uint64_t smallestGap = 0;
  for (unsigned other : overlapping) {
    const Buffer &x = buffers[other];
    uint64_t xOffset = plan.offsets[other];
    if (xOffset > prev) {
      std::optional<uint64_t> candidate = fitInGap(buffer, prev, xOffset);
      uint64_t gap = xOffset - prev;
      if (candidate && (!bestOffset || gap < smallestGap)) {
        bestOffset = candidate;
        smallestGap = gap;
      }
    }
    // Cannot overflow: x's end was checked when x was placed.
    prev = std::max(prev, xOffset + x.size);
  }

  if (!bestOffset)
    bestOffset = checkedAlignTo(prev, buffer.alignment);
  std::optional<uint64_t> end =
      bestOffset ? checkedAddUnsigned(*bestOffset, buffer.size) : std::nullopt;
  if (!end)
    return false;

  plan.offsets[index] = *bestOffset;
  plan.slabSize = std::max(plan.slabSize, *end);
  if (search == OverlapSearch::Scan) {
    auto byOffset = [&](unsigned lhs, unsigned rhs) {
      uint64_t l = plan.offsets[lhs], r = plan.offsets[rhs];
      return l != r ? l < r : lhs < rhs;
    };
    placed.insert(llvm::upper_bound(placed, index, byOffset), index);
  } else if (occupiesMemory(buffer)) {
    tree->insert(index);
  }
  return true;
}

} // namespace memplan::detail
