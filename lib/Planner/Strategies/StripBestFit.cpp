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
// segment, so there are O(n) steps. The rules only compare times, so times
// are replaced by their ranks among the distinct starts and ends. The
// segments form a list in time order, and a heap keyed by (height, begin)
// yields the lowest in O(log n). The unplaced buffers sit in a segment tree
// ordered by start whose nodes keep the best priority and the earliest end
// below them; the best fit is found by a descent over the buffers that start
// in the segment, which skips subtrees that end too late or hold nothing
// better than the best fit found so far. A step visits O(log n) nodes,
// plus O(log n) for each unplaced buffer that starts in the segment, runs
// past its end and beats the best fit; such buffers are few in realistic
// problems, which take O(n log n) in all. No step visits a node twice, so
// no problem takes more than O(n^2), the cost of the plain scans this
// replaced (the unit tests keep them as the oracle).
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "Strategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <queue>
#include <utility>

using namespace llvm;

namespace memplan {

namespace {
class StripBestFitStrategy final : public OffsetStrategy {
public:
  explicit StripBestFitStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "strip-best-fit"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry lets it down into the gaps: StrategyTraits::PlansHulls).
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override;

private:
  /// Past it, the buffers left are stacked (ClockedPlacement.h).
  Deadline deadline;
};

constexpr unsigned kNone = std::numeric_limits<unsigned>::max();

/// A segment [begin, end) of time ranks.
struct Segment {
  unsigned begin;
  unsigned end;
  uint64_t height;
  /// The neighbours in time order, or kNone.
  unsigned prev;
  unsigned next;
  /// False once merged into its prev.
  bool alive;
};

/// The segments of the skyline, as a list in time order, and a heap of
/// (height, begin, segment) entries to find the lowest. A segment keeps its
/// begin, and gets an entry whenever it is made or rises, unless it is
/// merged into its prev at once; as it only rises, an entry whose segment
/// has died or risen since is stale for good, and is dropped when it comes
/// to the top.
class Skyline {
public:
  Skyline(unsigned begin, unsigned end) {
    push(add({begin, end, 0, kNone, kNone}));
  }

  const Segment &operator[](unsigned id) const { return segments[id]; }

  /// The lowest segment; a tie goes to the earliest.
  unsigned lowest() {
    for (;;) {
      Entry top = heap.top();
      if (segments[top.id].alive && segments[top.id].height == top.height)
        return top.id;
      heap.pop();
    }
  }

  /// Raises segment `id`, which has a neighbour, to the lower of its
  /// neighbours, and merges it with those of its new height.
  void raise(unsigned id) {
    const Segment &segment = segments[id];
    assert((segment.prev != kNone || segment.next != kNone) &&
           "the whole horizon cannot rise");
    uint64_t raised = std::numeric_limits<uint64_t>::max();
    if (segment.prev != kNone)
      raised = segments[segment.prev].height;
    if (segment.next != kNone)
      raised = std::min(raised, segments[segment.next].height);
    segments[id].height = raised;
    if (mergeAround(id))
      push(id);
  }

  /// Raises the part [begin, end) of segment `id` to `height`, above the
  /// segment's: splits the segment into the parts before, under and after
  /// [begin, end), and merges the raised part with neighbours of its height.
  void raise(unsigned id, unsigned begin, unsigned end, uint64_t height) {
    Segment old = segments[id];
    assert(old.begin <= begin && begin < end && end <= old.end &&
           old.height < height && "not a part of the segment that rises");
    // The part that begins where the segment did keeps its id; if it is the
    // part before, its begin and height, and so its heap entry, stay.
    unsigned raised = id;
    if (old.begin < begin) {
      segments[id].end = begin;
      raised = add({begin, end, height, id, old.next});
    } else {
      segments[id].end = end;
      segments[id].height = height;
    }
    if (end < old.end)
      push(add({end, old.end, old.height, raised, old.next}));
    // The outer parts keep the old height, which differs from their outer
    // neighbours'; only the raised part can meet a segment of its height.
    if (mergeAround(raised))
      push(raised);
  }

private:
  struct Entry {
    uint64_t height;
    unsigned begin;
    unsigned id;

