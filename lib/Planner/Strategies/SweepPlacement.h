//===- SweepPlacement.h - Best-fit gaps for buffers in start order -*- C++ -*-//
//
// Private to lib/Planner. GapPlacer's rule (GapPlacement.h) for buffers that
// come in start order, as start-best-fit feeds them: every buffer placed
// before started no later, so those that overlap the new one in time are
// exactly those still live at its start. A sweep over time keeps them, and
// the free gaps between them by length, so a placement costs O(log n) plus
// the gaps skipped because alignment leaves too little of them, instead of
// reading every placed buffer that overlaps.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_SWEEPPLACEMENT_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_SWEEPPLACEMENT_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <optional>
#include <queue>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace memplan::detail {

/// Places buffers as GapPlacer does, byte for byte, provided the buffers
/// that occupy memory come in nondecreasing start order (the others, of
/// size 0 or never live, may come at any point).
class SweepGapPlacer {
public:
  /// Sizes `plan.offsets` for `buffers` and resets the slab to 0.
  SweepGapPlacer(llvm::ArrayRef<Buffer> buffers, Plan &plan);

  /// Places buffer `index` (not placed before), sets its offset and raises
  /// the slab size to its end. Returns false, placing nothing, if its end
  /// would overflow 64 bits.
  bool place(unsigned index);

private:
  /// No live buffer: the end of the list of those live.
  static constexpr unsigned kNone = ~0u;
  /// A free gap [begin, begin + length) below the live buffer `above`.
  struct Gap {
    uint64_t length;
    uint64_t begin;
    unsigned above;
    bool operator<(const Gap &other) const {
      // No two gaps share a begin: they are disjoint.
      return std::tie(length, begin) < std::tie(other.length, other.begin);
    }
  };

  /// Drops the live buffers that end at or before `time`.
  void expireUntil(uint64_t time);
  /// Drops live buffer `index`, joining the gaps on either side.
  void removeLive(unsigned index);
  /// Links `index` into the live buffers just below `upper` (kNone: at the
  /// top).
  void insertLive(unsigned index, unsigned upper);
  uint64_t endOf(unsigned index) const {
    return plan.offsets[index] + buffers[index].size;
  }
  /// The gap below live buffer `upper`, from `begin`, if not empty.
  void addGap(uint64_t begin, unsigned upper);
  void removeGap(uint64_t begin, unsigned upper);

  llvm::ArrayRef<Buffer> buffers;
  Plan &plan;
  /// The placed buffers live at the sweep's time, in offset order (they
  /// overlap in time, so they are disjoint in bytes), as a list linked by
  /// index: a removal finds its neighbours, and an insertion is given the
  /// buffer above its gap, so no search tree of them is needed (a std::map
  /// by offset was half of start-best-fit's time on a million buffers).
  llvm::SmallVector<unsigned> below, above;
  unsigned highest = kNone;
  /// The free gaps below the highest live buffer: the one before each live
  /// buffer, from the end of the one below it (or from 0), where that is
  /// not empty. The first that fits in this order is GapPlacer's choice: the
  /// smallest, then the lowest.
  std::set<Gap> gaps;
  /// (end, index) of the live buffers, the earliest end on top.
  std::priority_queue<std::pair<uint64_t, unsigned>,
                      std::vector<std::pair<uint64_t, unsigned>>,
                      std::greater<>>
      ends;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_SWEEPPLACEMENT_H
