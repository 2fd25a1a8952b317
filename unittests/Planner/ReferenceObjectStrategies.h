//===- ReferenceObjectStrategies.h - Oracles --------------------*- C++ -*-===//
//
// The straightforward implementations of the greedy object strategies as they
// were before the library's versions were made to scale: every buffer scans
// every object, and every operator scans every buffer. They are kept verbatim
// in behaviour, with a private copy of the old ObjectSet, so that the tests
// can hold the fast versions to exactly the same plans.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_REFERENCEOBJECTSTRATEGIES_H
#define MEMPLAN_UNITTESTS_PLANNER_REFERENCEOBJECTSTRATEGIES_H

#include "memplan/Planner/ObjectStrategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace memplan::reference {

/// greedy-size: O(n k log n).
llvm::Expected<ObjectPlan> planGreedyBySize(llvm::ArrayRef<Buffer> buffers);

/// greedy-in-order: O(n k log n).
llvm::Expected<ObjectPlan> planGreedyInOrder(llvm::ArrayRef<Buffer> buffers);

/// greedy-breadth: O(n^2 + n k log n).
llvm::Expected<ObjectPlan> planGreedyByBreadth(llvm::ArrayRef<Buffer> buffers);

/// greedy-size-improved: O(s^2 k log n) per stage of s buffers.
llvm::Expected<ObjectPlan>
planGreedyBySizeImproved(llvm::ArrayRef<Buffer> buffers);

/// The reference plan of the strategy called `name`, which must be one of the
/// four above.
llvm::Expected<ObjectPlan> planReference(llvm::StringRef name,
                                         llvm::ArrayRef<Buffer> buffers);

} // namespace memplan::reference

#endif // MEMPLAN_UNITTESTS_PLANNER_REFERENCEOBJECTSTRATEGIES_H
