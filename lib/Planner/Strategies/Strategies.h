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

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <memory>
#include <optional>

namespace memplan {

// The factories of the rows of Strategies.def.
#define MEMPLAN_OFFSET_STRATEGY(NAME, FACTORY, DESCRIPTION)                    \
  std::unique_ptr<OffsetStrategy> FACTORY(const StrategyOptions &);
#include "memplan/Planner/Strategies.def"

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
