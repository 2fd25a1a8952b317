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
// Zero-size buffers occupy no bytes and go to offset 0. There are at most
// 2n + 1 steps, so phase 1 is O(n^2) (n rounds of scans over steps and
// unplaced buffers); phase 2 is O(n^2) as well.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace memplan {

namespace {
class GergovStrategy final : public OffsetStrategy {
public:
  StringRef getName() const override { return "gergov"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override;
};

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

Expected<Plan> GergovStrategy::plan(ArrayRef<Buffer> buffers) const {
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
        detail::checkedAlignTo(step.height, buffer.alignment);
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
  std::optional<uint64_t> shift =
      detail::checkedAlignTo(highestTop, largestAlignment);
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

std::unique_ptr<OffsetStrategy> createGergovStrategy(const StrategyOptions &) {
  return std::make_unique<GergovStrategy>();
}

} // namespace memplan
