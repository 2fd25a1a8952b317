//===- ReferenceStrategies.cpp - Quadratic oracles of two strategies ------===//
//
// The code of StripBestFit.cpp and Gergov.cpp before they were made fast,
// moved here as it was. Do not speed it up: its worth is that it follows the
// rules in the plainest way.
//
//===----------------------------------------------------------------------===//

#include "ReferenceStrategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "Strategies/Strategies.h"
#include "TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace llvm;

namespace memplan {

//===----------------------------------------------------------------------===//
// strip-best-fit
//===----------------------------------------------------------------------===//

namespace {
struct Segment {
  uint64_t begin;
  uint64_t end;
  uint64_t height;
};
} // namespace

/// Merges the segment at `index` with its neighbours of the same height.
static void mergeAround(SmallVectorImpl<Segment> &skyline, size_t index) {
  if (index + 1 < skyline.size() &&
      skyline[index + 1].height == skyline[index].height) {
    skyline[index].end = skyline[index + 1].end;
    skyline.erase(skyline.begin() + index + 1);
  }
  if (index > 0 && skyline[index - 1].height == skyline[index].height) {
    skyline[index - 1].end = skyline[index].end;
    skyline.erase(skyline.begin() + index);
  }
}

Expected<Plan> planStripBestFitReference(ArrayRef<Buffer> buffers) {
  Plan result;
  result.offsets.assign(buffers.size(), 0);

  SmallVector<unsigned> unplaced;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0 && buffer.start < buffer.end)
      unplaced.push_back(index);
  if (unplaced.empty())
    return result;

  uint64_t horizonBegin = buffers[unplaced.front()].start;
  uint64_t horizonEnd = buffers[unplaced.front()].end;
  for (unsigned index : unplaced) {
    horizonBegin = std::min(horizonBegin, buffers[index].start);
    horizonEnd = std::max(horizonEnd, buffers[index].end);
  }
  SmallVector<Segment> skyline = {{horizonBegin, horizonEnd, 0}};

  // Better: larger, then longer-lived, then lower index.
  auto isBetter = [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    if (l.size != r.size)
      return l.size > r.size;
    if (l.end - l.start != r.end - r.start)
      return l.end - l.start > r.end - r.start;
    return lhs < rhs;
  };

  while (!unplaced.empty()) {
    // min_element keeps the first of equal heights: the earliest segment.
    size_t lowest = std::min_element(skyline.begin(), skyline.end(),
                                     [](const Segment &l, const Segment &r) {
                                       return l.height < r.height;
                                     }) -
                    skyline.begin();
    Segment segment = skyline[lowest];

    auto best = unplaced.end();
    for (auto it = unplaced.begin(); it != unplaced.end(); ++it) {
      const Buffer &buffer = buffers[*it];
      if (segment.begin <= buffer.start && buffer.end <= segment.end &&
          (best == unplaced.end() || isBetter(*it, *best)))
        best = it;
    }

    if (best == unplaced.end()) {
      // Every buffer lies inside the whole horizon, so a segment that no
      // buffer fits has a neighbour.
      assert(skyline.size() > 1 && "no buffer fits the whole horizon");
      uint64_t raised = std::numeric_limits<uint64_t>::max();
      if (lowest > 0)
        raised = skyline[lowest - 1].height;
      if (lowest + 1 < skyline.size())
        raised = std::min(raised, skyline[lowest + 1].height);
      skyline[lowest].height = raised;
      mergeAround(skyline, lowest);
      continue;
    }

    unsigned index = *best;
    unplaced.erase(best);
    const Buffer &buffer = buffers[index];
    std::optional<uint64_t> offset =
        checkedAlignTo(segment.height, buffer.alignment);
    std::optional<uint64_t> end =
        offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
    if (!end)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               "strip-best-fit: the end of buffer " +
                                   Twine(index) + " overflows 64 bits");
    result.offsets[index] = *offset;
    result.slabSize = std::max(result.slabSize, *end);

