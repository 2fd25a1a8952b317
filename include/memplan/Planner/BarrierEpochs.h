//===- BarrierEpochs.h - Memory shared by a group of work-items -*- C++ -*-===//
//
// GPU workgroup memory is shared by every work-item of a group, which run
// the same program at their own pace: program order says nothing about when
// one work-item's last read of a buffer happens relative to another's first
// write of the next. Only a barrier the whole group executes orders them. The
// barriers cut a kernel's program into epochs; two buffers of such memory may
// share bytes only if every use of one is in an earlier epoch than every use
// of the other.
//
// Lifetimes stay in program points; `barriers` are the program points of
// the barriers. A buffer live on [start, end) spans the epochs of `start`
// through `end - 1`.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_BARRIEREPOCHS_H
#define MEMPLAN_PLANNER_BARRIEREPOCHS_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SlabPlan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace memplan {

/// The epoch of program point `point`: how many of the sorted `barriers`
/// come at or before it.
uint64_t getBarrierEpoch(llvm::ArrayRef<uint64_t> barriers, uint64_t point);

/// `buffers` with their lifetimes counted in epochs instead of program
/// points: [epoch of start, epoch of end - 1, plus 1), over the hull of a
/// gapped lifetime. Any plan valid for
/// the result keeps every two buffers that share bytes a barrier apart.
/// `barriers` must be sorted.
llvm::SmallVector<Buffer> toBarrierEpochs(llvm::ArrayRef<Buffer> buffers,
                                          llvm::ArrayRef<uint64_t> barriers);

/// Checks, from the program-point lifetimes and the barriers alone and
/// independently of toBarrierEpochs, that no two buffers of `plan` that
/// share a byte (in one slab) are live in one epoch: for each such pair,
/// some barrier comes after the last use of one and before the first use of
/// the other. Names the first offending pair otherwise.
llvm::Error validateBarrierSeparation(llvm::ArrayRef<Buffer> buffers,
                                      llvm::ArrayRef<uint64_t> barriers,
                                      const SlabPlan &plan);

/// The fewest of the sorted `candidates` (program points where a barrier
/// may be added) that, added to the sorted `barriers`, separate every two
/// buffers of `plan` that share a byte, or an error if some pair cannot be
/// separated by any candidate (they are live together). A plan made for the
/// lifetimes `toBarrierEpochs` gives with `barriers` and `candidates` merged
/// can always be separated. Pairs are compared two by two: meant for the
/// few buffers of a kernel's shared memory.
llvm::Expected<llvm::SmallVector<uint64_t>>
chooseBarriers(llvm::ArrayRef<Buffer> buffers,
               llvm::ArrayRef<uint64_t> barriers,
               llvm::ArrayRef<uint64_t> candidates, const SlabPlan &plan);

} // namespace memplan

#endif // MEMPLAN_PLANNER_BARRIEREPOCHS_H
