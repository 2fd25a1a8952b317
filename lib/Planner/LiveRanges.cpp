//===- LiveRanges.cpp - Lifetimes of one interval or several --------------===//

#include "memplan/Planner/Problem.h"

#include "IntervalLists.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

using namespace llvm;

namespace memplan {

bool Buffer::rangesOverlap(const Buffer &lhs, const Buffer &rhs) {
  // One interval stands for a buffer without gaps; then both lists are
  // walked in time order, as a merge does.
  LiveRange lhsHull{lhs.start, lhs.end}, rhsHull{rhs.start, rhs.end};
  ArrayRef<LiveRange> a =
      lhs.ranges.empty() ? ArrayRef(lhsHull) : ArrayRef<LiveRange>(lhs.ranges);
  ArrayRef<LiveRange> b =
      rhs.ranges.empty() ? ArrayRef(rhsHull) : ArrayRef<LiveRange>(rhs.ranges);
  return detail::doIntervalListsMeet(a, b, [](const LiveRange &range) {
    return std::pair(range.start, range.end);
  });
}

bool hasGappedLifetimes(ArrayRef<Buffer> buffers) {
  return llvm::any_of(buffers,
                      [](const Buffer &buffer) { return buffer.hasGaps(); });
}

SmallVector<Buffer> getHulls(ArrayRef<Buffer> buffers) {
  return llvm::map_to_vector(
      buffers, [](const Buffer &buffer) { return buffer.getHull(); });
}

void setLiveRanges(Buffer &buffer, ArrayRef<LiveRange> intervals) {
  SmallVector<LiveRange> sorted;
  for (const LiveRange &range : intervals)
    if (range.start < range.end)
      sorted.push_back(range);
  llvm::sort(sorted, [](const LiveRange &lhs, const LiveRange &rhs) {
    return lhs.start < rhs.start;
  });
  SmallVector<LiveRange> joined;
  for (const LiveRange &range : sorted) {
    if (!joined.empty() && range.start <= joined.back().end)
      joined.back().end = std::max(joined.back().end, range.end);
    else
      joined.push_back(range);
  }
  buffer.start = joined.empty() ? 0 : joined.front().start;
  buffer.end = joined.empty() ? 0 : joined.back().end;
  if (joined.size() < 2)
    buffer.ranges.clear();
  else
    buffer.ranges = LiveRangeList(joined);
}

} // namespace memplan