    /// For a min-heap: lower, then earlier, comes first.
    bool operator>(const Entry &other) const {
      return std::make_pair(height, begin) >
             std::make_pair(other.height, other.begin);
    }
  };

  /// Adds `segment`, linking it to its prev and next; its heap entry is
  /// left to the caller.
  unsigned add(Segment segment) {
    unsigned id = segments.size();
    segment.alive = true;
    if (segment.prev != kNone)
      segments[segment.prev].next = id;
    if (segment.next != kNone)
      segments[segment.next].prev = id;
    segments.push_back(segment);
    return id;
  }

  void push(unsigned id) {
    heap.push({segments[id].height, segments[id].begin, id});
  }

  /// Merges the next segment of `id` into it.
  void absorbNext(unsigned id) {
    Segment &segment = segments[id];
    Segment &next = segments[segment.next];
    next.alive = false;
    segment.end = next.end;
    segment.next = next.next;
    if (segment.next != kNone)
      segments[segment.next].prev = id;
  }

  /// Merges segment `id` with its neighbours of the same height, and
  /// returns whether it survives: the earliest does, with its begin and
  /// height, and so its heap entry.
  bool mergeAround(unsigned id) {
    const Segment &segment = segments[id];
    if (segment.next != kNone &&
        segments[segment.next].height == segment.height)
      absorbNext(id);
    if (segment.prev != kNone &&
        segments[segment.prev].height == segment.height) {
      absorbNext(segment.prev);
      return false;
    }
    return true;
  }

  std::vector<Segment> segments;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
};

/// The unplaced buffers in a segment tree over their order by start, to
/// find the best of those whose lifetime lies in a span of time. A node
/// keeps the best priority (the lowest) and the earliest end of the unplaced
/// buffers below it; placed buffers and padding have neither.
class FitTree {
public:
  /// `byPriority` lists the buffers to place from best to worst, and
  /// `startRank` and `endRank` give their lifetimes in time ranks, below
  /// `numTimes`.
  FitTree(ArrayRef<unsigned> byPriority, ArrayRef<unsigned> startRank,
          ArrayRef<unsigned> endRank, unsigned numTimes)
      : byPriority(byPriority), leaves(llvm::PowerOf2Ceil(byPriority.size())),
        firstStarting(numTimes + 1, 0), position(startRank.size(), kNone),
        nodes(2 * leaves, {kNone, kNone}) {
    // Count the starts at each time, then place the buffers by start.
    for (unsigned index : byPriority)
      ++firstStarting[startRank[index] + 1];
    for (unsigned time = 0; time != numTimes; ++time)
      firstStarting[time + 1] += firstStarting[time];
    SmallVector<unsigned> fill(firstStarting.begin(), firstStarting.end());
    for (auto [priority, index] : llvm::enumerate(byPriority)) {
      position[index] = fill[startRank[index]]++;
      nodes[leaves + position[index]] = {unsigned(priority), endRank[index]};
    }
    for (unsigned node = leaves - 1; node != 0; --node)
      pull(node);
  }

  /// The best unplaced buffer with spanBegin <= start and end <= spanEnd,
  /// or kNone.
  unsigned findBest(unsigned spanBegin, unsigned spanEnd) const {
    // Such a buffer starts before spanEnd, as it ends after it starts.
    unsigned first = firstStarting[spanBegin];
    unsigned last = firstStarting[spanEnd];
    unsigned best = kNone;
    auto promising = [&](unsigned node) {
      return nodes[node].priority < best && nodes[node].end <= spanEnd;
    };
    // The nodes that cover [first, last) exactly, two a level at most; those
    // that hold a fit are searched depth first, the better child first, so
    // that a good fit soon prunes the rest.
    SmallVector<unsigned, 64> stack;
    for (unsigned low = first + leaves, high = last + leaves; low < high;
         low /= 2, high /= 2) {
      if (low % 2 && promising(low))
        stack.push_back(low);
      if (high % 2 && promising(high - 1))
        stack.push_back(high - 1);
      low += low % 2;
    }
    llvm::sort(stack, [&](unsigned lhs, unsigned rhs) {
      return nodes[lhs].priority > nodes[rhs].priority;
    });
    while (!stack.empty()) {
      unsigned node = stack.pop_back_val();
      if (!promising(node))
        continue;
      if (node >= leaves) {
        best = nodes[node].priority;
        continue;
      }
      unsigned better = 2 * node, worse = 2 * node + 1;
      if (nodes[worse].priority < nodes[better].priority)
        std::swap(better, worse);
      stack.push_back(worse);
      stack.push_back(better);
    }
    return best == kNone ? kNone : byPriority[best];
  }

