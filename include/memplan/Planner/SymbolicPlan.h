//===- SymbolicPlan.h - One plan valid for every run-time size --*- C++ -*-===//
//
// Buffers whose sizes are known only at run time (SizeExpr.h) are planned
// once, at compile time, into a plan valid for every value of the sizes:
// for each pair of buffers live at once it decides which lies lower (an
// orientation of the interference graph), and at run time each buffer's
// offset is the least multiple of its alignment at or above the ends of
// the buffers directly below it. Every pair live at once is ordered, so no
// two share a byte whatever the sizes; and it is the tightest placement of
// that orientation. The orientation is read off a static plan made at
// chosen values of the symbols (a hint); among the plans made at several
// points, the one whose worst ratio of slab to lower bound over sample
// points is smallest is kept.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_SYMBOLICPLAN_H
#define MEMPLAN_PLANNER_SYMBOLICPLAN_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SizeExpr.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace memplan {

/// A problem whose sizes may be known only at run time. `buffers[i]` gives
/// buffer i's alignment and lifetime (its `size` is not read), `sizes[i]`
/// its size over the symbols named `symbols`.
struct SymbolicProblem {
  llvm::SmallVector<std::string> symbols;
  llvm::SmallVector<Buffer> buffers;
  llvm::SmallVector<SizeExpr> sizes;

  /// The buffers with their sizes where symbol `i` is `values[i]`; fails,
  /// naming the buffer, where a size overflows 64 bits.
  llvm::Expected<llvm::SmallVector<Buffer>>
  instantiate(llvm::ArrayRef<uint64_t> values) const;
};

/// A plan valid for every value of the symbols. Buffer i lies directly
/// above the buffers `below[i]` (the orientation, transitively reduced);
/// its offset is the least multiple of its alignment at or above each of
/// their ends, 0 when there are none; the slab ends at the highest end.
struct SymbolicPlan {
  llvm::SmallVector<llvm::SmallVector<unsigned, 2>> below;
  /// The buffers in an order where each comes after those below it.
  llvm::SmallVector<unsigned> order;
  /// The values of the symbols where the orientation was read off a plan.
  llvm::SmallVector<uint64_t> orientedAt;
  /// Whether that plan put the buffers of fixed size below the others, each
  /// part planned on its own.
  bool fixedBelow = false;
  /// The largest ratio of slab to lower bound over the sample points, where
  /// samples were given.
  std::optional<double> worstRatio;
  PlanOutcome outcome;
  /// What was tried and kept, for people.
  std::string details;

  /// The number of edges, the run-time maxima a rewrite computes.
  size_t getNumEdges() const;
};

/// Symbolic plans take at most this many buffers: the transitive reduction
/// keeps a bit per pair of buffers (8 MiB here).
constexpr size_t kMaxSymbolicBuffers = 8192;

/// Plans `problem` with `strategy` at each of `candidates` (values of every
/// symbol; at least one) and keeps the orientation whose worst ratio of slab
/// to lower bound over `samples` is smallest, the first candidate on a tie
/// or where no sample is given. Samples and later candidates where a size,
/// the bound or a plan overflows 64 bits are left out. Fails where the first
/// candidate overflows or the strategy fails there, or on more than
/// kMaxSymbolicBuffers buffers.
llvm::Expected<SymbolicPlan>
planSymbolically(const SymbolicProblem &problem, const OffsetStrategy &strategy,
                 llvm::ArrayRef<llvm::SmallVector<uint64_t>> candidates,
                 llvm::ArrayRef<llvm::SmallVector<uint64_t>> samples = {});

/// The offsets and slab of `plan` where symbol `i` is `values[i]`; fails
/// where a size or an offset overflows 64 bits.
llvm::Expected<Plan> evaluateSymbolicPlan(const SymbolicProblem &problem,
                                          const SymbolicPlan &plan,
                                          llvm::ArrayRef<uint64_t> values);

/// The slab of a symbolic plan as the largest of a few polynomials: the
/// sizes summed along each chain of buffers below one another, dominated
/// sums dropped. Exact where every size's coefficients are multiples of
/// every alignment (no padding is ever needed); else each step adds its
/// alignment less one and the formula is an upper bound.
struct SlabFormula {
  llvm::SmallVector<SizeExpr> largestOf;
  bool exact = true;

  /// `max(4*seq + 64, 2*seq*seq)`, or the one polynomial.
  std::string toString(llvm::ArrayRef<std::string> names) const;
  /// For people: "N bytes" where exact, else "at most N bytes".
  std::string describeBytes(llvm::ArrayRef<std::string> names) const;
};

/// The formula of `plan`'s slab, or nullopt where more than `maxTerms`
/// polynomials would remain at some buffer or a coefficient overflows.
std::optional<SlabFormula> getSlabFormula(const SymbolicProblem &problem,
                                          const SymbolicPlan &plan,
                                          size_t maxTerms = 8);

/// Points across [lowest, highest] for `numSymbols` symbols: every symbol
/// at each power of two in the range and at its ends, then each corner of
/// the box where symbols differ (at most 2^numSymbols, for up to 6).
llvm::SmallVector<llvm::SmallVector<uint64_t>>
getSamplePoints(unsigned numSymbols, uint64_t lowest, uint64_t highest);

/// The points to read orientations at: `hint` first, so that it wins a
/// tie, then each of `samples` not already there.
llvm::SmallVector<llvm::SmallVector<uint64_t>>
getCandidatePoints(llvm::ArrayRef<uint64_t> hint,
                   llvm::ArrayRef<llvm::SmallVector<uint64_t>> samples);

/// The range of run-time sizes written `LOWEST:HIGHEST`, two numbers in
/// order; fails saying what is wrong.
llvm::Expected<std::pair<uint64_t, uint64_t>>
parseSizeRange(llvm::StringRef text);

} // namespace memplan

#endif // MEMPLAN_PLANNER_SYMBOLICPLAN_H
