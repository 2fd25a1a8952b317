//===- OverlapGraph.h - Which buffers overlap which in time -----*- C++ -*-===//
//
// Private to lib/Planner. Strategies that re-place buffers many times (the
// moves of hill-climb) look up each buffer's neighbours in time instead of
// asking a tree again and again.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_OVERLAPGRAPH_H
#define MEMPLAN_LIB_PLANNER_OVERLAPGRAPH_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace memplan::detail {

/// For each buffer of non-zero size, the other buffers of non-zero size `b`
/// with `buffer.overlapsInTime(b)` (where gapped lifetimes overlap only in
/// their hulls, not), by increasing index. Note that this pairs
/// a buffer with an empty lifetime [t, t) with those live on both sides of
/// t, as Buffer::overlapsInTime does. Built by a sweep over the starts in
/// O(n log n + K) time and O(n + K) memory for K overlapping pairs.
class OverlapGraph {
public:
  explicit OverlapGraph(llvm::ArrayRef<Buffer> buffers);

  /// The graph, or nullopt if it would hold more than `maxPairs` pairs or
  /// `stop()`, asked every 512 buffers of the sweep and every million pairs
  /// laid out, says to give up: where thousands of buffers are live at once
  /// the pairs grow with the square of that, in time and memory alike.
  static std::optional<OverlapGraph> build(llvm::ArrayRef<Buffer> buffers,
                                           size_t maxPairs,
                                           llvm::function_ref<bool()> stop);

  llvm::ArrayRef<unsigned> getNeighbours(unsigned index) const {
    return llvm::ArrayRef(adjacent).slice(begin[index],
                                          begin[index + 1] - begin[index]);
  }

  /// The number of overlapping pairs.
  size_t getNumPairs() const { return adjacent.size() / 2; }

private:
  OverlapGraph() = default;
  /// The sweep of the constructor and build; false if it gave up.
  bool sweep(llvm::ArrayRef<Buffer> buffers, size_t maxPairs,
             llvm::function_ref<bool()> stop);

  /// Buffer i's neighbours are adjacent[begin[i] .. begin[i + 1]).
  llvm::SmallVector<size_t> begin;
  llvm::SmallVector<unsigned> adjacent;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_OVERLAPGRAPH_H
