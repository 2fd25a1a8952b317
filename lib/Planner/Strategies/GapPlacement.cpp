//===- GapPlacement.cpp - Best-fit gap search shared by strategies --------===//

#include "GapPlacement.h"

#include "memplan/Planner/CheckedMath.h"

#include "Strategies.h"

#include "../ClockLooks.h"
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
  return buffers.size() <= kScanLimit || scansGappedLifetimes(buffers)
             ? OverlapSearch::Scan
             : OverlapSearch::SegmentTree;
}

GapPlacer::GapPlacer(ArrayRef<Buffer> buffers, Plan &plan,
                     OverlapSearch requested, const GapTreeShape &shape)
    : GapPlacer(WithoutTree(), buffers, plan, requested) {
  buildTree(shape, Deadline());
}

std::optional<GapPlacer> GapPlacer::createBefore(const Deadline &deadline,
                                                 ArrayRef<Buffer> buffers,
                                                 Plan &plan,
                                                 OverlapSearch requested,
                                                 const GapTreeShape &shape) {
  GapPlacer placer(WithoutTree(), buffers, plan, requested);
  if (!placer.buildTree(shape, deadline))
    return std::nullopt;
  return placer;
}

GapPlacer::GapPlacer(WithoutTree, ArrayRef<Buffer> buffers, Plan &plan,
                     OverlapSearch requested)
    : buffers(buffers), plan(plan), search(resolveSearch(requested, buffers)) {
  plan.offsets.assign(buffers.size(), 0);
  plan.slabSize = 0;
}

bool GapPlacer::buildTree(const GapTreeShape &shape, const Deadline &deadline) {
  // A look every kStepsPerClockLook buffers of each loop below, and one
  // before them.
  ClockLooks clock(deadline);
  if (clock.hasPassed())
    return false;
  if (search == OverlapSearch::Scan) {
    placed.reserve(buffers.size());
    return true;
  }
  TimeSections sections(buffers);
  numLeaves = llvm::PowerOf2Ceil(std::max(sections.size(), 1u));
  log2Leaves = llvm::Log2_32(numLeaves);
  firstSection.assign(buffers.size(), 0);
  endSection.assign(buffers.size(), 0);
  size_t nodes = 2 * size_t(numLeaves);
  nodeSlots.assign(nodes + 1, {});
  startBlocks.resize(nodes);
  startReaders.assign(nodes, 0);
  assert(llvm::isPowerOf2_32(shape.minBandSpan) &&
         (shape.bands == 0 || llvm::isPowerOf2_32(shape.bands)) &&
         "band nodes make one level of the tree");
  // Levels past the leaves add nothing.
  fullLimit = size_t(1) << std::min(shape.fullLevels, log2Leaves + 1);
  fullBlocks.resize(fullLimit);
  fullReaders.assign(fullLimit, 0);
  // Band nodes span at least minBandSpan leaves.
  if (numLeaves >= shape.minBandedLeaves) {
    firstBand = std::min(shape.bands, numLeaves / shape.minBandSpan);
    bandBlocks.resize(firstBand);
  }
  // Count each node's slots and readers, then lay the slots out one after
  // the other.
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (clock.hasPassed())
      return false;
    if (!occupiesMemory(buffer))
      continue;
    std::tie(firstSection[index], endSection[index]) =
        sections.sectionsOf(buffer);
    forEachCanonicalNode(firstSection[index], endSection[index],
                         [&](unsigned node) {
                           if (!isAtOrAboveBands(node))
                             ++nodeSlots[node + 1].begin;
                           if (node < fullLimit)
                             ++fullReaders[node];
                           else
                             ++startReaders[node];
                         });
  }
  // Only the slots a node fills are read.
  nodeRanges.resize_for_overwrite(layOutSlots(nodeSlots));
  // The same for the start slots of the small nodes that some query reads.
  slottedFrom =
      shape.slottedLevels == 0
          ? nodes
          : std::max<size_t>(
                fullLimit,
                numLeaves >> std::min(shape.slottedLevels - 1, log2Leaves + 1));
  startSlots.assign(nodes - slottedFrom + 1, {});
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (clock.hasPassed())
      return false;
    if (!occupiesMemory(buffer))
      continue;
    for (size_t node = firstSection[index] + numLeaves; node >= slottedFrom;
         node /= 2)
      if (startReaders[node] != 0)
        ++startSlots[node - slottedFrom + 1].begin;
  }
  slotRanges.resize_for_overwrite(layOutSlots(startSlots));
  return true;
}

