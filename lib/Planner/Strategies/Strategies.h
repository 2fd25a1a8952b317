//===- Strategies.h - Factories of the built-in strategies ------*- C++ -*-===//
//
// Private to lib/Planner: the registry (StrategyRegistry.cpp) is the only
// public way to reach a strategy. The factories are declared from
// memplan/Planner/Strategies.def, one per row.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H

#include "memplan/Planner/Strategy.h"

#include <memory>
#include <optional>
#include <vector>

namespace memplan {

// The factories of the rows of Strategies.def. Those of the strategies made
// of others are the registry's assemblers (StrategyRegistry.cpp), which make
// the parts and hand them to the factories below.
#define MEMPLAN_OFFSET_STRATEGY(NAME, FACTORY, DESCRIPTION)                    \
  std::unique_ptr<OffsetStrategy> FACTORY(const StrategyOptions &);
#include "memplan/Planner/Strategies.def"

/// A strategy that can start from a plan it is given, as `best` runs `exact`
/// last from the smallest plan of the others.
class ImprovingStrategy : public OffsetStrategy {
public:
  /// Plans from `start` (a valid plan) when given, else as plan() does,
  /// within `timeLimitSeconds` (0: none).
  virtual llvm::Expected<Plan> improve(llvm::ArrayRef<Buffer> buffers,
                                       std::optional<Plan> start,
                                       double timeLimitSeconds) const = 0;
};

/// Local search over the placement orders of greedy-size. The plans of
/// `starters` are the first incumbent; the first, whose failure is the
/// search's and which wins ties, must be greedy-size, whose order the search
/// starts from.
std::unique_ptr<OffsetStrategy>
createHillClimbStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                        const StrategyOptions &options);

/// Branch and bound (memplan/Planner/ExactSolver.h), from the smallest valid
/// plan of `starters` when it is given none.
std::unique_ptr<ImprovingStrategy>
createExactStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                    const StrategyOptions &options);

/// Runs `candidates` in order, each within the time left, then `finisher`
/// (if any) from the smallest valid plan so far with a fixed half of the
/// limit, and keeps the smallest valid plan; ties go to the earlier one.
std::unique_ptr<OffsetStrategy>
createBestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
                   std::unique_ptr<ImprovingStrategy> finisher,
                   const StrategyOptions &options);

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
