//===- Gergov.cpp - Gergov's approximation for offline storage allocation -===//
//
// Gergov, "Algorithms for compile-time memory optimization" (SODA 1999), as
// the MemoMalloc thesis (Levental) uses it: "constructing an infeasible
// solution and then transforming to a feasible solution using the Best Fit
// heuristic for interval graph coloring". The thesis gives no pseudo-code;
// the phases below follow Gergov's construction as its author's planner
// runs it.
//
// Phase 1, tentative offsets (may overlap). The time axis is covered by
// open "steps" (l, r, h): over [l, r) the memory below h is taken. Start
// with one step over the whole horizon at height 0. Repeatedly remove the
// lowest step (ties: earliest l). Look for an unplaced buffer whose lifetime
// overlaps [l, r) and no other open step (ties: earliest start, then lowest
// index). If there is none, the step is closed for good. Otherwise the
// buffer gets the tentative offset alignTo(h, alignment), and the step is
// split into [l, start) at h, the overlap [max(l, start), min(r, end)) raised
// to the buffer's top, and [end, r) at h (empty parts dropped). A buffer may
// stick out into closed steps, where it can clash with buffers placed
// there: this is the infeasible solution. Every unplaced buffer always
// overlaps some open step (a split covers the step it replaces, and a step
// is closed only if each buffer overlapping it overlaps another open one),
// so every buffer is placed.
//
// Phase 2, colouring. Two buffers conflict if their lifetimes and their
// tentative byte ranges overlap. In phase-1 order, each buffer takes the
// colour that is free among its already coloured conflicting neighbours and
// is the best fit: the lowest such colour (all colours have the same
// height, so best fit and first fit coincide). Colour c is shifted up by c
// times M, the highest tentative top rounded up to the largest alignment,
// so offsets stay aligned and buffers of different colours never share a
// byte; buffers of one colour do not conflict by construction.
//
// Zero-size buffers occupy no bytes and go to offset 0. So do buffers with
// an empty lifetime, which no valid problem has; both phases leave them out.
//
// Cost. There are at most 2n + 1 open steps, kept as a list in time order
// and in a heap keyed by (height, l). Since every unplaced buffer overlaps
// an open step, one that starts at or after the left limit (the end of the
// open step before, if any) cannot end by l: it would lie in closed time
// only. So the buffer looked for is the first, by start then index, that
// starts in [left limit, r) and ends by the right limit (the start of the
// open step after, if any). With times replaced by their ranks, a segment
// tree of the earliest end among the unplaced buffers in that order finds
// it in O(log n): phase 1 is O(n log n). Phase 2 finds each coloured buffer
// that overlaps a buffer b in time once: those live when b starts on the
// path from b's start to the root of a segment tree over time, those that
// start while b lives by a scan of the coloured buffers in start order. It
// sorts the colours of those that conflict with b: O(n log n + K log K) for
// K pairs of buffers that overlap in time and where the earlier reaches
// above the step the later was placed on. Steps are removed lowest first,
// so their heights only grow and later buffers lie higher still: a coloured
// buffer whose top is at or below the current step conflicts with none of
// them, and is dropped from the index when next met. A stack of buffers
// live at once, each on the one before, thus costs O(n log n), not O(n^2).
// The plain scans this replaced, O(n^2) in both phases, are kept in the
// unit tests as the oracle.
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "Strategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "../TimeSections.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <queue>
#include <utility>

using namespace llvm;

namespace memplan {

namespace {
class GergovStrategy final : public OffsetStrategy {
public:
  explicit GergovStrategy(const Deadline &deadline) : deadline(deadline) {}

  StringRef getName() const override { return "gergov"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry lets it down into the gaps: StrategyTraits::PlansHulls).
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override;

private:
  /// Past it, the buffers without a final offset are stacked
  /// (ClockedPlacement.h).
  Deadline deadline;
};

constexpr unsigned kNone = std::numeric_limits<unsigned>::max();

/// Over [left, right) of time ranks, memory below `height` is taken.
struct Step {
  unsigned left;
  unsigned right;
  uint64_t height;
  /// The neighbouring open steps in time order, or kNone.
  unsigned prev;
  unsigned next;
};

/// A buffer to place, with its times as ranks. Phase 1 keeps them in start
/// order, so that what it needs of the buffer it picks is in one place.
struct Item {
  unsigned index;
  unsigned start;
  unsigned end;
  uint64_t size;
  uint64_t alignment;
};

/// A buffer placed in phase 1: what phase 2 needs of it, in phase-1 order.
struct Placed {
  unsigned index;
  /// Its place in start order.
  unsigned position;
  unsigned start;
  unsigned end;
  /// Its tentative bytes [bottom, top).
  uint64_t bottom;
  uint64_t top;
  /// The height of the step it was placed on.
  uint64_t floor;
};

/// The open steps, as a list in time order and a min-heap keyed by
/// (height, left). A step never changes: it is opened, then removed once,
/// so the heap holds exactly the open steps.
class Steps {
public:
  Steps(unsigned left, unsigned right) { add({left, right, 0, kNone, kNone}); }

