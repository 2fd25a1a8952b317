//===- PlanFigures.h - What a planning pass did, in numbers -----*- C++ -*-===//
//
// One record feeds the pass statistics, the per-function summary remark and,
// where MLIR was built without statistics, memplan's own statistics report.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_PLANFIGURES_H
#define MEMPLAN_TRANSFORMS_PLANFIGURES_H

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
  uint64_t lowerBoundBytes = 0;
  std::array<uint64_t, kNumLeftAloneKinds> leftAloneByKind{};
  /// What the strategies said about their plans (which won under best),
  /// "; "-separated.
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

/// Release builds of MLIR (Debian's among them) compile pass statistics out,
/// so `-mlir-pass-statistics` shows nothing for any pass. memplan-opt calls
/// this when it is given that flag; memplan's passes then print their figures
/// themselves.
void enableStatisticsFallback();
/// For the pass plugin, which is loaded while the host tool is still parsing
/// its command line and so cannot know yet whether the flag is coming: the
/// fallback is enabled whenever the host's `-mlir-pass-statistics` option (the
/// one MLIR registers with LLVM's command line) has been given, which is
/// looked up each time a pass finishes.
void enableStatisticsFallbackOnFlag();
bool isStatisticsFallbackEnabled();

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANFIGURES_H
