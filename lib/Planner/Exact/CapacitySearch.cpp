//===- CapacitySearch.cpp - Do a component's buffers fit? -----------------===//
//
// The search enumerates canonical solutions only (docs/exact.md): buffers
// are placed in order of non-decreasing offset, each at the lowest offset
// above the placed buffers it overlaps in time, and buffers at equal offsets
// in order of rank. Every problem that fits has such a solution (take one
// whose sum of offsets is smallest), so the search is complete.
//
// At each node:
//  * dominance: a buffer is not placed at or above the top that another
//    unplaced buffer would have at its own lowest offset, since that one
//    could then drop into a hole no later buffer can fill;
//  * propagation: placing a buffer raises the lowest offsets of the
//    buffers it overlaps and the floors of the sections it is live in; a
//    section's floor is also at least the lowest offset of its unplaced
//    buffers;
//  * inference: in every section, the unplaced buffers are all live at
//    once and must go above the section's floor and above the offset just
//    placed, so that floor plus their sizes must fit the capacity.
//
// A buffer with a gapped lifetime is live in several runs of sections: it
// raises floors and counts in totals in those only, but its hull keeps the
// sections between in one part, as it takes one offset over all of them.
//
//===----------------------------------------------------------------------===//

#include "CapacitySearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan::detail {

ArrayRef<SearchOrder> getSearchOrders() {
  // The fullest section a buffer lives in ("total"), its lifetime in time
  // and in sections ("width", "sections") and its size times lifetime
  // ("area"): big, long buffers in crowded times are the hard ones, but
  // which matters most varies, and one order may find in a hundred nodes
  // what another misses in a million, so the search tries several (the
  // first three are MiniMalloc's preorders).
  using K = OrderKey;
  static const SearchOrder orders[] = {
      {K::Width, K::Area, K::Total},    {K::Total, K::Area, K::Width},
      {K::Total, K::Width, K::Area},    {K::Sections, K::Area, K::Total},
      {K::Total, K::Area, K::Sections}, {K::Total, K::Sections, K::Area},
  };
  return orders;
}

CapacitySearch::CapacitySearch(const ExactComponent &component,
                               SearchOrder order, uint64_t perturbation)
    : component(component), order(order), perturbation(perturbation),
      rank(component.size()) {}

/// SplitMix64's output function (Steele, Lea and Flood, OOPSLA 2014): a
/// well-mixed 64-bit value from any input, the same on every platform.
static uint64_t mix(uint64_t value) {
  value += 0x9E3779B97F4A7C15ULL;
  value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
  value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
  return value ^ (value >> 31);
}

void CapacitySearch::rankBuffers(ArrayRef<unsigned> buffers) {
  auto key = [&](OrderKey kind, unsigned buffer) -> uint64_t {
    switch (kind) {
    case OrderKey::Width:
      return component.lifetimes[buffer];
    case OrderKey::Sections: {
      uint64_t sections = 0;
      for (auto [first, end] : component.getLiveSections(buffer))
        sections += end - first;
      return sections;
    }
    case OrderKey::Area:
      return component.sizes[buffer] * component.lifetimes[buffer];
    case OrderKey::Total: {
      // Of the buffers still to place: what is crowded changes as the
      // search goes.
      uint64_t total = 0;
      for (auto [first, end] : component.getLiveSections(buffer))
        for (unsigned s = first; s != end; ++s)
          total = std::max(total, sectionLeft[s]);
      return total;
    }
    }
    llvm_unreachable("unknown order key");
  };
  using Keys = std::array<uint64_t, 3>;
  SmallVector<std::pair<Keys, unsigned>> keyed;
  for (unsigned buffer : buffers) {
    uint64_t first = key(order[0], buffer);
    if (perturbation != 0) {
      // first * (1 + r / 1024) for r in [0, 308), in integers (rounded
      // down) so that every platform ranks alike; saturating, as the key
      // can be large.
      uint64_t r = mix(perturbation ^ mix(buffer)) % 308;
      uint64_t raise = first / 1024 * r + first % 1024 * r / 1024;
      first = first > UINT64_MAX - raise ? UINT64_MAX : first + raise;
    }
    keyed.push_back(
        {{first, key(order[1], buffer), key(order[2], buffer)}, buffer});
  }
  // Larger keys first; the index breaks ties so that the order is total.
  llvm::sort(keyed, [](const auto &a, const auto &b) {
    if (a.first != b.first)
      return a.first > b.first;
    return a.second < b.second;
  });
  for (auto [position, entry] : llvm::enumerate(keyed))
    rank[entry.second] = position;
}