  bool empty() const { return heap.empty(); }

  const Step &operator[](unsigned id) const { return steps[id]; }

  /// Removes the lowest step (ties: the earliest) and returns it.
  unsigned removeLowest() {
    unsigned id = heap.top().id;
    heap.pop();
    const Step &step = steps[id];
    if (step.prev != kNone)
      steps[step.prev].next = step.next;
    if (step.next != kNone)
      steps[step.next].prev = step.prev;
    return id;
  }

  /// Opens a step, linking it between its prev and next.
  unsigned add(Step step) {
    unsigned id = steps.size();
    if (step.prev != kNone)
      steps[step.prev].next = id;
    if (step.next != kNone)
      steps[step.next].prev = id;
    steps.push_back(step);
    heap.push({step.height, step.left, id});
    return id;
  }

private:
  struct Entry {
    uint64_t height;
    unsigned left;
    unsigned id;

    /// For a min-heap: lower, then earlier, comes first.
    bool operator>(const Entry &other) const {
      return std::make_pair(height, left) >
             std::make_pair(other.height, other.left);
    }
  };

  std::vector<Step> steps;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
};

/// The unplaced buffers by start, then index, in a segment tree that keeps
/// the earliest end (a time rank) below each node; placed buffers and
/// padding end never (kNone).
class EndTree {
public:
  /// `items` lists the buffers to place by start, then index.
  explicit EndTree(ArrayRef<Item> items)
      : leaves(llvm::PowerOf2Ceil(items.size())), ends(2 * leaves, kNone) {
    for (auto [position, item] : llvm::enumerate(items))
      ends[leaves + position] = item.end;
    for (unsigned node = leaves - 1; node != 0; --node)
      ends[node] = std::min(ends[2 * node], ends[2 * node + 1]);
  }

  /// The position of the first unplaced buffer among the positions
  /// [first, last) that ends by `limit`, or kNone.
  unsigned findFirst(unsigned first, unsigned last, unsigned limit) const {
    // The nodes that cover [first, last) exactly, in order: those met from
    // the left, then those met from the right in reverse.
    SmallVector<unsigned, 32> fromLeft, fromRight;
    for (unsigned low = first + leaves, high = last + leaves; low < high;
         low /= 2, high /= 2) {
      if (low % 2)
        fromLeft.push_back(low++);
      if (high % 2)
        fromRight.push_back(--high);
    }
    fromLeft.append(fromRight.rbegin(), fromRight.rend());
    for (unsigned node : fromLeft) {
      if (ends[node] > limit)
        continue;
      while (node < leaves)
        node = ends[2 * node] <= limit ? 2 * node : 2 * node + 1;
      return node - leaves;
    }
    return kNone;
  }

  void remove(unsigned position) {
    unsigned node = leaves + position;
    ends[node] = kNone;
    for (node /= 2; node != 0; node /= 2)
      ends[node] = std::min(ends[2 * node], ends[2 * node + 1]);
  }

private:
  /// A power of two; position p is node leaves + p.
  unsigned leaves;
  std::vector<unsigned> ends;
};

/// The coloured buffers, to find those that overlap a buffer b in time. They
/// are of two kinds, each found once: those live when b starts
/// (a.start <= b.start < a.end), on the way up from b's start to the root
/// of a segment tree over time, and those that start while b is live
/// (b.start < a.start < b.end), by a scan of the buffers in start order. The
/// tentative bytes and colour of each are kept in place, so that a search
/// reads memory in order rather than jumping from buffer to buffer.
class ColouredIndex {
public:
  struct Entry {
    uint64_t bottom;
    uint64_t top;
    unsigned colour;
  };

  /// Ready for `items`, the buffers to place by start, then index, among
  /// `numTimes` time ranks; `firstStarting[t]` is the first of them that
  /// starts at or after time rank t.
  ColouredIndex(ArrayRef<Item> items, unsigned numTimes,
                ArrayRef<unsigned> firstStarting)
      : firstStarting(firstStarting), leaves(llvm::PowerOf2Ceil(numTimes)),
        byPosition(items.size()), coloured(items.size()),
        nodeBegin(2 * leaves + 1, 0), nodeFill(2 * leaves, 0) {
    // Count each node's entries, then lay them out one after the other.
    for (const Item &item : items)
      forEachCoveringNode(item.start, item.end,
                          [&](unsigned node) { ++nodeBegin[node + 1]; });
    for (unsigned node = 0; node != 2 * leaves; ++node)
      nodeBegin[node + 1] += nodeBegin[node];
    entries.resize(nodeBegin.back());
  }

