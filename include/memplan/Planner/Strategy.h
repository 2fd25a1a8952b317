//===- Strategy.h - The interface of every offset strategy ------*- C++ -*-===//
//
// Each strategy lives in a file of its own under lib/Planner/Strategies and
// is listed once in include/memplan/Planner/Strategies.def.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_STRATEGY_H
#define MEMPLAN_PLANNER_STRATEGY_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace memplan {

/// Settings shared by all strategies; each uses what applies to it.
struct StrategyOptions {
  /// Wall-clock budget in seconds for strategies that search (0: none).
  double timeLimitSeconds = 2.0;
  /// Seed of strategies that make random choices; the same seed gives the
  /// same plan.
  uint64_t seed = 1;
};

/// Places buffers at offsets in one slab.
class OffsetStrategy {
public:
  virtual ~OffsetStrategy();

  /// The name used on command lines and in reports, e.g. "greedy-size".
  virtual llvm::StringRef getName() const = 0;

  /// Computes a plan. Every offset honours its buffer's alignment and
  /// `slabSize` is the end of the highest buffer. Fails only if a size or an
  /// offset overflows 64 bits. The result is deterministic: the same buffers
  /// in the same order always give the same plan.
  virtual llvm::Expected<Plan> plan(llvm::ArrayRef<Buffer> buffers) const = 0;

  /// plan() within `timeLimitSeconds` (0: none) instead of the limit the
  /// strategy was created with, as `best` gives each strategy it runs the
  /// time left. Only strategies that search use the limit; the default is
  /// plan().
  virtual llvm::Expected<Plan> planWithin(llvm::ArrayRef<Buffer> buffers,
                                          double timeLimitSeconds) const;
};

/// The names of all strategies, in the order they are documented.
llvm::ArrayRef<llvm::StringRef> getOffsetStrategyNames();

/// Creates the strategy called `name`, or returns null if there is none.
std::unique_ptr<OffsetStrategy>
createOffsetStrategy(llvm::StringRef name,
                     const StrategyOptions &options = StrategyOptions());

} // namespace memplan

#endif // MEMPLAN_PLANNER_STRATEGY_H
