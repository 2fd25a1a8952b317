//===- BruteForcePlanner.h - Exhaustive plans -------------------*- C++ -*-===//
//
// Slow, obviously exhaustive searches that the exact solver's tests hold it
// against. They share no code with any strategy and are meant for problems of
// a handful of small buffers only.
//
// The slab of a plan is the highest end of any buffer (0 with no buffers). A
// buffer of size zero or with an empty lifetime clashes with nothing and is
// placed at offset 0, but it must still lie inside the slab.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_BRUTEFORCEPLANNER_H
#define MEMPLAN_UNITTESTS_PLANNER_BRUTEFORCEPLANNER_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace memplan {

/// The most buffers the order search accepts: it tries all n! orders.
constexpr size_t kBruteForceMaxBuffers = 8;

/// A plan with the smallest slab of `buffers`, found by placing the buffers
/// first-fit in every order. Offsets stay far below 2^64: this is for small
/// sizes only.
Plan bruteForceMinimum(llvm::ArrayRef<Buffer> buffers);

/// A plan of `buffers` whose slab is at most `capacity`, or nullopt if there
/// is none, by the same search cut off at the capacity.
std::optional<Plan> bruteForceFit(llvm::ArrayRef<Buffer> buffers,
                                  uint64_t capacity);

/// Whether some plan has a slab of at most `capacity`, by trying every tuple
/// of aligned offsets below it. Exponential in the capacity: for checking the
/// order search on the tiniest problems.
bool gridSearchFits(llvm::ArrayRef<Buffer> buffers, uint64_t capacity);

} // namespace memplan

#endif // MEMPLAN_UNITTESTS_PLANNER_BRUTEFORCEPLANNER_H
