//===- BaselinePlan.h - What the baselines' offsets come to -----*- C++ -*-===//
//
// The labelled baselines give each buffer's offset; their slab is the
// highest end.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_BENCHMARKS_BASELINES_BASELINEPLAN_H
#define MEMPLAN_BENCHMARKS_BASELINES_BASELINEPLAN_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

namespace memplan::benchmarks {

/// The highest end of `buffers` at `offsets` (0 for none).
uint64_t getSlabSize(llvm::ArrayRef<Buffer> buffers,
                     llvm::ArrayRef<uint64_t> offsets);

} // namespace memplan::benchmarks

#endif // MEMPLAN_BENCHMARKS_BASELINES_BASELINEPLAN_H
