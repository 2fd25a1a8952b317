//===- ReferenceGreedyLoop.h - The textbook greedy-by-size loop -*- C++ -*-===//
//
// A labelled baseline for the benchmarks, not a strategy: the O(n^2) loop of
// Pisarchyk & Lee's Algorithm 3 as the TFLite GPU delegate writes it. Sort
// by size; for each buffer walk every placed buffer in offset order, skip
// those that do not overlap it in time, and take the smallest gap that fits,
// else the top. Ties go to the earlier start, then the lower index, as
// greedy-size breaks them, so the two give the same plan.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_BENCHMARKS_BASELINES_REFERENCEGREEDYLOOP_H
#define MEMPLAN_BENCHMARKS_BASELINES_REFERENCEGREEDYLOOP_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace memplan::benchmarks {

/// The offset of each buffer; the slab is the largest end.
std::vector<uint64_t> planByReferenceLoop(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan::benchmarks

#endif // MEMPLAN_BENCHMARKS_BASELINES_REFERENCEGREEDYLOOP_H
