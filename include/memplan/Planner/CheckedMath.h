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

#include <cassert>
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

/// `value` rounded up to a multiple of `alignment` (a power of two), or
/// nullopt if that is not representable in 64 bits. llvm::alignTo wraps.
inline std::optional<uint64_t> checkedAlignTo(uint64_t value,
                                              uint64_t alignment) {
  assert(alignment != 0 && (alignment & (alignment - 1)) == 0 &&
         "alignment must be a power of 2");
  // The largest aligned value is 2^64 - alignment, so the result overflows
  // exactly when value + alignment - 1 does.
  std::optional<uint64_t> raised = checkedAdd(value, alignment - 1);
  if (!raised)
    return std::nullopt;
  return *raised & ~(alignment - 1);
}

/// The bytes [offset, end) that `size` bytes aligned to `alignment` take at
/// the first aligned offset from `from`.
struct AlignedPlacement {
  uint64_t offset;
  uint64_t end;
};

/// Where `size` bytes aligned to `alignment` (a power of two) go at or above
/// `from`, or nullopt if their offset or end overflows 64 bits: the step of
/// every strategy that stacks a buffer on a height.
inline std::optional<AlignedPlacement>
checkedPlaceAbove(uint64_t from, uint64_t alignment, uint64_t size) {
  std::optional<uint64_t> offset = checkedAlignTo(from, alignment);
  if (!offset)
    return std::nullopt;
  std::optional<uint64_t> end = checkedAdd(*offset, size);
  if (!end)
    return std::nullopt;
  return AlignedPlacement{*offset, *end};
}

} // namespace memplan

#endif // MEMPLAN_PLANNER_CHECKEDMATH_H
