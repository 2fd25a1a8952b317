//===- UpstreamBestFit.h - Upstream MLIR's best-fit planner -----*- C++ -*-===//
//
// A labelled baseline for comparisons, not a strategy: the rule of the
// static memory planner that upstream MLIR gained after LLVM 22
// (`static-memory-planner-analysis{algorithm=best-fit}`, whose offsets come
// from `bestFitMemoryPlanner` in the Bufferization dialect's
// StaticMemoryPlanning.cpp, read at llvm-project ae2d14a6), written here
// from what that function does, so
// that its slabs can be set beside memplan's on the same problems with
// Debian's MLIR 22, which does not have it.
//
// Buffers are taken by start time. Each goes into the smallest gap, measured
// from its aligned start, among the buffers placed so far that are still live
// at its start, or into the room between the highest of them and the top of
// the arena if that is smaller still; if nothing fits, above the highest of
// them. Buffers of no bytes are placed by the same rule.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_BENCHMARKS_BASELINES_UPSTREAMBESTFIT_H
#define MEMPLAN_BENCHMARKS_BASELINES_UPSTREAMBESTFIT_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace memplan::benchmarks {

/// The offset of each buffer; the slab is the largest end. Buffers that start
/// at the same time are taken by index (upstream leaves their order to an
/// unstable sort).
std::vector<uint64_t> planByUpstreamBestFit(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan::benchmarks

#endif // MEMPLAN_BENCHMARKS_BASELINES_UPSTREAMBESTFIT_H