  void insert(const Placed &placed, unsigned colour) {
    Entry entry = {placed.bottom, placed.top, colour};
    forEachCoveringNode(placed.start, placed.end, [&](unsigned node) {
      entries[nodeBegin[node] + nodeFill[node]++] = entry;
    });
    byPosition[placed.position] = entry;
    coloured.set(placed.position);
    endColoured = std::max(endColoured, placed.position + 1);
  }

  /// Calls `visit(entry)` for each coloured buffer that overlaps the time
  /// ranks [start, end) and reaches above `floor`. Those that do not are
  /// dropped for good: `floor` must not decrease from call to call.
  template <typename Visit>
  void forEachOverlapping(unsigned start, unsigned end, uint64_t floor,
                          Visit visit) {
    for (unsigned node = leaves + start; node != 0; node /= 2) {
      // The order of a node's entries does not matter: swap-remove.
      unsigned begin = nodeBegin[node];
      for (unsigned slot = begin; slot != begin + nodeFill[node];) {
        if (entries[slot].top > floor) {
          visit(entries[slot++]);
          continue;
        }
        entries[slot] = entries[begin + --nodeFill[node]];
      }
    }
    // No bit is set from endColoured on: buffers placed by start (nested
    // lifetimes) would otherwise scan an empty range of bits each.
    unsigned first = firstStarting[start + 1],
             last = std::min(firstStarting[end], endColoured);
    if (first >= last)
      return;
    // Not find_next: it would look on to the end when nothing is left.
    for (int p = coloured.find_first_in(first, last); p != -1;
         p = coloured.find_first_in(p + 1, last)) {
      if (byPosition[p].top > floor)
        visit(byPosition[p]);
      else
        coloured.reset(p);
    }
  }

private:
  /// Calls `visit(node)` for each node of the segment tree, over the
  /// sections [t, t + 1) of time ranks, that covers part of [start, end) and
  /// whose parent does not.
  template <typename Visit>
  void forEachCoveringNode(unsigned start, unsigned end, Visit visit) {
    for (unsigned low = leaves + start, high = leaves + end; low < high;
         low /= 2, high /= 2) {
      if (low % 2)
        visit(low++);
      if (high % 2)
        visit(--high);
    }
  }

  ArrayRef<unsigned> firstStarting;
  /// A power of two; section t is node leaves + t.
  unsigned leaves;
  /// What is kept of each coloured buffer, at its place in start order.
  std::vector<Entry> byPosition;
  BitVector coloured;
  /// One past the last position ever coloured.
  unsigned endColoured = 0;
  /// Node v holds entries[nodeBegin[v] .. nodeBegin[v] + nodeFill[v]): which
  /// nodes a buffer lands in is known up front.
  SmallVector<unsigned> nodeBegin, nodeFill;
  std::vector<Entry> entries;
};
} // namespace

static Error overflowError(const Twine &what) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           "gergov: " + what + " overflows 64 bits");
}