size_t GapPlacer::layOutSlots(MutableArrayRef<Slots> slots) {
  for (size_t index = 1; index < slots.size(); ++index)
    slots[index].begin += slots[index - 1].begin;
  return slots.back().begin;
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

unsigned GapPlacer::firstLeafOf(unsigned node) const {
  unsigned level = log2Leaves - llvm::Log2_32(node);
  return (node << level) - numLeaves;
}

template <typename Visit>
void GapPlacer::forEachFullNode(unsigned first, unsigned end,
                                Visit visit) const {
  // Level by level from the root: the nodes of a level that overlap
  // [first, end) are consecutive.
  for (unsigned levelBegin = 1; levelBegin < fullLimit; levelBegin *= 2) {
    unsigned shift = log2Leaves - llvm::Log2_32(levelBegin);
    unsigned last = levelBegin + ((end - 1) >> shift);
    for (unsigned node = levelBegin + (first >> shift); node <= last; ++node)
      visit(node);
  }
}

void GapPlacer::addToBlocks(SmallVectorImpl<PlacedRange> &blocks,
                            PlacedRange range) {
  // Room for one more block, then the merge of addToSlots.
  unsigned fill = blocks.size();
  blocks.push_back(range);
  addToSlots(blocks.begin(), fill, range);
  blocks.truncate(fill);
}

void GapPlacer::addToSlots(PlacedRange *first, unsigned &fill,
                           PlacedRange range) {
  PlacedRange *last = first + fill;
  // The blocks that overlap or touch `range` merge with it into one. Where
  // the buffers all share the node's time their ranges are disjoint and at
  // most the blocks on either side merge; a stack of buffers placed one on
  // top of the other stays a single block.
  PlacedRange *low =
      std::partition_point(first, last, [&](const PlacedRange &block) {
        return block.end < range.offset;
      });
  // Every block passed here merges with `range`, so the walk is no longer
  // than the merge.
  PlacedRange *high = low;
  while (high != last && high->offset <= range.end)
    ++high;
  if (low == high) {
    // A new block: there is a slot per buffer, so there is room.
    std::move_backward(low, last, last + 1);
    *low = range;
    ++fill;
    return;
  }
  low->offset = std::min(low->offset, range.offset);
  low->end = std::max(high[-1].end, range.end);
  std::move(high, last, low + 1);
  fill -= high - low - 1;
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
  unsigned first = firstSection[index], end = endSection[index];
  forEachCanonicalNode(first, end, [&](unsigned node) {
    // This buffer's query has read the node's union: if it was the last to,
    // the union goes.
    if (node < fullLimit) {
      if (--fullReaders[node] == 0)
        fullBlocks[node] = {};
    } else if (--startReaders[node] == 0 && node < slottedFrom) {
      startBlocks[node] = {};
    }
    if (isAtOrAboveBands(node))
      addToBands(node, range);
    else
      addToSlots(nodeRanges.begin() + nodeSlots[node].begin,
                 nodeSlots[node].fill, range);
  });
  for (unsigned node = first + numLeaves; node >= fullLimit; node /= 2) {
    if (startReaders[node] == 0)
      continue;
    if (node >= slottedFrom)
      addToSlots(slotRanges.begin() + startSlots[node - slottedFrom].begin,
                 startSlots[node - slottedFrom].fill, range);
    else
      addToBlocks(startBlocks[node], range);
  }
  forEachFullNode(first, end, [&](unsigned node) {
    if (fullReaders[node] != 0)
      addToBlocks(fullBlocks[node], range);
  });
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
    // Only where either has gaps is the buffer read again.
    for (const PlacedBuffer &other : placed)
      if (buffer.start < other.end && other.start < buffer.end &&
          ((!buffer.hasGaps() && !other.hasGaps) ||
           buffer.overlapsInTime(buffers[other.index])))
        overlapping.push_back(other.range);
    addList(overlapping.begin(), overlapping.end());
    return;
  }

  unsigned first = firstSection[index], end = endSection[index];
  // The buffers that start in [first, end), by canonical node; a node read
  // in full that begins at `first` also holds those that cover it.
  bool coversFirst = false;
  forEachCanonicalNode(first, end, [&](unsigned node) {
    if (node < fullLimit) {
      addList(fullBlocks[node].begin(), fullBlocks[node].end());
      coversFirst |= firstLeafOf(node) == first;
    } else if (node >= slottedFrom) {
      const Slots &slots = startSlots[node - slottedFrom];
      const PlacedRange *blocks = slotRanges.begin() + slots.begin;
      addList(blocks, blocks + slots.fill);
    } else {
      addList(startBlocks[node].begin(), startBlocks[node].end());
    }
  });
  if (coversFirst)
    return;
  // The buffers that cover `first`: those held on its leaf's path.
  unsigned node = first + numLeaves;
  for (; node != 0 && !isAtOrAboveBands(node); node /= 2) {
    const PlacedRange *blocks = nodeRanges.begin() + nodeSlots[node].begin;
    addList(blocks, blocks + nodeSlots[node].fill);
  }
  if (node != 0)
    addList(bandBlocks[node - firstBand].begin(),
            bandBlocks[node - firstBand].end());
}

