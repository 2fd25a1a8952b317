//===- MaxAssignTree.h - Range maximum and range assignment -----*- C++ -*-===//
//
// Private to lib/Planner. A skyline kept per section of time: the highest
// value over a range of sections, and setting every section of a range to
// one value, each in O(log n). A plain array costs O(range) for both, which
// is quadratic when many long lifetimes are stacked (nested lifetimes).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_MAXASSIGNTREE_H
#define MEMPLAN_LIB_PLANNER_MAXASSIGNTREE_H

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace memplan::detail {

/// `size` values, all 0 at first.
class MaxAssignTree {
public:
  explicit MaxAssignTree(unsigned size)
      : size(size), maxima(4 * std::max(size, 1u), 0),
        pending(4 * std::max(size, 1u), false) {}

  /// The largest value in [first, last), or 0 if the range is empty.
  uint64_t max(unsigned first, unsigned last) {
    assert(first <= last && last <= size && "range out of bounds");
    if (first == last)
      return 0;
    return max(1, 0, size, first, last);
  }

  /// Sets every value in [first, last) to `value`.
  void assign(unsigned first, unsigned last, uint64_t value) {
    assert(first <= last && last <= size && "range out of bounds");
    if (first != last)
      assign(1, 0, size, first, last, value);
  }

private:
  // Node `node` covers [low, high). A pending node's whole range holds its
  // maximum; its children are not up to date yet.
  void pushDown(unsigned node) {
    if (!pending[node])
      return;
    for (unsigned child : {2 * node, 2 * node + 1}) {
      maxima[child] = maxima[node];
      pending[child] = true;
    }
    pending[node] = false;
  }

  uint64_t max(unsigned node, unsigned low, unsigned high, unsigned first,
               unsigned last) {
    if (first <= low && high <= last)
      return maxima[node];
    pushDown(node);
    unsigned middle = low + (high - low) / 2;
    uint64_t result = 0;
    if (first < middle)
      result = max(2 * node, low, middle, first, last);
    if (middle < last)
      result = std::max(result, max(2 * node + 1, middle, high, first, last));
    return result;
  }

  void assign(unsigned node, unsigned low, unsigned high, unsigned first,
              unsigned last, uint64_t value) {
    if (first <= low && high <= last) {
      maxima[node] = value;
      pending[node] = true;
      return;
    }
    pushDown(node);
    unsigned middle = low + (high - low) / 2;
    if (first < middle)
      assign(2 * node, low, middle, first, last, value);
    if (middle < last)
      assign(2 * node + 1, middle, high, first, last, value);
    maxima[node] = std::max(maxima[2 * node], maxima[2 * node + 1]);
  }

  unsigned size;
  llvm::SmallVector<uint64_t, 0> maxima;
  llvm::SmallVector<bool, 0> pending;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_MAXASSIGNTREE_H
