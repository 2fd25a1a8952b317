//===- Bounds.h - Figures that bound every plan ----------------*- C++ -*-===//

#ifndef MEMPLAN_PLANNER_BOUNDS_H
#define MEMPLAN_PLANNER_BOUNDS_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace memplan {

/// The largest sum of sizes of buffers live at one time, where every buffer
/// but the highest takes its size rounded up to the least alignment of the
/// problem (offsets are multiples of it): at least the plain live sum, and
/// more where sizes are not multiples of the alignment. No plan can use a
/// smaller slab. Fails if a sum overflows 64 bits.
llvm::Expected<uint64_t> computeLowerBound(llvm::ArrayRef<Buffer> buffers);

/// The slab of the `naive` strategy: every buffer back to back, each at its
/// alignment, with no reuse. Fails if the total overflows 64 bits.
llvm::Expected<uint64_t> computeNaiveSize(llvm::ArrayRef<Buffer> buffers);

/// The positional maximums of Pisarchyk & Lee (section 4.1), largest first:
/// sort the sizes of the buffers live at each time in non-increasing order;
/// the k-th positional maximum is the largest k-th size over all times.
/// Buffers of size zero or with an empty lifetime are left out. The number of
/// values is the largest number of buffers live at one time.
llvm::SmallVector<uint64_t>
computePositionalMaximums(llvm::ArrayRef<Buffer> buffers);

/// The sum of the positional maximums: the k-th largest object of any
/// shared-objects plan is at least the k-th positional maximum, so no plan
/// has a smaller total. Fails if the sum overflows 64 bits.
llvm::Expected<uint64_t>
computeObjectLowerBound(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan

#endif // MEMPLAN_PLANNER_BOUNDS_H
