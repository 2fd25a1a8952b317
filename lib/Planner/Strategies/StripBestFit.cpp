//===- StripBestFit.cpp - Best fit on the lowest segment of a skyline -----===//
//
// Sekiyama, Imamichi, Imai and Raymond, "Profile-guided memory optimization
// for deep neural networks" (2018), which Pisarchyk & Lee compare against as
// "Strip Packing Bestfit": the best-fit heuristic of Burke, Kendall and
// Whitwell for strip packing, with time as the fixed axis and offsets as the
// height to minimise. A rectangle cannot slide along time, so the adaptation
// implemented here is:
//
//  * Skyline. Time, from the earliest start to the latest end, is split into
//    segments [begin, end), each with a height: no placed buffer live in the
//    segment reaches above it. Neighbouring segments always differ in height
//    (equal ones are merged). At first there is one segment at height 0.
//  * Each step takes the lowest segment; a tie goes to the earliest.
//  * A buffer fits the segment if its whole lifetime lies inside it:
//    begin <= start and end <= segment end. Among the unplaced buffers that
//    fit, the best is the largest; ties go to the longest lifetime, then to
//    the lower index. It goes to the segment's height rounded up to its
//    alignment, and the skyline over its lifetime rises to its end.
//  * If none fits, the segment is raised to the lower of its neighbours and
//    merged with it (the space below is given up, as in Burke et al.).
//  * Zero-size buffers and buffers with an empty lifetime occupy nothing:
//    they go to offset 0.
//
// Every step places a buffer (adding at most two segments) or removes a
// segment, so there are O(n) steps; each scans the segments and the unplaced
// buffers: O(n^2) in all.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace llvm;

namespace memplan {

namespace {
class StripBestFitStrategy final : public OffsetStrategy {
public:
  StringRef getName() const override { return "strip-best-fit"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override;
};

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

Expected<Plan> StripBestFitStrategy::plan(ArrayRef<Buffer> buffers) const {
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
        detail::checkedAlignTo(segment.height, buffer.alignment);
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

std::unique_ptr<OffsetStrategy>
createStripBestFitStrategy(const StrategyOptions &) {
  return std::make_unique<StripBestFitStrategy>();
}

} // namespace memplan
