//===- CheckedMath.h - Byte counts that may overflow 64 bits ----*- C++ -*-===//
//
// Sums and products of byte counts and times, or nullopt when they overflow
// 64 bits. llvm::checkedAddUnsigned and checkedMulUnsigned go through APInt,
// which costs tens of instructions a call in loops that run once per buffer
// and strategy; the compiler's overflow builtins cost one.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_CHECKEDMATH_H
#define MEMPLAN_PLANNER_CHECKEDMATH_H

#include <cstdint>
#include <optional>

namespace memplan {

/// a + b, or nullopt if it overflows 64 bits.
inline std::optional<uint64_t> checkedAdd(uint64_t a, uint64_t b) {
  uint64_t sum;
  if (__builtin_add_overflow(a, b, &sum))
    return std::nullopt;
  return sum;
}

/// a * b, or nullopt if it overflows 64 bits.
inline std::optional<uint64_t> checkedMul(uint64_t a, uint64_t b) {
  uint64_t product;
  if (__builtin_mul_overflow(a, b, &product))
    return std::nullopt;
  return product;
}

} // namespace memplan

#endif // MEMPLAN_PLANNER_CHECKEDMATH_H
