//===- GapPlacement.h - Best-fit gaps for strategies ------------*- C++ -*-===//
//
// Private to lib/Planner. The placement step of Pisarchyk & Lee, Algorithm 3
// (lines 7-23), extended with alignment; greedy-size, greedy-breadth and
// start-best-fit differ only in the order in which they feed buffers to it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H

#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/Problem.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace memplan::detail {

/// Where `buffer` goes in the free gap [gapBegin, gapEnd): its aligned start,
/// or nullopt if it does not fit there once aligned. An alignment or sum that
/// overflows cannot end below gapEnd, so overflow just means no fit.
std::optional<uint64_t> fitInGap(const Buffer &buffer, uint64_t gapBegin,
                                 uint64_t gapEnd);

/// Gives buffer `index` of `buffers` the offset `offset`, or without one the
/// first aligned offset from `top` (above every buffer it overlaps), and
/// raises the slab to its end. Returns that end, or nullopt, changing
/// nothing, if it would overflow 64 bits.
std::optional<uint64_t> recordPlacement(llvm::ArrayRef<Buffer> buffers,
                                        Plan &plan, unsigned index,
                                        std::optional<uint64_t> offset,
                                        uint64_t top);

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
///    recorded as placed, so it never splits a gap. A buffer with an empty
///    lifetime is never live: it overlaps nothing, so it goes to offset 0
///    (and the slab covers its bytes), and is not recorded either.
///
/// How GapPlacer finds the placed buffers that overlap a new one in time.
enum class OverlapSearch {
  /// A segment tree over time: a query joins the blocks of touching byte
  /// ranges of O(log n) lists (the buffers that start in each canonical
  /// node of its time, and those held on its first leaf's path), at most a
  /// list's share of the buffers that overlap it each, and recording a
  /// placement merges its range into O(log n) sorted block lists.
  SegmentTree,
  /// Scan every placed buffer, O(n) per placement: the textbook form, the
  /// oracle the tests hold the tree to, the faster of the two on small
  /// problems, and the one that sees the gaps of gapped lifetimes.
  Scan,
  /// The scan for problems of up to kScanLimit buffers, where building the
  /// tree costs more than the scans it saves (kGappedScanLimit where some
  /// lifetime has gaps); the tree above.
  Automatic,
};

/// Up to this many buffers, OverlapSearch::Automatic scans.
constexpr size_t kScanLimit = 512;
/// The same where some lifetime has gaps. Only the scan compares gapped
/// lifetimes interval by interval: the tree holds each buffer at the
/// sections of its hull, so past this it places a gapped buffer as if it
/// were live over its hull (a valid plan that may share less).
constexpr size_t kGappedScanLimit = 8192;

/// Whether OverlapSearch::Automatic scans `buffers` for their gaps: some
/// lifetime has gaps and there are at most kGappedScanLimit buffers. Larger
/// problems are not looked through for gaps at all.
inline bool scansGappedLifetimes(llvm::ArrayRef<Buffer> buffers) {
  return buffers.size() <= kGappedScanLimit && hasGappedLifetimes(buffers);
}

/// Which nodes of GapPlacer's segment tree keep which kind of list (see the
/// members of GapPlacer). Every shape gives the same plans; the defaults
/// were the fastest measured. A small shape (a level or two of each kind,
/// bands two leaves wide) reaches every kind of list on problems of a few
/// dozen buffers, which is how the tests and the fuzzer hold all of them
/// to the scan.
struct GapTreeShape {
  /// The top levels, whose nodes keep the union of everything that overlaps
  /// them. 7 to 9 levels did alike on 300k and 1M long-lived buffers; 5 and
  /// 11 were slower.
  unsigned fullLevels = 8;
  /// The bottom levels, whose nodes keep their start blocks in slots
  /// counted up front rather than in a list each.
  unsigned slottedLevels = 6;
  /// The most band nodes, a power of two (0: none). 1024 did best on 100k
  /// to 1M long-lived buffers; 256 and 4096 were slower.
  unsigned bands = 1024;
  /// A band node spans at least this many leaves, a power of two.
  unsigned minBandSpan = 16;
  /// Trees of fewer leaves than this have no bands.
  unsigned minBandedLeaves = 4096;
};

class GapPlacer {
public:
  /// Sizes `plan.offsets` for `buffers` and resets the slab to 0.
  GapPlacer(llvm::ArrayRef<Buffer> buffers, Plan &plan,
            OverlapSearch requested = OverlapSearch::Automatic,
            const GapTreeShape &shape = {});

  /// The placer of the constructor, or nullopt once `deadline` has passed,
  /// which it looks at as it builds its tree: on a million buffers that
  /// takes a sixth of a second, enough to overrun a tight limit. Either way
  /// `plan.offsets` is sized for `buffers` and the slab reset to 0.
  static std::optional<GapPlacer>
  createBefore(const Deadline &deadline, llvm::ArrayRef<Buffer> buffers,
               Plan &plan, OverlapSearch requested = OverlapSearch::Automatic,
               const GapTreeShape &shape = {});

