//===- CheapFirst.h - When best runs the cheap strategies first -*- C++ -*-===//
//
// Private to lib/Planner. Both bests, under a deadline, run the strategies
// whose cost ignores overlap (OffsetStrategy::costIgnoresOverlap) first on
// problems where many buffers are live at once: there greedy-size and the
// like take seconds, and a deadline that stops them part way leaves a tail
// of buffers sharing nothing, where the cheap ones would have finished.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_CHEAPFIRST_H
#define MEMPLAN_LIB_PLANNER_CHEAPFIRST_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cstdint>

namespace memplan::detail {

/// The number of buffers live for some time times the mean number live at
/// once (the sum of their lifetimes over the time they span): about how
/// much greedy-size looks at. A chain of a million buffers with a handful
/// live at once gives about 1e7; a million long-lived ones, 5e10.
inline double estimateOverlap(llvm::ArrayRef<Buffer> buffers) {
  uint64_t first = UINT64_MAX, last = 0;
  double lived = 0, count = 0;
  for (const Buffer &buffer : buffers) {
    if (buffer.start >= buffer.end)
      continue;
    first = std::min(first, buffer.start);
    last = std::max(last, buffer.end);
    lived += double(buffer.end - buffer.start);
    ++count;
  }
  return count == 0 ? 0 : count * lived / double(last - first);
}

/// Whether best, given `options`, runs the cheap strategies first on
/// `buffers` (StrategyOptions::cheapFirstFromOverlap).
inline bool runsCheapFirst(llvm::ArrayRef<Buffer> buffers,
                           const StrategyOptions &options) {
  return options.deadline.isSet() &&
         estimateOverlap(buffers) >= options.cheapFirstFromOverlap;
}

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_CHEAPFIRST_H