/// Asks the cache for the first lines of the bytes [first, end).
static void prefetchHead(const void *first, const void *end) {
#if defined(__GNUC__)
  constexpr unsigned kLines = 8;
  constexpr size_t kLineBytes = 64;
  const char *line = static_cast<const char *>(first);
  for (unsigned count = 0; count < kLines && line < end;
       ++count, line += kLineBytes)
    __builtin_prefetch(line);
#else
  (void)first;
  (void)end;
#endif
}

/// The lower of the ranges at `lhs` and `rhs` by offset (`lhs`'s on a tie),
/// moving past it. Where two lists interleave finely which one goes next is
/// as good as random, so a mask chooses it rather than a branch that would
/// be mispredicted (docs/strategies.md has what that saved).
template <typename Range>
static const Range &takeLower(const Range *&lhs, const Range *&rhs) {
  uintptr_t takeRhs = rhs->offset < lhs->offset;
  uintptr_t mask = -takeRhs;
  const auto *taken = reinterpret_cast<const Range *>(
      (reinterpret_cast<uintptr_t>(rhs) & mask) |
      (reinterpret_cast<uintptr_t>(lhs) & ~mask));
  rhs += takeRhs;
  lhs += 1 - takeRhs;
  return *taken;
}

/// Calls `visit` on every range of [lhs, lhsEnd) and [rhs, rhsEnd), each
/// in offset order, in offset order.
template <typename Range, typename Visit>
static void visitInOffsetOrder(const Range *lhs, const Range *lhsEnd,
                               const Range *rhs, const Range *rhsEnd,
                               Visit visit) {
  while (lhs != lhsEnd && rhs != rhsEnd)
    visit(takeLower(lhs, rhs));
  for (; lhs != lhsEnd; ++lhs)
    visit(*lhs);
  for (; rhs != rhsEnd; ++rhs)
    visit(*rhs);
}

