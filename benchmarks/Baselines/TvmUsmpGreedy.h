//===- TvmUsmpGreedy.h - TVM USMP's greedy pool planners --------*- C++ -*-===//
//
// A labelled baseline for comparisons, not a strategy: the two greedy
// algorithms of TVM's Unified Static Memory Planner (src/tir/usmp/algo/
// greedy.cc; greedy_by_size is TVM's default), written here from what that
// code did before TVM removed it in 2025 (read at apache/tvm fb43fc85), for
// one pool of unbounded size.
//
// Buffers are taken in one order and never moved. Each goes at the lowest
// offset above every buffer placed so far that overlaps it in time, each
// such buffer's end rounded up to that buffer's alignment: the gaps below
// the highest of them are never used. The orders:
//
//  * greedy_by_size: larger size first, then more buffers overlapping it,
//    then the higher index;
//  * greedy_by_conflicts: more buffers overlapping it first, then larger
//    size, then the higher index.
//
// TVM breaks the last ties by buffer name, larger first; the index stands
// for it here. It rounds an end up to the alignment of the buffer below, not
// of the one placed: the same where all share one alignment, as TVM's
// workspace alignment made them; where they do not, a buffer may be left
// misaligned, and memplan-baselines reports the validator's refusal.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_BENCHMARKS_BASELINES_TVMUSMPGREEDY_H
#define MEMPLAN_BENCHMARKS_BASELINES_TVMUSMPGREEDY_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace memplan::benchmarks {

enum class TvmUsmpOrder { BySize, ByConflicts };

/// The offset of each buffer; the slab is the largest end. A buffer that
/// occupies no memory goes to 0.
std::vector<uint64_t> planByTvmUsmpGreedy(llvm::ArrayRef<Buffer> buffers,
                                          TvmUsmpOrder order);

} // namespace memplan::benchmarks

#endif // MEMPLAN_BENCHMARKS_BASELINES_TVMUSMPGREEDY_H
