//===- ReferenceGreedyByBreadth.h - As first written ------------*- C++ -*-===//
//
// The textbook greedy-breadth of Pisarchyk & Lee: build every operator's
// profile by scanning all buffers, O(n T) for T operators, and place with
// the placer's scan. The strategy must give the same plans faster; this is
// its oracle.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_REFERENCEGREEDYBYBREADTH_H
#define MEMPLAN_UNITTESTS_PLANNER_REFERENCEGREEDYBYBREADTH_H

#include "memplan/Planner/Problem.h"

#include <optional>

namespace memplan {

/// greedy-breadth's plan, or nullopt if an end overflows 64 bits.
std::optional<Plan>
planGreedyByBreadthReference(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan

#endif // MEMPLAN_UNITTESTS_PLANNER_REFERENCEGREEDYBYBREADTH_H