GapPlacer::RangesInOffsetOrder GapPlacer::getRangesInOffsetOrder() {
  if (lists.empty())
    return {};
  // Where thousands of buffers are live at once, a query's lists lie far
  // apart in a large tree: asking for the heads of all of them at once
  // overlaps their cache misses, which the joins would otherwise take one
  // list after the other (5% of greedy-size's time on 1M long-lived
  // buffers; 8 lines did better than 4 or 16).
  for (const BlockList &list : lists)
    prefetchHead(list.next, list.end);
  if (lists.size() == 1)
    return {ArrayRef(lists[0].next, lists[0].end), {}};
  size_t total = 0;
  for (const BlockList &list : lists)
    total += list.end - list.next;
  merged.clear();
  // A few ranges in all, as where few buffers are live at once, sort faster
  // than the joins' bookkeeping.
  if (total <= kSortedRanges) {
    for (const BlockList &list : lists)
      merged.append(list.next, list.end);
    // std::sort: llvm::sort would hand these trivially copyable records to
    // qsort.
    std::sort(merged.begin(), merged.end());
    return {merged, {}};
  }
  // The lists are joined two at a time, the two shortest first (as Huffman
  // codes are built), each join making the ranges that overlap or touch one
  // block: a long list is then copied once or twice, not once per round,
  // where sorting all K ranges was O(K log K) and a heap of the lists'
  // heads was slower still (most ranges come from a few long lists). Only
  // the gaps between the union's blocks matter, and joining keeps them.
  // The last two are not joined: the gap search reads both at once. A run
  // is a list as the tree keeps it, or what a join appended to `merged`.
  runs.clear();
  for (const BlockList &list : lists)
    runs.push_back({size_t(list.end - list.next), 0, list.next});
  auto view = [&](const Run &run) {
    return run.list ? ArrayRef(run.list, run.size)
                    : ArrayRef(merged).slice(run.begin, run.size);
  };
  auto longer = [](const Run &lhs, const Run &rhs) {
    return lhs.size > rhs.size;
  };
  // Longest first, so the two shortest are at the back.
  std::sort(runs.begin(), runs.end(), longer);
  while (runs.size() > 2) {
    Run lhs = runs.pop_back_val();
    Run rhs = runs.pop_back_val();
    // Room first: the views into `merged` are taken once it has grown.
    size_t begin = merged.size();
    merged.resize_for_overwrite(begin + lhs.size + rhs.size);
    PlacedRange *end = joinSorted(view(lhs), view(rhs), merged.begin() + begin);
    merged.truncate(end - merged.begin());
    Run joined = {merged.size() - begin, begin, nullptr};
    runs.insert(std::upper_bound(runs.begin(), runs.end(), joined, longer),
                joined);
  }
  return {view(runs[0]), view(runs[1])};
}

GapPlacer::PlacedRange *GapPlacer::joinSorted(ArrayRef<PlacedRange> lhs,
                                              ArrayRef<PlacedRange> rhs,
                                              PlacedRange *out) {
  // Every run holds a range: findOverlapping hands over no empty list.
  assert(!lhs.empty() && !rhs.empty() && "runs are never empty");
  // Whether a range opens a block is decided by a mask too, as in
  // takeLower: every step stores the open block, and `out` moves past it
  // only when the next range opens a new one. A range that opens a block
  // ends above the open one, so the open block's end is the larger of the
  // two either way.
  const PlacedRange *l = lhs.begin(), *r = rhs.begin();
  PlacedRange open = takeLower(l, r);
  visitInOffsetOrder(l, lhs.end(), r, rhs.end(), [&](const PlacedRange &range) {
    uint64_t opens = range.offset > open.end;
    *out = open;
    out += opens;
    uint64_t mask = -opens;
    open.offset = (range.offset & mask) | (open.offset & ~mask);
    open.end = std::max(open.end, range.end);
  });
  *out++ = open;
  return out;
}

bool GapPlacer::place(unsigned index) {
  const Buffer &buffer = buffers[index];
  if (buffer.size == 0) {
    plan.offsets[index] = 0;
    return true;
  }

  findOverlapping(index);
  RangesInOffsetOrder ranges = getRangesInOffsetOrder();
  uint64_t prev = 0;
  std::optional<uint64_t> bestOffset;
  uint64_t smallestGap = 0;
  // Both lists in offset order at once.
  auto checkGapBelow = [&](const PlacedRange &x) {
    // Only a gap smaller than the best so far and at least as long as the
    // buffer may take it, so most gaps are passed over without aligning.
    uint64_t gap = x.offset - prev;
    if (x.offset > prev && gap >= buffer.size &&
        (!bestOffset || gap < smallestGap)) {
      if (std::optional<uint64_t> candidate =
              fitInGap(buffer, prev, x.offset)) {
        bestOffset = candidate;
        smallestGap = gap;
      }
    }
    prev = std::max(prev, x.end);
  };
  visitInOffsetOrder(ranges.first.begin(), ranges.first.end(),
                     ranges.second.begin(), ranges.second.end(), checkGapBelow);

  if (!recordPlacement(buffers, plan, index, bestOffset, prev))
    return false;
  if (!occupiesMemory(buffer))
    return true;
  if (search == OverlapSearch::Scan) {
    PlacedBuffer entry = {
        buffer.start,
        buffer.end,
        {plan.offsets[index], plan.offsets[index] + buffer.size},
        index,
        buffer.hasGaps()};
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
