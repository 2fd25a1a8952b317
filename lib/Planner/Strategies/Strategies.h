//===- Strategies.h - Factories of the built-in strategies ------*- C++ -*-===//
//
// Private to lib/Planner: the registry (StrategyRegistry.cpp) is the only
// public way to reach a strategy.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H

#include "memplan/Planner/Strategy.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <memory>
#include <optional>

namespace memplan {

/// Every buffer back to back in input order, with no reuse.
std::unique_ptr<OffsetStrategy> createNaiveStrategy(const StrategyOptions &);

/// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
/// Inference", Algorithm 3 (Greedy by Size for Offset Calculation).
std::unique_ptr<OffsetStrategy>
createGreedyBySizeStrategy(const StrategyOptions &);

/// Pisarchyk & Lee, section 5.3 (Greedy by Breadth for Offset Calculation):
/// the busiest moments first, each buffer into the smallest fitting gap.
std::unique_ptr<OffsetStrategy>
createGreedyByBreadthStrategy(const StrategyOptions &);

/// Sekiyama et al. 2018: the best-fit strip-packing heuristic of Burke et
/// al., adapted to buffers whose lifetimes are fixed.
std::unique_ptr<OffsetStrategy>
createStripBestFitStrategy(const StrategyOptions &);

/// The fewest chains of buffers with disjoint lifetimes, placed chain after
/// chain on a skyline (the path-cover method of LeapMind's Efficiera).
std::unique_ptr<OffsetStrategy>
createPathCoverStrategy(const StrategyOptions &);

/// Buffers by start time, each into the smallest gap among the buffers live
/// when it starts.
std::unique_ptr<OffsetStrategy>
createStartBestFitStrategy(const StrategyOptions &);
/// Gergov's approximation as the MemoMalloc thesis uses it: an infeasible
/// placement on a skyline of steps, then conflicts resolved by colouring.
std::unique_ptr<OffsetStrategy> createGergovStrategy(const StrategyOptions &);

/// Local search over the placement orders of greedy-size.
std::unique_ptr<OffsetStrategy>
createHillClimbStrategy(const StrategyOptions &);

/// Branch and bound over canonical placements: the smallest slab, proven
/// optimal when the time limit allows (memplan/Planner/ExactSolver.h).
std::unique_ptr<OffsetStrategy> createExactStrategy(const StrategyOptions &);

/// The smallest valid plan of all the other strategies.
std::unique_ptr<OffsetStrategy> createBestStrategy(const StrategyOptions &);

/// Lee et al. 2019's greedy shared objects (the `greedy-in-order` object
/// strategy), laid back to back.
std::unique_ptr<OffsetStrategy>
createGreedyInOrderStrategy(const StrategyOptions &);

/// Lee et al. 2019's min-cost-flow shared objects (the `mincost-flow` object
/// strategy), laid back to back.
std::unique_ptr<OffsetStrategy>
createMinCostFlowStrategy(const StrategyOptions &);

namespace detail {
/// `value` rounded up to a multiple of `alignment` (a power of two), or
/// nullopt if that is not representable in 64 bits. llvm::alignTo wraps.
inline std::optional<uint64_t> checkedAlignTo(uint64_t value,
                                              uint64_t alignment) {
  assert(llvm::isPowerOf2_64(alignment) && "alignment must be a power of 2");
  // The largest aligned value is 2^64 - alignment, so the result overflows
  // exactly when value + alignment - 1 does. (llvm::checkedMulUnsigned goes
  // through APInt, too slow for the placement loops.)
  uint64_t raised;
  if (__builtin_add_overflow(value, alignment - 1, &raised))
    return std::nullopt;
  return raised & ~(alignment - 1);
}

/// a + b, or nullopt if it overflows 64 bits; cheap enough for inner loops.
inline std::optional<uint64_t> checkedSum(uint64_t a, uint64_t b) {
  uint64_t sum;
  if (__builtin_add_overflow(a, b, &sum))
    return std::nullopt;
  return sum;
}
} // namespace detail

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
