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
#include <vector>

namespace memplan {

// The factories of the rows of Strategies.def. Those of the strategies made
// of others are the registry's assemblers (StrategyRegistry.cpp), which make
// the parts and hand them to the factories below.
#define MEMPLAN_OFFSET_STRATEGY(NAME, FACTORY, TRAITS, DESCRIPTION)            \
  std::unique_ptr<OffsetStrategy> FACTORY(const StrategyOptions &);
#include "memplan/Planner/Strategies.def"

/// Local search over the placement orders of greedy-size. The plans of
/// `starters` are the first incumbent; the first, whose failure is the
/// search's and which wins ties, must be greedy-size, whose order the search
/// starts from.
std::unique_ptr<OffsetStrategy>
createHillClimbStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                        const StrategyOptions &options);

/// Branch and bound (memplan/Planner/ExactSolver.h), from the smallest valid
/// plan of `starters` when it is given none (PlanRequest::start).
std::unique_ptr<OffsetStrategy>
createExactStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                    const StrategyOptions &options);

/// Runs `candidates` (quick ones first, by their traits), each within the
/// time left, then `finisher` (if any) from the smallest valid plan so far
/// with a fixed half of the limit, and keeps the smallest valid plan; ties
/// go to the earlier one (Best.cpp).
std::unique_ptr<OffsetStrategy>
createBestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
                   std::unique_ptr<OffsetStrategy> finisher,
                   const StrategyOptions &options);

/// `strategy`, whose rule takes each lifetime as its hull, with its plans
/// let down into the gaps of gapped lifetimes (GapLowering.h).
std::unique_ptr<OffsetStrategy>
createGapLoweringStrategy(std::unique_ptr<OffsetStrategy> strategy);

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
