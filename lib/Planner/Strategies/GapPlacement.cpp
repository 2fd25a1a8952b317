//===- GapPlacement.cpp - Best-fit gap search shared by strategies --------===//

#include "GapPlacement.h"

#include "memplan/Planner/CheckedMath.h"

#include "Strategies.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <tuple>

using namespace llvm;

namespace memplan::detail {

std::optional<uint64_t> fitInGap(const Buffer &buffer, uint64_t gapBegin,
                                 uint64_t gapEnd) {
  std::optional<AlignedPlacement> placed =
      checkedPlaceAbove(gapBegin, buffer.alignment, buffer.size);
  if (!placed || placed->end > gapEnd)
    return std::nullopt;
  return placed->offset;
}

std::optional<uint64_t> recordPlacement(ArrayRef<Buffer> buffers, Plan &plan,
                                        unsigned index,
                                        std::optional<uint64_t> offset,
                                        uint64_t top) {
  const Buffer &buffer = buffers[index];
  // A gap's offset is aligned already: aligning it again keeps it.
  std::optional<AlignedPlacement> placed =
      checkedPlaceAbove(offset.value_or(top), buffer.alignment, buffer.size);
  if (!placed)
    return std::nullopt;
  plan.offsets[index] = placed->offset;
  plan.slabSize = std::max(plan.slabSize, placed->end);
  return placed->end;
}

/// The search `requested` stands for on `buffers`: never Automatic.
static OverlapSearch resolveSearch(OverlapSearch requested,
                                   ArrayRef<Buffer> buffers) {
  if (requested != OverlapSearch::Automatic)
    return requested;
  return buffers.size() <= kScanLimit ? OverlapSearch::Scan
                                      : OverlapSearch::SegmentTree;
}

GapPlacer::GapPlacer(ArrayRef<Buffer> buffers, Plan &plan,
                     OverlapSearch requested)
    : buffers(buffers), plan(plan), search(resolveSearch(requested, buffers)) {
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
  // Nodes 1 .. reachLimit - 1 span kReachSpan leaves or more.
  reachLimit = std::max<size_t>(1, 2 * size_t(numLeaves) / kReachSpan);
  reachBlocks.resize(reachLimit);
  reachReaders.assign(reachLimit, 0);
  // Band nodes span at least kReachSpan leaves, so that the small subtrees
  // a query walks hold nodeRanges all the way down.
  if (numLeaves >= kMinBandedLeaves) {
    firstBand = std::min(kBands, numLeaves / kReachSpan);
    bandBlocks.resize(firstBand);
  }
  // Count each node's slots, then lay them out one after the other.
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (!occupiesMemory(buffer))
      continue;
    std::tie(firstSection[index], endSection[index]) =
        sections.sectionsOf(buffer);
    forEachCanonicalNode(firstSection[index], endSection[index],
                         [&](unsigned node) {
                           if (!isAtOrAboveBands(node))
                             ++nodeBegin[node + 1];
                           if (node < reachLimit)
                             ++reachReaders[node];
                         });
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

bool GapPlacer::sticksOut(unsigned node, unsigned level, unsigned first,
                          unsigned end) const {
  uint64_t low = (uint64_t(node) << level) - numLeaves;
  uint64_t high = (uint64_t(node + 1) << level) - numLeaves;
  return low < first || end < high;
}

void GapPlacer::addToBlocks(SmallVectorImpl<PlacedRange> &blocks,
                            PlacedRange range) {
  // As in addToNode, but the buffers of these blocks may overlap in time, so
  // the new range may bridge any number of blocks.
  auto low = std::partition_point(
      blocks.begin(), blocks.end(),
      [&](const PlacedRange &block) { return block.end < range.offset; });
  auto high =
      std::partition_point(low, blocks.end(), [&](const PlacedRange &block) {
        return block.offset <= range.end;
      });
  if (low == high) {
    blocks.insert(low, range);
    return;
  }
  low->offset = std::min(low->offset, range.offset);
  low->end = std::max(high[-1].end, range.end);
  blocks.erase(low + 1, high);
}

void GapPlacer::addToReach(unsigned node, PlacedRange range) {
  ++subtreeCount[node];
  if (node < reachLimit && reachReaders[node] != 0)
    addToBlocks(reachBlocks[node], range);
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

void GapPlacer::addToBands(unsigned node, PlacedRange range) {
  // The band nodes below `node`: its descendants at the band level.
  unsigned first = node, end = node + 1;
  while (first < firstBand) {
    first *= 2;
    end *= 2;
  }
  for (unsigned band = first; band != end; ++band)
    addToBlocks(bandBlocks[band - firstBand], range);
}

void GapPlacer::insertIntoTree(unsigned index) {
  PlacedRange range = {plan.offsets[index],
                       plan.offsets[index] + buffers[index].size};
  forEachCanonicalNode(firstSection[index], endSection[index],
                       [&](unsigned node) {
                         // This buffer's query has read the node's union:
                         // if it was the last to, the union goes, and its
                         // own range is not added to it.
                         if (node < reachLimit && --reachReaders[node] == 0)
                           reachBlocks[node] = {};
                         addToReach(node, range);
                         if (isAtOrAboveBands(node))
                           addToBands(node, range);
                         else
                           addToNode(node, range);
                       });
  // Every ancestor of a canonical node lies on the path of the first or the
  // last leaf, and its range sticks out past one of them. The nodes of those
  // paths below a canonical node lie inside the buffer's time: it is held
  // above them, where a query meets it on its own paths, so their unions
  // leave it out.
  unsigned first = firstSection[index], end = endSection[index];
  unsigned left = first + numLeaves, right = end - 1 + numLeaves, level = 0;
  for (; left != right; left /= 2, right /= 2, ++level) {
    if (sticksOut(left, level, first, end))
      addToReach(left, range);
    if (sticksOut(right, level, first, end))
      addToReach(right, range);
  }
  for (; left != 0; left /= 2)
    addToReach(left, range);
}

void GapPlacer::findOverlapping(unsigned index) {
  overlapping.clear();
  lists.clear();
  const Buffer &buffer = buffers[index];
  // overlapsInTime would pair an empty lifetime inside another one with it,
  // but a buffer that is never live neither blocks nor is blocked.
  if (!occupiesMemory(buffer))
    return;
  auto addList = [&](const PlacedRange *first, const PlacedRange *last) {
    if (first != last)
      lists.push_back({first, last});
  };
  if (search == OverlapSearch::Scan) {
    // `placed` is in offset order already.
    for (const PlacedBuffer &other : placed)
      if (buffer.start < other.end && other.start < buffer.end)
        overlapping.push_back(other.range);
    addList(overlapping.begin(), overlapping.end());
    return;
  }

  unsigned first = firstSection[index], end = endSection[index];
  // A buffer overlaps this one iff one of its nodes meets [first, end).
  // Those nodes are the ones inside the range, in the subtrees of its
  // canonical nodes, whose union each canonical node keeps (reachBlocks),
  // and the ones that stick out of it, on the paths of its first and last
  // leaves.
  auto collect = [&](unsigned node) {
    const PlacedRange *blocks = nodeRanges.begin() + nodeBegin[node];
    addList(blocks, blocks + nodeFill[node]);
  };
  forEachCanonicalNode(first, end, [&](unsigned root) {
    if (root < reachLimit) {
      addList(reachBlocks[root].begin(), reachBlocks[root].end());
      return;
    }
    // A small subtree: walked, skipping what holds nothing.
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
  // The nodes on the two paths that stick out of the range hold buffers
  // that overlap it in part.
  unsigned left = first + numLeaves, right = end - 1 + numLeaves, level = 0;
  for (; left != right && !isAtOrAboveBands(left);
       left /= 2, right /= 2, ++level) {
    if (sticksOut(left, level, first, end))
      collect(left);
    if (sticksOut(right, level, first, end))
      collect(right);
  }
  // If the paths met below the bands, right follows left up.
  for (; left != 0 && !isAtOrAboveBands(left); left /= 2, right /= 2, ++level)
    if (sticksOut(left, level, first, end))
      collect(left);
  if (left == 0)
    return;
  // The rest of both paths, from the band level up: their buffers cover the
  // first or the last leaf, so they overlap this buffer, even those held at
  // nodes inside its time (which its canonical nodes' unions repeat).
  assert(left >= firstBand && right >= firstBand && "paths end at the bands");
  addList(bandBlocks[left - firstBand].begin(),
          bandBlocks[left - firstBand].end());
  if (right != left)
    addList(bandBlocks[right - firstBand].begin(),
            bandBlocks[right - firstBand].end());
}

ArrayRef<GapPlacer::PlacedRange> GapPlacer::getRangesInOffsetOrder() {
  if (lists.empty())
    return {};
  if (lists.size() == 1)
    return ArrayRef(lists[0].next, lists[0].end);
  // The lists are joined two at a time, the two shortest first (as Huffman
  // codes are built), each join making the ranges that overlap or touch one
  // block: a long list is then copied once or twice, not once per round,
  // where sorting all K ranges was O(K log K) and a heap of the lists'
  // heads was slower still (most ranges come from a few long lists). Only
  // the gaps between the union's blocks matter, and joining keeps them.
  // Each run is [begin, begin + size) of `merged`; a join appends its run.
  merged.clear();
  using Run = std::pair<size_t, size_t>; // (size, begin)
  runs.clear();
  for (const BlockList &list : lists) {
    runs.push_back({size_t(list.end - list.next), merged.size()});
    merged.append(list.next, list.end);
  }
  // A few ranges in all, as where few buffers are live at once, sort faster
  // than the joins' bookkeeping.
  if (merged.size() <= kSortedRanges) {
    // std::sort: llvm::sort would hand these trivially copyable records to
    // qsort.
    std::sort(merged.begin(), merged.end());
    return merged;
  }
  std::make_heap(runs.begin(), runs.end(), std::greater<Run>());
  while (runs.size() > 1) {
    std::pop_heap(runs.begin(), runs.end(), std::greater<Run>());
    Run lhs = runs.pop_back_val();
    std::pop_heap(runs.begin(), runs.end(), std::greater<Run>());
    Run rhs = runs.pop_back_val();
    // Room first: the join reads what it appends to.
    merged.reserve(merged.size() + lhs.first + rhs.first);
    size_t begin = merged.size();
    joinSorted(ArrayRef(merged).slice(lhs.second, lhs.first),
               ArrayRef(merged).slice(rhs.second, rhs.first), merged);
    runs.push_back({merged.size() - begin, begin});
    std::push_heap(runs.begin(), runs.end(), std::greater<Run>());
  }
  return ArrayRef(merged).slice(runs[0].second, runs[0].first);
}

void GapPlacer::joinSorted(ArrayRef<PlacedRange> lhs, ArrayRef<PlacedRange> rhs,
                           SmallVectorImpl<PlacedRange> &out) {
  // `out` may hold the runs joined before: join only within this one.
  size_t runBegin = out.size();
  auto append = [&](const PlacedRange &range) {
    size_t size = out.size();
    if (size != runBegin && range.offset <= out[size - 1].end)
      out[size - 1].end = std::max(out[size - 1].end, range.end);
    else
      out.push_back(range);
  };
  const PlacedRange *l = lhs.begin(), *r = rhs.begin();
  while (l != lhs.end() && r != rhs.end())
    append(r->offset < l->offset ? *r++ : *l++);
  for (; l != lhs.end(); ++l)
    append(*l);
  for (; r != rhs.end(); ++r)
    append(*r);
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
  for (const PlacedRange &x : getRangesInOffsetOrder()) {
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

  if (!recordPlacement(buffers, plan, index, bestOffset, prev))
    return false;
  if (!occupiesMemory(buffer))
    return true;
  if (search == OverlapSearch::Scan) {
    PlacedBuffer entry = {
        buffer.start,
        buffer.end,
        {plan.offsets[index], plan.offsets[index] + buffer.size}};
    placed.insert(
        llvm::upper_bound(placed, entry,
                          [](const PlacedBuffer &lhs, const PlacedBuffer &rhs) {
                            return lhs.range < rhs.range;
                          }),
        entry);
  } else {
    insertIntoTree(index);
  }
  return true;
}

} // namespace memplan::detail
