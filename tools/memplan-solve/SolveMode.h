//===- SolveMode.h - Offsets or objects -------------------------*- C++ -*-===//
//
// The driver (memplan-solve.cpp) knows nothing about a kind of plan: it asks
// a SolveMode for strategy names, bounds, plans, checks and output. Each mode
// lives in a file of its own, so the objects mode can be built only when the
// planner core has shared-objects strategies.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLVEMODE_H
#define MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLVEMODE_H

#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace memplan {

/// memplan-solve's exit codes.
enum ExitCode {
  ExitSuccess = 0,
  /// The input cannot be read or the output cannot be written.
  ExitIoError = 1,
  /// A malformed input, a bad command line, or a problem whose figures
  /// overflow 64 bits.
  ExitBadInput = 2,
  /// A plan failed its independent check: a bug in memplan.
  ExitInternalError = 3,
  /// With --capacity: the buffers do not fit, and that is proven.
  ExitDoesNotFit = 4,
  /// With --capacity: the time limit came before an answer.
  ExitFitUnknown = 5,
};

/// One strategy's plan, in a form every mode can fill.
struct Solution {
  /// Slab bytes (offsets) or total object bytes (objects).
  uint64_t bytes = 0;
  /// The strategy's own note, e.g. which strategy won under `best`.
  std::string details;
  /// Byte offset of each buffer.
  llvm::SmallVector<uint64_t> offsets;
  /// Objects mode only: the object of each buffer and the object sizes.
  llvm::SmallVector<unsigned> objectOf;
  llvm::SmallVector<uint64_t> objectSizes;
};

class SolveMode {
public:
  virtual ~SolveMode() = default;

  /// "offsets" or "objects".
  virtual llvm::StringRef getName() const = 0;
  /// What Solution::bytes measures, e.g. "slab".
  virtual llvm::StringRef getBytesLabel() const = 0;
  /// The registered strategies of this mode.
  virtual llvm::SmallVector<llvm::StringRef> getStrategyNames() const = 0;

  virtual llvm::Expected<uint64_t>
  computeLowerBound(llvm::ArrayRef<Buffer> buffers) const = 0;
  virtual llvm::Expected<uint64_t>
  computeNaive(llvm::ArrayRef<Buffer> buffers) const = 0;

  /// Plans with the strategy `name`, one of getStrategyNames(). Fails if the
  /// strategy does (a figure overflows 64 bits).
  virtual llvm::Expected<Solution>
  solve(llvm::StringRef name, llvm::ArrayRef<Buffer> buffers,
        const StrategyOptions &options) const = 0;

  /// The independent check of `solution`; a failure is a bug in memplan.
  virtual llvm::Error validate(llvm::ArrayRef<Buffer> buffers,
                               const Solution &solution) const = 0;

  /// Writes `problem` with the columns of `solution`.
  virtual void write(llvm::raw_ostream &os, const CsvProblem &problem,
                     const Solution &solution) const = 0;
};

std::unique_ptr<SolveMode> createOffsetsMode();

#ifdef MEMPLAN_SOLVE_OBJECTS_MODE
/// Defined in ObjectsMode.cpp, which is built only when the planner core has
/// include/memplan/Planner/ObjectStrategy.h.
std::unique_ptr<SolveMode> createObjectsMode();
#endif

} // namespace memplan

#endif // MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLVEMODE_H