Expected<Plan> GergovStrategy::plan(ArrayRef<Buffer> buffers,
                                    const PlanRequest &) const {
  Plan result;
  result.outcome.strategy = getName().str();
  result.offsets.assign(buffers.size(), 0);

  SmallVector<unsigned> toPlace;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (detail::occupiesMemory(buffer))
      toPlace.push_back(index);
  if (toPlace.empty())
    return result;

  // The horizon runs from the first time to the last. The buffers by start
  // then index, the phase-1 tie-break, come from counting the starts at
  // each time: firstStarting[t] is the first position that starts at or
  // after time t.
  detail::TimeRanks ranks(buffers, toPlace);
  SmallVector<unsigned> firstStarting(ranks.count + 1, 0);
  for (unsigned index : toPlace)
    ++firstStarting[ranks.start[index] + 1];
  for (unsigned time = 0; time != ranks.count; ++time)
    firstStarting[time + 1] += firstStarting[time];
  std::vector<Item> items(toPlace.size());
  {
    SmallVector<unsigned> fill(firstStarting.begin(), firstStarting.end());
    for (unsigned index : toPlace) {
      const Buffer &buffer = buffers[index];
      items[fill[ranks.start[index]]++] = {index, ranks.start[index],
                                           ranks.end[index], buffer.size,
                                           buffer.alignment};
    }
  }

  // Phase 1. Open steps are disjoint, so a buffer overlaps no open step but
  // the lowest one iff it overlaps that one and neither neighbour.
  Steps steps(0, ranks.count - 1);
  EndTree unplaced(items);
  std::vector<Placed> placedOrder;
  placedOrder.reserve(items.size());
  uint64_t highestTop = 0, largestAlignment = 1;
  detail::ClockLooks clock(deadline);
  while (placedOrder.size() != items.size()) {
    // Phase 1 gives no final offsets: stopped in it, none is kept.
    if (clock.hasPassed()) {
      if (std::optional<unsigned> overflow =
              detail::stackUnplaced(buffers, toPlace, result))
        return detail::makeEndOverflowError(getName(), *overflow);
      return result;
    }
    // Always some open step while buffers remain (see the file comment).
    assert(!steps.empty() && "an unplaced buffer overlaps no open step");
    unsigned id = steps.removeLowest();
    Step step = steps[id];
    unsigned first =
        step.prev == kNone ? 0 : firstStarting[steps[step.prev].right];
    unsigned last = firstStarting[step.right];
    unsigned limit =
        step.next == kNone ? ranks.count - 1 : steps[step.next].left;
    unsigned position = unplaced.findFirst(first, last, limit);
    if (position == kNone)
      continue; // Closed for good.

    unplaced.remove(position);
    const Item &item = items[position];
    std::optional<AlignedPlacement> placed =
        checkedPlaceAbove(step.height, item.alignment, item.size);
    if (!placed)
      return overflowError("the tentative end of buffer " + Twine(item.index));
    placedOrder.push_back({item.index, position, item.start, item.end,
                           placed->offset, placed->end, step.height});
    highestTop = std::max(highestTop, placed->end);
    largestAlignment = std::max(largestAlignment, item.alignment);

    // The pieces go where the step was, each after the one before.
    unsigned left = std::max(step.left, item.start);
    unsigned right = std::min(step.right, item.end);
    unsigned prev = step.prev;
    if (step.left < left)
      prev = steps.add({step.left, left, step.height, prev, step.next});
    prev = steps.add({left, right, placed->end, prev, step.next});
    if (right < step.right)
      steps.add({right, step.right, step.height, prev, step.next});
  }

  // Phase 2.
  std::optional<uint64_t> shift = checkedAlignTo(highestTop, largestAlignment);
  if (!shift)
    return overflowError("the colour height");

  unsigned colours = 0;
  ColouredIndex coloured(items, ranks.count, firstStarting);
  SmallVector<unsigned> taken;
  SmallVector<unsigned> colourOrder = llvm::map_to_vector(
      placedOrder, [](const Placed &placed) { return placed.index; });
  // Phase 2 colours the buffers in colourOrder, the order of placedOrder.
  const Placed *nextPlaced = placedOrder.data();
  auto colour = [&](unsigned index) {
    const Placed &placed = *nextPlaced++;
    assert(placed.index == index && "colouring out of order");
    (void)index;
    taken.clear();
    coloured.forEachOverlapping(placed.start, placed.end, placed.floor,
                                [&](const ColouredIndex::Entry &other) {
                                  if (placed.bottom < other.top &&
                                      other.bottom < placed.top)
                                    taken.push_back(other.colour);
                                });
    llvm::sort(taken);
    // The lowest colour not taken.
    unsigned c = 0;
    for (unsigned used : taken) {
      if (used > c)
        break;
      if (used == c)
        ++c;
    }
    colours = std::max(colours, c + 1);
    coloured.insert(placed, c);

    std::optional<uint64_t> lift = checkedMul(c, *shift);
    std::optional<uint64_t> offset =
        lift ? checkedAdd(*lift, placed.bottom) : std::nullopt;
    std::optional<uint64_t> end =
        offset ? checkedAdd(*offset, placed.top - placed.bottom) : std::nullopt;
    if (!end)
      return false;
    result.offsets[placed.index] = *offset;
    result.slabSize = std::max(result.slabSize, *end);
    return true;
  };
  if (std::optional<unsigned> overflow =
          detail::placeInOrder(buffers, colourOrder, deadline, result, colour))
    return detail::makeEndOverflowError(getName(), *overflow);
  if (!result.outcome.stoppedByClock)
    result.details = ("gergov: tentative height " + Twine(highestTop) + ", " +
                      Twine(colours) + (colours == 1 ? " colour" : " colours"))
                         .str();
  return result;
}

std::unique_ptr<OffsetStrategy>
createGergovStrategy(const StrategyOptions &options) {
  return std::make_unique<GergovStrategy>(options.deadline);
}

} // namespace memplan