SearchOutcome CapacitySearch::run(uint64_t capacity, uint64_t nodeLimit,
                                  SearchBudget &budget) {
  unsigned n = component.size();
  unsigned numSections = component.numSections();
  this->capacity = capacity;
  this->nodeLimit = nodeLimit;
  this->budget = &budget;
  nodes = 0;
  stopped = false;
  isPlaced.assign(n, false);
  minOffset.assign(n, 0);
  sectionFloor.assign(numSections, 0);
  sectionLeft.assign(component.sectionTotals.begin(),
                     component.sectionTotals.end());
  cuts.assign(numSections + 1, 0);
  for (unsigned i = 0; i != n; ++i)
    for (unsigned k = component.firstSection[i] + 1;
         k < component.endSection[i]; ++k)
      ++cuts[k];
  unplaced.resize(n);
  unplacedPosition.resize(n);
  for (unsigned i = 0; i != n; ++i)
    unplaced[i] = unplacedPosition[i] = i;
  trail.clear();
  candidateStack.clear();
  solution.assign(n, 0);
  rankBuffers(unplaced);
  if (component.liveBound > capacity)
    return SearchOutcome::Refuted;
  return search(0, numSections, /*lastOffset=*/0, /*lastRank=*/0);
}

SearchOutcome CapacitySearch::search(unsigned first, unsigned end,
                                     uint64_t lastOffset, unsigned lastRank) {
  ArrayRef<uint64_t> sizes = component.sizes;
  uint64_t minHeight = UINT64_MAX;
  bool anyLeft = false;
  for (unsigned buffer : unplaced) {
    if (!isInPart(buffer, first, end))
      continue;
    anyLeft = true;
    minHeight = std::min(minHeight, minOffset[buffer] + sizes[buffer]);
  }
  if (!anyLeft)
    return SearchOutcome::Found;
  ++nodes;
  // Two scans of the unplaced buffers, and the check of the part's sections
  // after each placement.
  if ((nodeLimit != 0 && nodes > nodeLimit) ||
      !budget->pay(1 + 2 * unplaced.size() + (end - first))) {
    stopped = true;
    return SearchOutcome::Stopped;
  }

  size_t base = candidateStack.size();
  for (unsigned buffer : unplaced) {
    uint64_t offset = minOffset[buffer];
    if (offset >= minHeight || !isInPart(buffer, first, end))
      continue;
    if (offset < lastOffset ||
        (offset == lastOffset && rank[buffer] < lastRank))
      continue;
    candidateStack.push_back(buffer);
  }
  size_t numCandidates = candidateStack.size() - base;
  if (!budget->pay(numCandidates * (1 + Log2_64_Ceil(numCandidates + 1)))) {
    candidateStack.resize(base);
    stopped = true;
    return SearchOutcome::Stopped;
  }
  std::sort(candidateStack.begin() + base, candidateStack.end(),
            [&](unsigned a, unsigned b) {
              if (minOffset[a] != minOffset[b])
                return minOffset[a] < minOffset[b];
              return rank[a] < rank[b];
            });

  // Indices, not iterators: deeper levels push onto the same vector.
  SearchOutcome outcome = SearchOutcome::Refuted;
  for (size_t i = base; i != candidateStack.size(); ++i) {
    unsigned buffer = candidateStack[i];
    size_t mark = trail.size();
    SearchOutcome childOutcome = SearchOutcome::Refuted;
    if (place(buffer, first, end))
      childOutcome = searchParts(buffer, first, end);
    if (childOutcome == SearchOutcome::Found)
      solution[buffer] = minOffset[buffer];
    unplace(buffer, mark);
    if (stopped)
      childOutcome = SearchOutcome::Stopped;
    if (childOutcome != SearchOutcome::Refuted) {
      outcome = childOutcome;
      break;
    }
  }
  candidateStack.resize(base);
  return outcome;
}

SearchOutcome CapacitySearch::searchParts(unsigned buffer, unsigned first,
                                          unsigned end) {
  uint64_t offset = minOffset[buffer];
  unsigned bufferRank = rank[buffer];
  // place() took `buffer` out of the cuts it crossed; a zero among them
  // (inside this part) splits the part there.
  SmallVector<unsigned, 4> bounds = {first};
  for (unsigned k = component.firstSection[buffer] + 1;
       k < component.endSection[buffer]; ++k)
    if (cuts[k] == 0 && k > first && k < end)
      bounds.push_back(k);
  bounds.push_back(end);
  if (bounds.size() == 2)
    return search(first, end, offset, bufferRank);

  // The parts are independent, so a part that cannot be placed refutes
  // this node however the others are placed: no other part is retried.
  // Each part is a new problem and its buffers are ranked afresh by what is
  // left (as MiniMalloc does); ranks of different orders do not compare, so
  // the part only requires offsets from `offset` up, a weaker but sound
  // form of the canonical order.
  for (unsigned i = 0; i + 1 != bounds.size(); ++i) {
    SmallVector<unsigned> partBuffers;
    SmallVector<unsigned> oldRanks;
    for (unsigned other : unplaced)
      if (isInPart(other, bounds[i], bounds[i + 1])) {
        partBuffers.push_back(other);
        oldRanks.push_back(rank[other]);
      }
    rankBuffers(partBuffers);
    budget->pay(partBuffers.size() *
                (4 + Log2_64_Ceil(partBuffers.size() + 1)));
    SearchOutcome outcome =
        search(bounds[i], bounds[i + 1], offset, /*lastRank=*/0);
    for (auto [other, oldRank] : llvm::zip(partBuffers, oldRanks))
      rank[other] = oldRank;
    if (outcome != SearchOutcome::Found)
      return outcome;
  }
  return SearchOutcome::Found;
}

