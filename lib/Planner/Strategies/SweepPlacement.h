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

#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <set>
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
  /// Drops the live buffers that end at or before `time`.
  void expireUntil(uint64_t time);
  /// Drops the live buffer at `offset`, joining the gaps on either side.
  void removeLive(std::map<uint64_t, uint64_t>::iterator live);
  void addGap(uint64_t begin, uint64_t end);
  void removeGap(uint64_t begin, uint64_t end);

  llvm::ArrayRef<Buffer> buffers;
  Plan &plan;
  /// The byte ranges of the placed buffers live at the sweep's time, as
  /// offset -> end. They are disjoint (they overlap in time), so no two
  /// share an offset.
  std::map<uint64_t, uint64_t> live;
  /// The free gaps below the highest live buffer, as (length, begin): the
  /// one before each live buffer, from the end of the one below it (or
  /// from 0), where that is not empty. The first that fits in this order
  /// is GapPlacer's choice: the smallest, then the lowest.
  std::set<std::pair<uint64_t, uint64_t>> gaps;
  /// (end, offset) of the live buffers, the earliest end on top.
  std::priority_queue<std::pair<uint64_t, uint64_t>,
                      std::vector<std::pair<uint64_t, uint64_t>>,
                      std::greater<>>
      ends;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_SWEEPPLACEMENT_H
