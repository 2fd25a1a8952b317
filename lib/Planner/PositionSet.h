//===- PositionSet.h - Set positions, with neighbour queries ----*- C++ -*-===//
//
// Private to lib/Planner. The validator's sweep keeps its live buffers here
// by rank: a bit set with a summary level per 64 words is several times
// faster than a std::set at a million buffers.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_POSITIONSET_H
#define MEMPLAN_LIB_PLANNER_POSITIONSET_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <cstdint>
#include <optional>

namespace memplan::detail {

/// A set of positions below a fixed size, with the set position just before
/// or after a given one, each in O(log_64 n).
class PositionSet {
public:
  explicit PositionSet(size_t size) {
    // Level k + 1 has bit w set iff word w of level k is not 0.
    do {
      size = (size + 63) / 64;
      levels.emplace_back(size, 0);
    } while (size > 1);
  }

  void insert(size_t position) {
    for (llvm::SmallVector<uint64_t, 0> &level : levels) {
      uint64_t &word = level[position / 64];
      bool wasEmpty = word == 0;
      word |= uint64_t(1) << (position % 64);
      if (!wasEmpty)
        return;
      position /= 64;
    }
  }

  void erase(size_t position) {
    for (llvm::SmallVector<uint64_t, 0> &level : levels) {
      uint64_t &word = level[position / 64];
      word &= ~(uint64_t(1) << (position % 64));
      if (word != 0)
        return;
      position /= 64;
    }
  }

  /// The first set position after `position`, if any.
  std::optional<size_t> next(size_t position) const {
    for (size_t k = 0, e = levels.size(); k != e; ++k) {
      unsigned bit = position % 64;
      uint64_t word = levels[k][position / 64];
      uint64_t after = bit == 63 ? 0 : word & (~uint64_t(0) << (bit + 1));
      if (after != 0) {
        position = position / 64 * 64 + llvm::countr_zero(after);
        // Down to the first set bit below.
        while (k-- != 0)
          position = position * 64 + llvm::countr_zero(levels[k][position]);
        return position;
      }
      position /= 64;
    }
    return std::nullopt;
  }

  /// The last set position before `position`, if any.
  std::optional<size_t> prev(size_t position) const {
    for (size_t k = 0, e = levels.size(); k != e; ++k) {
      unsigned bit = position % 64;
      uint64_t word = levels[k][position / 64];
      uint64_t before = word & ((uint64_t(1) << bit) - 1);
      if (before != 0) {
        position = position / 64 * 64 + 63 - llvm::countl_zero(before);
        // Down to the last set bit below.
        while (k-- != 0)
          position =
              position * 64 + 63 - llvm::countl_zero(levels[k][position]);
        return position;
      }
      position /= 64;
    }
    return std::nullopt;
  }

private:
  llvm::SmallVector<llvm::SmallVector<uint64_t, 0>, 4> levels;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_POSITIONSET_H
