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
  TimeSections sections(buffers);
  numSections = sections.size();
  firstSection.assign(buffers.size(), 0);
  endSection.assign(buffers.size(), 0);
  size_t nodes = std::max<size_t>(4 * numSections, 2);
  nodeBegin.assign(nodes + 1, 0);
  nodeFill.assign(nodes, 0);
  subtreeCount.assign(nodes, 0);
  seenInQuery.assign(buffers.size(), 0);
  // Count each node's slots, then lay them out one after the other.
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (!occupiesMemory(buffer))
      continue;
    std::tie(firstSection[index], endSection[index]) =
        sections.sectionsOf(buffer);
    forEachCoveringNode(
        firstSection[index], endSection[index],
        [&](unsigned node) { ++nodeBegin[node + 1]; }, [](unsigned) {});
  }
  for (size_t node = 0; node != nodes; ++node)
    nodeBegin[node + 1] += nodeBegin[node];
  nodeBuffers.assign(nodeBegin[nodes], 0);
}

template <typename Visit, typename Pass>
void GapPlacer::forEachCoveringNode(unsigned first, unsigned end, Visit visit,
                                    Pass pass) {
  // Iterative descent over (node, its sections [low, high)).
  SmallVector<std::tuple<unsigned, unsigned, unsigned>, 64> stack = {
      {1, 0, numSections}};
  while (!stack.empty()) {
    auto [node, low, high] = stack.pop_back_val();
    if (high <= first || end <= low)
      continue;
    pass(node);
    if (first <= low && high <= end) {
      visit(node);
      continue;
    }
    unsigned middle = low + (high - low) / 2;
    stack.push_back({2 * node, low, middle});
    stack.push_back({2 * node + 1, middle, high});
  }
}

void GapPlacer::insertIntoTree(unsigned index) {
  forEachCoveringNode(
      firstSection[index], endSection[index],
      [&](unsigned node) {
        nodeBuffers[nodeBegin[node] + nodeFill[node]++] = index;
      },
      [&](unsigned node) { ++subtreeCount[node]; });
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
  unsigned first = firstSection[index], end = endSection[index];
  ++query;
  SmallVector<std::tuple<unsigned, unsigned, unsigned>, 64> stack = {
      {1, 0, numSections}};
  while (!stack.empty()) {
    auto [node, low, high] = stack.pop_back_val();
    if (subtreeCount[node] == 0 || high <= first || end <= low)
      continue;
    // Each buffer held here covers all of [low, high), which meets
    // [first, end).
    for (unsigned slot = nodeBegin[node], e = slot + nodeFill[node]; slot != e;
         ++slot) {
      unsigned other = nodeBuffers[slot];
      if (seenInQuery[other] != query) {
        seenInQuery[other] = query;
        overlapping.push_back(other);
      }
    }
    if (high - low > 1) {
      unsigned middle = low + (high - low) / 2;
      stack.push_back({2 * node, low, middle});
      stack.push_back({2 * node + 1, middle, high});
    }
  }
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
    insertIntoTree(index);
  }
  return true;
}

} // namespace memplan::detail
