//===- ClockedPlacement.h - Placing in order until a deadline --*- C++ -*-===//
//
// Private to lib/Planner. The offset strategies that place one buffer at a
// time keep a pass's deadline (ClockLooks.h) by placing their order through
// placeInOrder, which, once the deadline has passed, stacks the buffers left
// above the slab: a valid plan at once, in which those placed so far (the
// largest, in greedy-size's order) still share.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_CLOCKEDPLACEMENT_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_CLOCKEDPLACEMENT_H

#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/Problem.h"

#include "../ClockLooks.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace memplan::detail {

/// The error of `strategy` when the end of buffer `index` would overflow 64
/// bits, whether placed by its rule or stacked.
llvm::Error makeEndOverflowError(llvm::StringRef strategy, unsigned index);

/// Stacks the buffers `rest` above the slab of `plan`, in that order, each
/// at the first offset of its alignment above the one before (one that
/// occupies no memory at offset 0, as GapPlacer puts it), and says so in
/// `plan`'s outcome (stoppedByClock, and stackedByClock, which counts those
/// that occupy memory) and details. Returns the index of a buffer whose end
/// would overflow 64 bits, or nullopt.
std::optional<unsigned> stackUnplaced(llvm::ArrayRef<Buffer> buffers,
                                      llvm::ArrayRef<unsigned> rest,
                                      Plan &plan);

/// Places the buffers of `order` (a permutation of `buffers`' indices) with
/// `place`, which returns false when a buffer's end would overflow 64 bits,
/// until `deadline` passes (ClockLooks), then stacks the rest
/// (stackUnplaced). Returns the index of a buffer whose end would overflow,
/// or nullopt once every buffer has its offset.
std::optional<unsigned> placeInOrder(llvm::ArrayRef<Buffer> buffers,
                                     llvm::ArrayRef<unsigned> order,
                                     const Deadline &deadline, Plan &plan,
                                     llvm::function_ref<bool(unsigned)> place);

/// placeInOrder by GapPlacer's rule, as greedy-size and greedy-breadth
/// place. The placer's set-up looks at the clock too (GapPlacer::
/// createBefore): where the deadline passes before its tree is built, every
/// buffer is stacked.
std::optional<unsigned> placeInOrderByGaps(llvm::ArrayRef<Buffer> buffers,
                                           llvm::ArrayRef<unsigned> order,
                                           const Deadline &deadline,
                                           Plan &plan);

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_CLOCKEDPLACEMENT_H