    // Split the segment into the parts before, under and after the buffer.
    SmallVector<Segment, 3> pieces;
    if (segment.begin < buffer.start)
      pieces.push_back({segment.begin, buffer.start, segment.height});
    pieces.push_back({buffer.start, buffer.end, *end});
    if (buffer.end < segment.end)
      pieces.push_back({buffer.end, segment.end, segment.height});
    size_t raisedIndex = lowest + (segment.begin < buffer.start ? 1 : 0);
    skyline.erase(skyline.begin() + lowest);
    skyline.insert(skyline.begin() + lowest, pieces.begin(), pieces.end());
    // The outer pieces keep the old height, which differs from their outer
    // neighbours'; only the raised piece can meet a segment of its height.
    mergeAround(skyline, raisedIndex);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// gergov
//===----------------------------------------------------------------------===//

namespace {
/// Over [left, right) of time, memory below `height` is taken.
struct Step {
  uint64_t left;
  uint64_t right;
  uint64_t height;
};
} // namespace

static Error overflowError(const Twine &what) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           "gergov: " + what + " overflows 64 bits");
}

static bool overlapsTime(const Buffer &buffer, uint64_t left, uint64_t right) {
  return buffer.start < right && left < buffer.end;
}

Expected<Plan> planGergovReference(ArrayRef<Buffer> buffers) {
  Plan result;
  result.offsets.assign(buffers.size(), 0);

  // Buffers to place, by start then index: the phase-1 tie-break.
  SmallVector<unsigned> unplaced;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0)
      unplaced.push_back(index);
  if (unplaced.empty())
    return result;
  llvm::stable_sort(unplaced, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  uint64_t horizonStart = buffers[unplaced.front()].start;
  uint64_t horizonEnd = 0;
  for (unsigned index : unplaced)
    horizonEnd = std::max(horizonEnd, buffers[index].end);

  // Phase 1. Open steps are disjoint and kept sorted by time, so a buffer
  // overlaps no open step but the lowest one iff it overlaps that one and
  // neither neighbour.
  SmallVector<Step> steps = {{horizonStart, horizonEnd, 0}};
  SmallVector<uint64_t> tentative(buffers.size(), 0);
  SmallVector<unsigned> placedOrder;
  placedOrder.reserve(unplaced.size());
  while (!unplaced.empty()) {
    // Always some open step while buffers remain (see the file comment).
    assert(!steps.empty() && "an unplaced buffer overlaps no open step");
    auto lowest = llvm::min_element(steps, [](const Step &l, const Step &r) {
      return l.height != r.height ? l.height < r.height : l.left < r.left;
    });
    Step step = *lowest;
    std::optional<uint64_t> leftLimit, rightLimit;
    if (lowest != steps.begin())
      leftLimit = std::prev(lowest)->right;
    if (std::next(lowest) != steps.end())
      rightLimit = std::next(lowest)->left;
    auto position = steps.erase(lowest);

    auto fits = [&](unsigned index) {
      const Buffer &buffer = buffers[index];
      return overlapsTime(buffer, step.left, step.right) &&
             (!leftLimit || *leftLimit <= buffer.start) &&
             (!rightLimit || buffer.end <= *rightLimit);
    };
    auto chosen = llvm::find_if(unplaced, fits);
    if (chosen == unplaced.end())
      continue; // Closed for good.

    unsigned index = *chosen;
    unplaced.erase(chosen);
    const Buffer &buffer = buffers[index];
    std::optional<uint64_t> offset =
        checkedAlignTo(step.height, buffer.alignment);
    std::optional<uint64_t> top =
        offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
    if (!top)
      return overflowError("the tentative end of buffer " + Twine(index));
    tentative[index] = *offset;
    placedOrder.push_back(index);

    uint64_t left = std::max(step.left, buffer.start);
    uint64_t right = std::min(step.right, buffer.end);
    SmallVector<Step, 3> pieces;
    if (step.left < left)
      pieces.push_back({step.left, left, step.height});
    pieces.push_back({left, right, *top});
    if (right < step.right)
      pieces.push_back({right, step.right, step.height});
    steps.insert(position, pieces.begin(), pieces.end());
  }

  // Phase 2.
  uint64_t highestTop = 0, largestAlignment = 1;
  for (unsigned index : placedOrder) {
    highestTop = std::max(highestTop, tentative[index] + buffers[index].size);
    largestAlignment = std::max(largestAlignment, buffers[index].alignment);
  }
  std::optional<uint64_t> shift = checkedAlignTo(highestTop, largestAlignment);
  if (!shift)
    return overflowError("the colour height");

  SmallVector<unsigned> colour(buffers.size(), 0);
  unsigned colours = 0;
  for (auto [position, index] : llvm::enumerate(placedOrder)) {
    const Buffer &buffer = buffers[index];
    uint64_t bottom = tentative[index], top = bottom + buffer.size;
    SmallVector<bool> taken(colours, false);
    for (unsigned other : ArrayRef(placedOrder).take_front(position)) {
      uint64_t otherBottom = tentative[other];
      uint64_t otherTop = otherBottom + buffers[other].size;
      if (buffer.overlapsInTime(buffers[other]) && bottom < otherTop &&
          otherBottom < top)
        taken[colour[other]] = true;
    }
    unsigned c = llvm::find(taken, false) - taken.begin();
    colour[index] = c;
    colours = std::max(colours, c + 1);

    std::optional<uint64_t> lift = checkedMulUnsigned<uint64_t>(c, *shift);
    std::optional<uint64_t> offset =
        lift ? checkedAddUnsigned(*lift, bottom) : std::nullopt;
    std::optional<uint64_t> end =
        offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
    if (!end)
      return overflowError("the end of buffer " + Twine(index));
    result.offsets[index] = *offset;
    result.slabSize = std::max(result.slabSize, *end);
  }

  result.details = ("gergov: tentative height " + Twine(highestTop) + ", " +
                    Twine(colours) + (colours == 1 ? " colour" : " colours"))
                       .str();
  return result;
}

