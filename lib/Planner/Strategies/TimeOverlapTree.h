//===- TimeOverlapTree.h - Inserted buffers found by time -------*- C++ -*-===//
//
// Private to lib/Planner. Placements that put buffers down one at a time
// and then ask which of them a new buffer overlaps in time (GapPlacer,
// gergov's colouring) share this index instead of scanning every buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_TIMEOVERLAPTREE_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_TIMEOVERLAPTREE_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/SmallVector.h"

namespace memplan::detail {

/// The buffers inserted so far, in a segment tree over the sections of
/// TimeSections: node v covers a range of sections, holds the inserted
/// buffers that cover all of it but not all of its parent's, and counts the
/// buffers held in its subtree so that empty subtrees are skipped. Inserting
/// costs O(log n); a query O(log n + k log n) for k buffers found. Memory is
/// O(n log n).
class TimeOverlapTree {
public:
  /// An empty tree, ready for any of `buffers` that occupy memory.
  explicit TimeOverlapTree(llvm::ArrayRef<Buffer> buffers);

  /// Adds buffer `index`, which occupies memory and is not in the tree yet.
  void insert(unsigned index);

  /// Appends to `found` each buffer in the tree that overlaps buffer `index`
  /// (which occupies memory) in time, once, in no particular order.
  void findOverlapping(unsigned index, llvm::SmallVectorImpl<unsigned> &found);

private:
  /// Calls `visit(node)` on the nodes that hold a buffer covering the
  /// sections [first, end), and `pass(node)` on every node above them.
  template <typename Visit, typename Pass>
  void forEachCoveringNode(unsigned first, unsigned end, Visit visit,
                           Pass pass);

  unsigned numSections = 0;
  /// Each buffer's sections [firstSection, endSection).
  llvm::SmallVector<unsigned> firstSection, endSection;
  /// Node v holds nodeBuffers[nodeBegin[v] .. nodeBegin[v] + nodeFill[v]):
  /// which nodes a buffer lands in does not depend on the order of
  /// insertion, so the slots are counted up front and never reallocated.
  llvm::SmallVector<unsigned> nodeBuffers;
  llvm::SmallVector<unsigned> nodeBegin, nodeFill;
  llvm::SmallVector<unsigned> subtreeCount;
  /// Deduplicates a buffer held in several nodes of one query.
  llvm::SmallVector<unsigned> seenInQuery;
  unsigned query = 0;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_TIMEOVERLAPTREE_H
