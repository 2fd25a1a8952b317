//===- BufferOrder.h - Greedy-by-size's largest first -----------*- C++ -*-===//
//
// Private to lib/Planner. Several strategies of both modes visit buffers in
// Pisarchyk & Lee's greedy-by-size order; they must agree on its ties so that
// their plans can be compared and refined (hill-climb starts from it).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_BUFFERORDER_H
#define MEMPLAN_LIB_PLANNER_BUFFERORDER_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace memplan::detail {

/// Whether buffer `lhs` comes before buffer `rhs` largest first: larger size,
/// then earlier start, then lower index.
inline bool isLargerFirst(llvm::ArrayRef<Buffer> buffers, unsigned lhs,
                          unsigned rhs) {
  const Buffer &l = buffers[lhs], &r = buffers[rhs];
  if (l.size != r.size)
    return l.size > r.size;
  if (l.start != r.start)
    return l.start < r.start;
  return lhs < rhs;
}

/// Sorts buffer indices largest first.
inline void sortLargestFirst(llvm::ArrayRef<Buffer> buffers,
                             llvm::MutableArrayRef<unsigned> indices) {
  llvm::sort(indices, [&](unsigned lhs, unsigned rhs) {
    return isLargerFirst(buffers, lhs, rhs);
  });
}

/// The indices of all buffers, largest first.
inline llvm::SmallVector<unsigned>
getLargestFirstOrder(llvm::ArrayRef<Buffer> buffers) {
  // Sorting the keys by value rather than indices through `buffers` keeps
  // the comparisons in cache on large problems.
  struct Key {
    uint64_t size;
    uint64_t start;
    unsigned index;
  };
  llvm::SmallVector<Key> keys;
  keys.reserve(buffers.size());
  for (auto [index, buffer] : llvm::enumerate(buffers))
    keys.push_back({buffer.size, buffer.start, unsigned(index)});
  std::sort(keys.begin(), keys.end(), [](const Key &l, const Key &r) {
    if (l.size != r.size)
      return l.size > r.size;
    if (l.start != r.start)
      return l.start < r.start;
    return l.index < r.index;
  });
  llvm::SmallVector<unsigned> order;
  order.reserve(buffers.size());
  for (const Key &key : keys)
    order.push_back(key.index);
  return order;
}

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_BUFFERORDER_H
