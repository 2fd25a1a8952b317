//===- Bounds.h - Figures that bound every plan ----------------*- C++ -*-===//

#ifndef MEMPLAN_PLANNER_BOUNDS_H
#define MEMPLAN_PLANNER_BOUNDS_H

#include "memplan/Planner/Problem.h"

#include "llvm/Support/Error.h"

namespace memplan {

/// The largest sum of sizes of buffers live at one time. No plan can use a
/// smaller slab. Fails if the sum overflows 64 bits.
llvm::Expected<uint64_t> computeLowerBound(llvm::ArrayRef<Buffer> buffers);

/// The slab of the `naive` strategy: every buffer back to back, each at its
/// alignment, with no reuse. Fails if the total overflows 64 bits.
llvm::Expected<uint64_t> computeNaiveSize(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan

#endif // MEMPLAN_PLANNER_BOUNDS_H
