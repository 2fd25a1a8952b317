//===- PinnedOffsets.h - Plans around offsets fixed in advance --*- C++ -*-===//
//
// A model's offline plan (TFLite Micro's "offline memory allocation"
// metadata) fixes the offsets of some buffers; the rest are planned around
// them. The pins are first checked among themselves, so that a conflict is
// reported as the two buffers that cause it rather than as an invalid plan.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PINNEDOFFSETS_H
#define MEMPLAN_PLANNER_PINNEDOFFSETS_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace memplan {

/// What is wrong with a set of pins: buffer `first` alone (its pin is not
/// aligned for it, or its end passes `capacity` or 64 bits), or `first` and
/// `second` (live together and overlapping).
struct PinConflict {
  enum Kind { Misaligned, BeyondCapacity, Overflows, Overlap };
  Kind kind;
  unsigned first;
  unsigned second = 0;
};

/// The first conflict among the `pinned` offsets of `buffers` (parallel;
/// nullopt where a buffer is free), in buffer order, or none.
std::optional<PinConflict>
findPinConflict(llvm::ArrayRef<Buffer> buffers,
                llvm::ArrayRef<std::optional<uint64_t>> pinned,
                std::optional<uint64_t> capacity = std::nullopt);

/// Plans `buffers`, each pinned one at its offset and the others around
/// them, each at the lowest offset its alignment allows where it overlaps
/// nothing placed before it that is live at the same time. The free buffers
/// are placed in two orders, and the smaller plan kept: by the offsets
/// `strategy` gives them planned alone (its arrangement, moved clear of the
/// pins) and by decreasing size (TFLite Micro's greedy planner's rule
/// around its offline offsets). The pins must be free of conflicts
/// (findPinConflict). Quadratic in the free buffers live together.
llvm::Expected<Plan>
planAroundPins(llvm::ArrayRef<Buffer> buffers,
               llvm::ArrayRef<std::optional<uint64_t>> pinned,
               const OffsetStrategy &strategy);

} // namespace memplan

#endif // MEMPLAN_PLANNER_PINNEDOFFSETS_H