  /// Places buffer `index` (not placed before), sets its offset and raises
  /// the slab size to its end. Returns false, placing nothing, if its end
  /// would overflow 64 bits.
  bool place(unsigned index);

private:
  /// The placer without its tree: buildTree makes it.
  struct WithoutTree {};
  GapPlacer(WithoutTree, llvm::ArrayRef<Buffer> buffers, Plan &plan,
            OverlapSearch requested);
  /// Builds the segment tree of `shape` (nothing for the scan), looking at
  /// `deadline` as it goes; false, leaving the placer unusable, once it has
  /// passed.
  bool buildTree(const GapTreeShape &shape, const Deadline &deadline);

  /// The byte range [offset, end) of a placed buffer: all the gap search
  /// reads of it, kept by value so that a query touches no other array.
  struct PlacedRange {
    uint64_t offset;
    uint64_t end;
    bool operator<(const PlacedRange &other) const {
      return offset < other.offset;
    }
  };

  /// Lists, each in offset order, of the byte ranges of the placed buffers
  /// that overlap `index` in time, into `lists`. The gap search reads only
  /// their union, so the tree may hand over merged ranges, and ranges that
  /// overlap or repeat: none of that changes a gap.
  void findOverlapping(unsigned index);
  /// Two lists of ranges, each in offset order, whose union is that of the
  /// ranges of `lists`; valid until the next call.
  struct RangesInOffsetOrder {
    llvm::ArrayRef<PlacedRange> first, second;
  };
  RangesInOffsetOrder getRangesInOffsetOrder();
  /// Writes the ranges of `lhs` and `rhs` (each in offset order) to `out`
  /// onward in offset order, joining those that overlap or touch, and
  /// returns the end of what it wrote. Neither is empty; `out` has room for
  /// both and overlaps neither.
  static PlacedRange *joinSorted(llvm::ArrayRef<PlacedRange> lhs,
                                 llvm::ArrayRef<PlacedRange> rhs,
                                 PlacedRange *out);
  void insertIntoTree(unsigned index);
  /// Adds `range` to the `fill` blocks from `first`, merging it with those
  /// it overlaps or touches; there is room for one more.
  static void addToSlots(PlacedRange *first, unsigned &fill, PlacedRange range);
  /// addToSlots on a growable list of blocks.
  static void addToBlocks(llvm::SmallVectorImpl<PlacedRange> &blocks,
                          PlacedRange range);
  /// Adds `range`, held at `node` (at or above the bands), to the band
  /// nodes below it.
  void addToBands(unsigned node, PlacedRange range);
  /// Whether `node` spans a band node's leaves or more (none does without
  /// bands).
  bool isAtOrAboveBands(unsigned node) const { return node < 2 * firstBand; }
  /// The first leaf (section) of `node`'s span.
  unsigned firstLeafOf(unsigned node) const;
  /// Calls `visit(node)` on the nodes below fullLimit whose spans overlap the
  /// sections [first, end).
  template <typename Visit>
  void forEachFullNode(unsigned first, unsigned end, Visit visit) const;
  /// Calls `visit(node)` on the canonical nodes of the sections
  /// [first, end): the largest nodes that lie inside it.
  template <typename Visit>
  void forEachCanonicalNode(unsigned first, unsigned end, Visit visit) const;