bool CapacitySearch::place(unsigned buffer, unsigned first, unsigned end) {
  ArrayRef<uint64_t> sizes = component.sizes;
  uint64_t offset = minOffset[buffer];
  uint64_t top = offset + sizes[buffer];

  size_t trailStart = trail.size();
  isPlaced[buffer] = true;
  unsigned position = unplacedPosition[buffer];
  unsigned last = unplaced.back();
  unplaced[position] = last;
  unplacedPosition[last] = position;
  unplaced.pop_back();
  for (unsigned k = component.firstSection[buffer] + 1;
       k < component.endSection[buffer]; ++k)
    --cuts[k];

  // Everything still to place in the sections it is live in overlaps
  // `buffer` in time and goes at or above `offset`, hence above `top`.
  uint64_t liveSections = 0;
  for (auto [liveFirst, liveEnd] : component.getLiveSections(buffer))
    for (unsigned s = liveFirst; s != liveEnd; ++s) {
      trail.push_back({Change::Floor, s, sectionFloor[s]});
      sectionFloor[s] = std::max(sectionFloor[s], top);
      sectionLeft[s] -= sizes[buffer];
      ++liveSections;
    }

  touchedRanges.clear();
  // place() and unplace() walk the buffer's sections three times each.
  uint64_t work =
      2 * (component.endSection[buffer] - component.firstSection[buffer]) +
      4 * liveSections;
  bool fits = true;
  for (unsigned other : component.overlaps[buffer]) {
    ++work;
    if (isPlaced[other] || minOffset[other] >= top)
      continue;
    trail.push_back({Change::MinOffset, other, minOffset[other]});
    // Alignments are powers of two.
    uint64_t mask = component.alignments[other] - 1;
    minOffset[other] = (top + mask) & ~mask;
    if (minOffset[other] + sizes[other] > capacity) {
      fits = false;
      break;
    }
    for (auto range : component.getLiveSections(other))
      touchedRanges.push_back(range);
  }
  if (fits) {
    // The sections of the buffers whose lowest offsets rose: the union of
    // their ranges, which overlap heavily when buffers live long. Only this
    // part's sections are checked below, so only they are raised; a floor
    // left low elsewhere is weaker but still sound.
    llvm::sort(touchedRanges);
    work += touchedRanges.size() * (1 + Log2_64_Ceil(touchedRanges.size() + 1));
    // A section's unplaced buffers all start at or above the lowest of their
    // lowest offsets. The scan stops at the first that cannot raise it.
    unsigned covered = first;
    for (auto [rangeFirst, rangeEnd] : touchedRanges)
      for (unsigned s = std::max(rangeFirst, covered),
                    e = std::min(rangeEnd, end);
           s < e; ++s) {
        ++work;
        covered = s + 1;
        if (sectionLeft[s] == 0)
          continue;
        uint64_t floor = sectionFloor[s];
        uint64_t lowest = UINT64_MAX;
        for (unsigned member : component.sectionMembers[s]) {
          ++work;
          if (isPlaced[member])
            continue;
          lowest = std::min(lowest, minOffset[member]);
          if (lowest <= floor)
            break;
        }
        if (lowest > floor) {
          trail.push_back({Change::Floor, s, sectionFloor[s]});
          sectionFloor[s] = lowest;
        }
      }
    // Only this part's buffers are bound to go above `offset`.
    for (unsigned s = first; s != end; ++s)
      if (sectionLeft[s] != 0 &&
          std::max(sectionFloor[s], offset) + sectionLeft[s] > capacity) {
        fits = false;
        break;
      }
  }
  // Each change is made once and undone once.
  work += 2 * (trail.size() - trailStart);
  if (!budget->pay(work))
    stopped = true;
  return fits && !stopped;
}

void CapacitySearch::unplace(unsigned buffer, size_t trailMark) {
  for (size_t i = trail.size(); i != trailMark; --i) {
    const Change &change = trail[i - 1];
    if (change.kind == Change::MinOffset)
      minOffset[change.index] = change.oldValue;
    else
      sectionFloor[change.index] = change.oldValue;
  }
  trail.resize(trailMark);
  for (auto [first, end] : component.getLiveSections(buffer))
    for (unsigned s = first; s != end; ++s)
      sectionLeft[s] += component.sizes[buffer];
  for (unsigned k = component.firstSection[buffer] + 1;
       k < component.endSection[buffer]; ++k)
    ++cuts[k];

  // Undo the swap of place(): `buffer` goes back where it was.
  isPlaced[buffer] = false;
  unsigned position = unplacedPosition[buffer];
  if (position == unplaced.size()) {
    unplaced.push_back(buffer);
  } else {
    unsigned moved = unplaced[position];
    unplacedPosition[moved] = unplaced.size();
    unplaced.push_back(moved);
    unplaced[position] = buffer;
  }
}

} // namespace memplan::detail
