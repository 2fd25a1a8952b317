//===- GapPlacement.h - Best-fit gap search shared by strategies -*- C++
//-*-===//
//
// Private to lib/Planner. The placement step of Pisarchyk & Lee, Algorithm 3
// (lines 7-23), extended with alignment; greedy-size, greedy-breadth and
// start-best-fit differ only in the order in which they feed buffers to it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H

#include "memplan/Planner/Problem.h"

#include <optional>

namespace memplan::detail {

/// Where `buffer` goes in the free gap [gapBegin, gapEnd): its aligned start,
/// or nullopt if it does not fit there once aligned. An alignment or sum that
/// overflows cannot end below gapEnd, so overflow just means no fit.
std::optional<uint64_t> fitInGap(const Buffer &buffer, uint64_t gapBegin,
                                 uint64_t gapEnd);

/// Places buffers one at a time into `plan`, each into the smallest gap that
/// fits it among the placed buffers that overlap it in time:
///
///  * The placed buffers whose lifetimes overlap the new buffer t are scanned
///    in increasing offset order (ties: lower index) while `prev` tracks the
///    highest end seen so far, starting at 0. Before each such buffer x lies
///    the gap [prev, x.offset). t fits in it if alignTo(prev, t.alignment) +
///    t.size <= x.offset. Among the gaps that fit, the one with the smallest
///    raw length x.offset - prev wins; the lowest wins a tie. t goes to the
///    aligned start of that gap.
///  * If no gap fits, t goes above them all, at alignTo(prev, t.alignment).
///  * A zero-size buffer occupies no bytes: it goes to offset 0 and is not
///    recorded as placed, so it never splits a gap.
///
/// How GapPlacer finds the placed buffers that overlap a new one in time.
enum class OverlapSearch {
  /// A segment tree over time: O(log n + k log n) per placement, where k is
  /// the number of placed buffers found, and O(n log n) memory.
  SegmentTree,
  /// Scan every placed buffer, O(n) per placement: the textbook form, kept
  /// as the oracle the tests hold the tree to.
  Scan,
};

class GapPlacer {
public:
  /// Sizes `plan.offsets` for `buffers` and resets the slab to 0.
  GapPlacer(llvm::ArrayRef<Buffer> buffers, Plan &plan,
            OverlapSearch search = OverlapSearch::SegmentTree);

  /// Places buffer `index` (not placed before), sets its offset and raises
  /// the slab size to its end. Returns false, placing nothing, if its end
  /// would overflow 64 bits.
  bool place(unsigned index);

private:
  /// The placed buffers that overlap `index` in time, in offset order (ties:
  /// lower index), into `overlapping`.
  void findOverlapping(unsigned index);
  void insertIntoTree(unsigned index);
  /// Calls `visit(node)` on the nodes that hold a buffer covering the
  /// sections [first, end), and `pass(node)` on every node above them.
  template <typename Visit, typename Pass>
  void forEachCoveringNode(unsigned first, unsigned end, Visit visit,
                           Pass pass);

  llvm::ArrayRef<Buffer> buffers;
  Plan &plan;
  OverlapSearch search;
  /// Scan: the placed buffers, ordered by offset, then by index.
  llvm::SmallVector<unsigned> placed;
  /// SegmentTree: over the sections of TimeSections, node v covers a range
  /// of sections, holds the placed buffers that cover all of it but not all
  /// of its parent's, and counts the buffers held in its subtree so that
  /// empty subtrees are skipped.
  unsigned numSections = 0;
  /// Each buffer's sections [firstSection, endSection).
  llvm::SmallVector<unsigned> firstSection, endSection;
  /// Node v holds nodeBuffers[nodeBegin[v] .. nodeBegin[v] + nodeFill[v]):
  /// which nodes a buffer lands in does not depend on the order of
  /// placement, so the slots are counted up front and never reallocated.
  llvm::SmallVector<unsigned> nodeBuffers;
  llvm::SmallVector<unsigned> nodeBegin, nodeFill;
  llvm::SmallVector<unsigned> subtreeCount;
  /// Deduplicates a buffer held in several nodes of one query.
  llvm::SmallVector<unsigned> seenInQuery;
  unsigned query = 0;
  llvm::SmallVector<unsigned> overlapping;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H
