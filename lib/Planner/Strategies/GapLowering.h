//===- GapLowering.h - Hull plans let down into the gaps --------*- C++ -*-===//
//
// Private to lib/Planner. Strategies whose rule sweeps over time (strip
// packing on a skyline, chains of buffers, colouring on steps, objects laid
// back to back) take each lifetime as its hull. Where some lifetimes have
// gaps, their plans are then let down: each buffer, in the order of its
// offset, to the lowest offset where it meets no buffer let down before it
// that is live with it. A buffer never rises (one below it that is live
// with it was below it in the hull plan too, so its offset stays free), so
// the slab never grows, and a buffer live only in another's gap may drop
// into its bytes.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_STRATEGIES_GAPLOWERING_H
#define MEMPLAN_LIB_PLANNER_STRATEGIES_GAPLOWERING_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace memplan::detail {

/// `plan` (valid for the hulls of `buffers`) let down into the gaps of
/// their lifetimes, where some have gaps and there are at most
/// kGappedScanLimit buffers; otherwise, or if `plan` is an error, `plan` as
/// it is.
llvm::Expected<Plan> lowerIntoGaps(llvm::ArrayRef<Buffer> buffers,
                                   llvm::Expected<Plan> plan);

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_STRATEGIES_GAPLOWERING_H
