//===- IntervalLists.h - Do two sorted interval lists meet? -----*- C++ -*-===//
//
// Private to lib/Planner. Gapped lifetimes are lists of disjoint intervals in
// time order, as times (Buffer::ranges) or as runs of sections (the exact
// search's model); both ask whether two such lists share a point.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_INTERVALLISTS_H
#define MEMPLAN_LIB_PLANNER_INTERVALLISTS_H

#include "llvm/ADT/ArrayRef.h"

namespace memplan::detail {

/// Whether some half-open interval of `lhs` meets one of `rhs`, each list
/// sorted and disjoint; `bounds(interval)` gives an interval's {begin, end}.
/// A merge of the two lists: O(|lhs| + |rhs|).
template <typename Interval, typename Bounds>
bool doIntervalListsMeet(llvm::ArrayRef<Interval> lhs,
                         llvm::ArrayRef<Interval> rhs, Bounds bounds) {
  while (!lhs.empty() && !rhs.empty()) {
    auto [lhsBegin, lhsEnd] = bounds(lhs.front());
    auto [rhsBegin, rhsEnd] = bounds(rhs.front());
    if (lhsBegin < rhsEnd && rhsBegin < lhsEnd)
      return true;
    if (lhsEnd <= rhsEnd)
      lhs = lhs.drop_front();
    else
      rhs = rhs.drop_front();
  }
  return false;
}

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_INTERVALLISTS_H
