//===- ReferenceStrategies.h - Oracles of two strategies --------*- C++ -*-===//
//
// strip-best-fit and gergov as they were first written: every step scans all
// segments or steps and all unplaced buffers, O(n^2); path-cover with a scan
// of all chains and its skyline in an array. They are kept here, unchanged
// in behaviour, as the oracles that the tests hold the fast strategies in
// lib/Planner/Strategies to: the same offsets, slab and details on every
// problem. The rules they follow are those in the comments at the top of
// StripBestFit.cpp, Gergov.cpp and PathCover.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_REFERENCESTRATEGIES_H
#define MEMPLAN_UNITTESTS_PLANNER_REFERENCESTRATEGIES_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace memplan {

/// The plan of strip-best-fit, by scanning.
llvm::Expected<Plan> planStripBestFitReference(llvm::ArrayRef<Buffer> buffers);

/// The plan of gergov, by scanning. It must not be given a buffer of nonzero
/// size with an empty lifetime, which it may never place and then crash on
/// (the fast gergov leaves such buffers out, at offset 0).
llvm::Expected<Plan> planGergovReference(llvm::ArrayRef<Buffer> buffers);

/// The plan of path-cover, by scanning.
llvm::Expected<Plan> planPathCoverReference(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan

#endif // MEMPLAN_UNITTESTS_PLANNER_REFERENCESTRATEGIES_H