  llvm::ArrayRef<Buffer> buffers;
  Plan &plan;
  /// SegmentTree or Scan.
  OverlapSearch search;
  /// Scan: the lifetime and byte range of each placed buffer, in offset
  /// order (the scan reads them in one pass over one array).
  struct PlacedBuffer {
    uint64_t start;
    uint64_t end;
    PlacedRange range;
    unsigned index;
    bool hasGaps;
  };
  llvm::SmallVector<PlacedBuffer> placed;
  /// SegmentTree: a perfect binary tree over the sections of TimeSections
  /// (`numLeaves` leaves, a power of two; node 1 is the root, node v has
  /// children 2v and 2v + 1, leaf k is node numLeaves + k). A placed buffer
  /// is held by the canonical nodes of its sections.
  ///
  /// A placed buffer overlaps the sections [first, end) of a query iff it
  /// starts in them, or starts before them and covers `first`. So a query
  /// reads, for each canonical node of its sections, the union of the ranges
  /// of the buffers that start in the node's span (startBlocks), and the
  /// ranges of those that cover its first leaf: the buffers held on that
  /// leaf's path (nodeRanges, and bandBlocks from the bands up). Each buffer
  /// then meets a query in one list or two, where reading the unions of whole
  /// subtrees met a long buffer once for every canonical node it crossed.
  unsigned numLeaves = 0;
  unsigned log2Leaves = 0;
  /// Each buffer's sections [firstSection, endSection).
  llvm::SmallVector<unsigned> firstSection, endSection;
  /// Where a node's blocks lie in an array of slots shared by the nodes,
  /// and how many of its slots they fill (an insert reads both).
  struct Slots {
    size_t begin = 0;
    unsigned fill = 0;
  };
  /// Counts in `slots[i + 1].begin` become where each lies in one array, of
  /// the size returned.
  static size_t layOutSlots(llvm::MutableArrayRef<Slots> slots);
  /// Node v holds, in its slots of nodeRanges (nodeSlots[v]), the union of
  /// the ranges of the buffers held at v, as maximal disjoint
  /// blocks in offset order (ranges that touch are merged), so that a query
  /// reads a stack of a million buffers live at once as one block, not a
  /// million ranges. Which nodes a buffer lands in does not depend on the
  /// order of placement, so a slot per buffer is counted up front and the
  /// slots are never reallocated.
  llvm::SmallVector<PlacedRange> nodeRanges;
  llvm::SmallVector<Slots> nodeSlots;
  /// startBlocks[v]: the union of the ranges of the placed buffers that start
  /// in v's span, as blocks in offset order. Only queries that have v among
  /// their canonical nodes read it; startReaders[v] counts those still to be
  /// placed (insertIntoTree counts them down), and once none is left the
  /// union is freed and no longer kept.
  llvm::SmallVector<llvm::SmallVector<PlacedRange, 0>> startBlocks;
  llvm::SmallVector<unsigned> startReaders;
  /// The nodes v >= slottedFrom, the bottom slottedLevels levels, keep
  /// their start blocks in slots counted up front, as nodeRanges does
  /// (slotRanges, and startSlots indexed by v - slottedFrom), for
  /// those that some query reads: a list for each of the many small nodes
  /// cost more in allocations than the blocks it held, where few buffers
  /// are live at once.
  size_t slottedFrom = 0;
  llvm::SmallVector<PlacedRange> slotRanges;
  llvm::SmallVector<Slots> startSlots;
  /// The nodes v < fullLimit, the top levels of the tree, keep instead in
  /// fullBlocks[v] the union of the ranges of every placed buffer that
  /// overlaps v's span (fullReaders counts their readers as startReaders
  /// does). The buffers that start in a long span leave many small gaps
  /// that those crossing into it fill; a long query's union is a few
  /// blocks, and reading its large canonical nodes' full unions reads a few
  /// blocks too. A canonical node read in full also holds what the first
  /// leaf's path would add when the node begins there.
  unsigned fullLimit = 0;
  llvm::SmallVector<llvm::SmallVector<PlacedRange, 0>> fullBlocks;
  llvm::SmallVector<unsigned> fullReaders;
  /// On large trees, the nodes of one level, band nodes firstBand ..
  /// 2 * firstBand - 1, each keep in bandBlocks[v - firstBand] the union of
  /// the ranges of the buffers held at v or above it that cover it (held
  /// at an ancestor or at v itself). A query then reads the part of its
  /// first leaf's path at or above that level as one list instead of a list
  /// per node: those buffers are all live at the leaf, so the lists are
  /// disjoint and interleave finely, and joining them was most of a query's
  /// time where thousands of long buffers are live at once. The nodes at or
  /// above the band level then keep no nodeRanges. A buffer held at a node
  /// k levels above the bands is added to its 2^k band nodes, so the adds
  /// grow with the time a buffer spans over the length of a band: the level
  /// has GapTreeShape::bands nodes, or fewer where a band node would span
  /// under minBandSpan leaves. firstBand is 0 (no bands) on trees of fewer
  /// than minBandedLeaves.
  unsigned firstBand = 0;
  llvm::SmallVector<llvm::SmallVector<PlacedRange, 0>> bandBlocks;
  /// What findOverlapping hands the gap search: lists of ranges, and for
  /// the scan the ranges it found; `merged` holds the joins of lists (or
  /// a few ranges sorted), `runs` the lists and joins still to join.
  struct BlockList {
    const PlacedRange *next;
    const PlacedRange *end;
  };
  llvm::SmallVector<BlockList> lists;
  llvm::SmallVector<PlacedRange> overlapping;
  llvm::SmallVector<PlacedRange> merged;
  struct Run {
    size_t size;
    /// Where it starts in `merged`, unless it is `list`.
    size_t begin;
    const PlacedRange *list;
  };
  llvm::SmallVector<Run> runs;
  /// Up to this many ranges in all, the lists are sorted as one instead.
  /// Chains, with a handful of ranges a query, plan alike from 16 to 256;
  /// long-lived problems of 20k to 60k buffers, whose queries read a few
  /// hundred, plan 20-30% faster at 32 than at 256 (sorting was a quarter
  /// of their time).
  static constexpr size_t kSortedRanges = 32;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_GAPPLACEMENT_H
