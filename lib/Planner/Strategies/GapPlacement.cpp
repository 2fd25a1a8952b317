//===- GapPlacement.cpp - Best-fit gap search shared by strategies --------===//

#include "GapPlacement.h"

#include "Strategies.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace memplan::detail {

std::optional<uint64_t> fitInGap(const Buffer &buffer, uint64_t gapBegin,
                                 uint64_t gapEnd) {
  std::optional<uint64_t> start = checkedAlignTo(gapBegin, buffer.alignment);
  std::optional<uint64_t> end =
      start ? checkedSum(*start, buffer.size) : std::nullopt;
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
  numLeaves = llvm::PowerOf2Ceil(std::max(sections.size(), 1u));
  firstSection.assign(buffers.size(), 0);
  endSection.assign(buffers.size(), 0);
  size_t nodes = 2 * size_t(numLeaves);
  nodeBegin.assign(nodes + 1, 0);
  nodeFill.assign(nodes, 0);
  subtreeCount.assign(nodes, 0);
  // Count each node's slots, then lay them out one after the other.
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (!occupiesMemory(buffer))
      continue;
    std::tie(firstSection[index], endSection[index]) =
        sections.sectionsOf(buffer);
    forEachCanonicalNode(firstSection[index], endSection[index],
                         [&](unsigned node) { ++nodeBegin[node + 1]; });
  }
  for (size_t node = 0; node != nodes; ++node)
    nodeBegin[node + 1] += nodeBegin[node];
  nodeRanges.resize(nodeBegin[nodes]);
}

template <typename Visit>
void GapPlacer::forEachCanonicalNode(unsigned first, unsigned end,
                                     Visit visit) const {
  // Bottom up: a boundary node that sticks out is left for its inner
  // neighbour's parent.
  for (unsigned low = first + numLeaves, high = end + numLeaves; low < high;
       low /= 2, high /= 2) {
    if (low & 1)
      visit(low++);
    if (high & 1)
      visit(--high);
  }
}

void GapPlacer::addToNode(unsigned node, PlacedRange range) {
  PlacedRange *first = nodeRanges.begin() + nodeBegin[node];
  PlacedRange *last = first + nodeFill[node];
  // The blocks that overlap or touch `range` merge with it into one. The
  // buffers of a node all share its time, so their ranges are disjoint and
  // at most the blocks on either side merge; a stack of buffers placed one on
  // top of the other stays a single block.
  PlacedRange *low =
      std::partition_point(first, last, [&](const PlacedRange &block) {
        return block.end < range.offset;
      });
  PlacedRange *high =
      std::partition_point(low, last, [&](const PlacedRange &block) {
        return block.offset <= range.end;
      });
  if (low == high) {
    // A new block: the node has a slot per buffer, so there is room.
    std::move_backward(low, last, last + 1);
    *low = range;
    ++nodeFill[node];
    return;
  }
  low->offset = std::min(low->offset, range.offset);
  low->end = std::max(high[-1].end, range.end);
  std::move(high, last, low + 1);
  nodeFill[node] -= high - low - 1;
}

void GapPlacer::insertIntoTree(unsigned index) {
  PlacedRange range = {plan.offsets[index],
                       plan.offsets[index] + buffers[index].size};
  forEachCanonicalNode(firstSection[index], endSection[index],
                       [&](unsigned node) {
                         addToNode(node, range);
                         ++subtreeCount[node];
                       });
  // Every ancestor of a canonical node lies on the path of the first or the
  // last leaf (its range sticks out past one of them).
  unsigned left = firstSection[index] + numLeaves;
  unsigned right = endSection[index] - 1 + numLeaves;
  for (; left != right; left /= 2, right /= 2) {
    ++subtreeCount[left];
    ++subtreeCount[right];
  }
  for (; left != 0; left /= 2)
    ++subtreeCount[left];
}

void GapPlacer::findOverlapping(unsigned index) {
  overlapping.clear();
  const Buffer &buffer = buffers[index];
  // overlapsInTime would pair an empty lifetime inside another one with it,
  // but a buffer that is never live neither blocks nor is blocked.
  if (!occupiesMemory(buffer))
    return;
  if (search == OverlapSearch::Scan) {
    for (unsigned other : placed)
      if (buffer.overlapsInTime(buffers[other]))
        overlapping.push_back(
            {plan.offsets[other], plan.offsets[other] + buffers[other].size});
    return;
  }

  auto collect = [&](unsigned node) {
    // Nodes hold a few ranges each: a loop beats append's memmove call.
    for (size_t slot = nodeBegin[node], e = slot + nodeFill[node]; slot != e;
         ++slot)
      overlapping.push_back(nodeRanges[slot]);
  };
  unsigned first = firstSection[index], end = endSection[index];
  // A buffer overlaps this one iff one of its nodes meets [first, end).
  // Those nodes are the ones inside the range, found below its canonical
  // nodes, and the ones that stick out of it, on the paths of its first and
  // last leaves.
  forEachCanonicalNode(first, end, [&](unsigned root) {
    stack.assign(1, root);
    while (!stack.empty()) {
      unsigned node = stack.pop_back_val();
      if (subtreeCount[node] == 0)
        continue;
      collect(node);
      if (node < numLeaves) {
        stack.push_back(2 * node);
        stack.push_back(2 * node + 1);
      }
    }
  });
  auto sticksOut = [&](unsigned node, unsigned level) {
    uint64_t low = (uint64_t(node) << level) - numLeaves;
    uint64_t high = (uint64_t(node + 1) << level) - numLeaves;
    return low < first || end < high;
  };
  unsigned left = first + numLeaves, right = end - 1 + numLeaves, level = 0;
  for (; left != right; left /= 2, right /= 2, ++level) {
    if (sticksOut(left, level))
      collect(left);
    if (sticksOut(right, level))
      collect(right);
  }
  for (; left != 0; left /= 2, ++level)
    if (sticksOut(left, level))
      collect(left);
  // std::sort: llvm::sort would hand these trivially copyable records to
  // qsort.
  std::sort(overlapping.begin(), overlapping.end());
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
  for (const PlacedRange &x : overlapping) {
    if (x.offset > prev) {
      std::optional<uint64_t> candidate = fitInGap(buffer, prev, x.offset);
      uint64_t gap = x.offset - prev;
      if (candidate && (!bestOffset || gap < smallestGap)) {
        bestOffset = candidate;
        smallestGap = gap;
      }
    }
    prev = std::max(prev, x.end);
  }

  if (!bestOffset)
    bestOffset = checkedAlignTo(prev, buffer.alignment);
  std::optional<uint64_t> end =
      bestOffset ? checkedSum(*bestOffset, buffer.size) : std::nullopt;
  if (!end)
    return false;

  plan.offsets[index] = *bestOffset;
  plan.slabSize = std::max(plan.slabSize, *end);
  if (!occupiesMemory(buffer))
    return true;
  if (search == OverlapSearch::Scan) {
    auto byOffset = [&](unsigned lhs, unsigned rhs) {
      uint64_t l = plan.offsets[lhs], r = plan.offsets[rhs];
      return l != r ? l < r : lhs < rhs;
    };
    placed.insert(llvm::upper_bound(placed, index, byOffset), index);
  } else {
    insertIntoTree(index);
  }
  return true;
}

} // namespace memplan::detail