  void remove(unsigned index) {
    unsigned node = leaves + position[index];
    nodes[node] = {kNone, kNone};
    for (node /= 2; node != 0; node /= 2)
      pull(node);
  }

private:
  struct Node {
    unsigned priority;
    unsigned end;
  };

  void pull(unsigned node) {
    nodes[node] = {
        std::min(nodes[2 * node].priority, nodes[2 * node + 1].priority),
        std::min(nodes[2 * node].end, nodes[2 * node + 1].end)};
  }

  ArrayRef<unsigned> byPriority;
  /// A power of two; leaf p is node leaves + p.
  unsigned leaves;
  /// For each time rank, the first position whose buffer starts at or after
  /// it.
  SmallVector<unsigned> firstStarting;
  /// Each buffer's position in the order by start.
  SmallVector<unsigned> position;
  std::vector<Node> nodes;
};
} // namespace

Expected<Plan> StripBestFitStrategy::plan(ArrayRef<Buffer> buffers,
                                          const PlanRequest &) const {
  Plan result;
  result.outcome.strategy = getName().str();
  result.offsets.assign(buffers.size(), 0);

  SmallVector<unsigned> unplaced;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0 && buffer.start < buffer.end)
      unplaced.push_back(index);
  if (unplaced.empty())
    return result;

  // The horizon runs from the first time to the last.
  detail::TimeRanks ranks(buffers, unplaced);

  // Better: larger, then longer-lived, then lower index.
  llvm::sort(unplaced, [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    if (l.size != r.size)
      return l.size > r.size;
    if (l.end - l.start != r.end - r.start)
      return l.end - l.start > r.end - r.start;
    return lhs < rhs;
  });
  FitTree fits(unplaced, ranks.start, ranks.end, ranks.count);
  Skyline skyline(0, ranks.count - 1);

  detail::ClockLooks clock(deadline);
  SmallVector<char> placedFlags(buffers.size(), false);
  for (size_t left = unplaced.size(); left != 0;) {
    if (clock.hasPassed()) {
      SmallVector<unsigned> rest;
      for (unsigned index : unplaced)
        if (!placedFlags[index])
          rest.push_back(index);
      if (std::optional<unsigned> overflow =
              detail::stackUnplaced(buffers, rest, result))
        return detail::makeEndOverflowError(getName(), *overflow);
      return result;
    }
    unsigned lowest = skyline.lowest();
    const Segment &segment = skyline[lowest];
    unsigned index = fits.findBest(segment.begin, segment.end);
    if (index == kNone) {
      // Every buffer lies inside the whole horizon, so a segment that no
      // buffer fits has a neighbour.
      skyline.raise(lowest);
      continue;
    }

    fits.remove(index);
    --left;
    placedFlags[index] = true;
    const Buffer &buffer = buffers[index];
    std::optional<AlignedPlacement> placed =
        checkedPlaceAbove(segment.height, buffer.alignment, buffer.size);
    if (!placed)
      return detail::makeEndOverflowError(getName(), index);
    result.offsets[index] = placed->offset;
    result.slabSize = std::max(result.slabSize, placed->end);
    skyline.raise(lowest, ranks.start[index], ranks.end[index], placed->end);
  }
  return result;
}

std::unique_ptr<OffsetStrategy>
createStripBestFitStrategy(const StrategyOptions &options) {
  return std::make_unique<StripBestFitStrategy>(options.deadline);
}

} // namespace memplan
