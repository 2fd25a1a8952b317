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
  // divideCeil cannot overflow, so only the multiplication can.
  return llvm::checkedMulUnsigned(llvm::divideCeil(value, alignment),
                                  alignment);
}
} // namespace detail

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_STRATEGIES_H
