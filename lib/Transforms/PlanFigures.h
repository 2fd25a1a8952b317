//===- PlanFigures.h - What a planning pass did, in numbers -----*- C++ -*-===//
//
// One record feeds the pass statistics, the per-function summary remark and,
// where MLIR was built without statistics, memplan's own statistics report.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANFIGURES_H
#define MEMPLAN_LIB_TRANSFORMS_PLANFIGURES_H

#include "memplan/Analysis/LeftAlone.h"

#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>

namespace memplan {

struct PlanFigures {
  uint64_t buffers = 0;
  uint64_t planned = 0;
  uint64_t slabs = 0;
  uint64_t slabBytes = 0;
  uint64_t naiveBytes = 0;
  /// Of the live bytes of the program, gapped lifetimes counted only where
  /// they are live.
  uint64_t lowerBoundBytes = 0;
  /// What no plan can go below: the larger of the lower bound and what the
  /// strategy proved (exact's search).
  /// slabBytes minus this is the gap the plan is proven within.
  uint64_t provenBytes = 0;
  /// Of the above, memref.allocas and the stack slabs they went to.
  uint64_t stackPlanned = 0;
  uint64_t stackSlabs = 0;
  uint64_t stackBytes = 0;
  /// Planned buffers of dynamic size, at the upper bound of their sizes,
  /// and what that takes.
  uint64_t atUpperBound = 0;
  uint64_t upperBoundBytes = 0;
  /// Planned buffers whose sizes are known only at run time, and the
  /// operations the rewrite emitted to compute their slabs' offsets.
  uint64_t atRunTimeSize = 0;
  uint64_t runTimeSizeOps = 0;
  /// Planned buffers whose lifetime has gaps, planned interval by interval.
  uint64_t gapped = 0;
  /// Lives after the first of planned buffers that overwrites split, each
  /// planned as a buffer of its own (not counted in `planned`).
  uint64_t laterLives = 0;
  std::array<uint64_t, kNumLeftAloneKinds> leftAloneByKind{};
  /// What the strategies said about their plans (which won under best),
  /// "; "-separated, for people.
  std::string details;

  uint64_t getLeftAlone() const;
  void addLeftAlone(LeftAloneKind kind) {
    ++leftAloneByKind[static_cast<unsigned>(kind)];
  }
  void addDetails(llvm::StringRef more);
  PlanFigures &operator+=(const PlanFigures &other);

  /// The reasons with their counts, e.g. "2 returned, 1 captured".
  std::string describeLeftAlone() const;

  /// Prints the figures as MLIR's pass statistics report would, with the
  /// statistic names of the pass definition.
  void printStatistics(llvm::raw_ostream &os, llvm::StringRef passName) const;
};

/// Whether the passes print their own statistics report
/// (memplan/Transforms/Passes.h says when).
bool isStatisticsFallbackEnabled();

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANFIGURES_H
