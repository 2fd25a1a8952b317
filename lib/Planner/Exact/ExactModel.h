//===- ExactModel.h - The problem as the exact search sees it ---*- C++ -*-===//
//
// Private to lib/Planner/Exact. The exact search works on a compressed form
// of the problem:
//  * sizes, alignments and capacities in units of the greatest common
//    divisor of the sizes (and of the alignments that neither divide it nor
//    are multiples of it), so every offset the search makes is a whole
//    number of units and the optimum is a multiple of the unit;
//  * time compressed into sections, the spans between consecutive start and
//    end times, each buffer covering a contiguous range of them, or several
//    where its lifetime has gaps;
//  * components: runs of sections that no buffer's hull crosses between,
//    planned independently because no buffer of one overlaps a buffer of
//    another (a gapped buffer keeps its intervals in one component, as it
//    has one offset).
// Buffers of size zero or with an empty lifetime conflict with nothing and
// are in no component.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_EXACT_EXACTMODEL_H
#define MEMPLAN_LIB_PLANNER_EXACT_EXACTMODEL_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace memplan::detail {

/// Buffers that can be planned apart from all others. Indices of buffers are
/// local to the component; `original` maps them back to the problem.
struct ExactComponent {
  llvm::SmallVector<unsigned> original;
  /// In units.
  llvm::SmallVector<uint64_t> sizes;
  llvm::SmallVector<uint64_t> alignments;
  /// Buffer i's hull covers the sections [firstSection[i], endSection[i]).
  llvm::SmallVector<unsigned> firstSection;
  llvm::SmallVector<unsigned> endSection;
  /// The runs of sections buffer i is live in: the hull's one run, or one
  /// per interval of a gapped lifetime.
  llvm::ArrayRef<std::pair<unsigned, unsigned>>
  getLiveSections(unsigned buffer) const {
    return llvm::ArrayRef(liveSections)
        .slice(liveBegin[buffer], liveBegin[buffer + 1] - liveBegin[buffer]);
  }
  /// Buffer i's runs are liveSections[liveBegin[i] .. liveBegin[i + 1]).
  llvm::SmallVector<std::pair<unsigned, unsigned>> liveSections;
  llvm::SmallVector<unsigned> liveBegin = {0};
  /// How long it is live in the problem's time, for the search orders.
  llvm::SmallVector<uint64_t> lifetimes;
  /// The buffers live in each section, and the sum of their sizes in units.
  llvm::SmallVector<llvm::SmallVector<unsigned, 0>, 0> sectionMembers;
  llvm::SmallVector<uint64_t> sectionTotals;
  /// The other buffers each buffer overlaps in time.
  llvm::SmallVector<llvm::SmallVector<unsigned, 0>, 0> overlaps;
  /// The largest section total: no plan of this component is smaller.
  uint64_t liveBound = 0;
  /// Number of overlapping pairs, the measure of the model's memory.
  uint64_t overlapPairs = 0;
  /// False when the component is too large to search (kMaxSearchBuffers,
  /// kMaxOverlapPairs): it then has no overlaps and no section members, and
  /// keeps its starting plan.
  bool isSearchable = true;

  unsigned size() const { return sizes.size(); }
  unsigned numSections() const { return sectionTotals.size(); }
};

/// The search recurses once per buffer and keeps every overlapping pair, so
/// larger components are left to the heuristics.
constexpr unsigned kMaxSearchBuffers = 10000;
constexpr uint64_t kMaxOverlapPairs = 4000000;

struct ExactModel {
  /// Bytes per unit.
  uint64_t unit = 1;
  llvm::SmallVector<ExactComponent, 0> components;
};

/// Builds the model. Fails if an alignment is not a power of two or a
/// section total overflows 64 bits.
llvm::Expected<ExactModel> buildExactModel(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_EXACT_EXACTMODEL_H