Expected<Plan> planPathCoverReference(ArrayRef<Buffer> buffers) {
  Plan result;
  result.offsets.assign(buffers.size(), 0);
  SmallVector<unsigned> order;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (detail::occupiesMemory(buffer))
      order.push_back(index);
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  SmallVector<SmallVector<unsigned>> chains;
  SmallVector<uint64_t> chainEnds;
  for (unsigned index : order) {
    unsigned chain = llvm::find_if(chainEnds,
                                   [&](uint64_t end) {
                                     return end <= buffers[index].start;
                                   }) -
                     chainEnds.begin();
    if (chain == chains.size()) {
      chains.emplace_back();
      chainEnds.push_back(0);
    }
    chains[chain].push_back(index);
    chainEnds[chain] = buffers[index].end;
  }

  detail::TimeSections sections(buffers);
  SmallVector<uint64_t> heights(sections.size(), 0);
  for (ArrayRef<unsigned> chain : chains) {
    for (unsigned index : chain) {
      const Buffer &buffer = buffers[index];
      auto [first, last] = sections.sectionsOf(buffer);
      uint64_t base =
          *std::max_element(heights.begin() + first, heights.begin() + last);
      std::optional<uint64_t> offset = checkedAlignTo(base, buffer.alignment);
      std::optional<uint64_t> end =
          offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
      if (!end)
        return createStringError(
            std::make_error_code(std::errc::value_too_large),
            "path-cover: the end of buffer " + Twine(index) +
                " overflows 64 bits");
      result.offsets[index] = *offset;
      result.slabSize = std::max(result.slabSize, *end);
      std::fill(heights.begin() + first, heights.begin() + last, *end);
    }
  }
  result.details = (Twine(chains.size()) + " chains").str();
  return result;
}

} // namespace memplan
