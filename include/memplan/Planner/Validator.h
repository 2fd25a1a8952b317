//===- Validator.h - Independent check of a plan ---------------*- C++ -*-===//
//
// The validator shares no code with the strategies: it checks a plan from
// the problem's definition alone, so a bug in a strategy cannot hide itself.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_VALIDATOR_H
#define MEMPLAN_PLANNER_VALIDATOR_H

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Problem.h"

#include "llvm/Support/Error.h"

namespace memplan {

/// Checks that `plan` is valid for `buffers`: one offset per buffer, every
/// offset a multiple of its buffer's alignment, every buffer inside the slab,
/// and no two buffers whose lifetimes overlap sharing a byte. Returns an error
/// that names the first offending buffer (or pair) otherwise.
llvm::Error validatePlan(llvm::ArrayRef<Buffer> buffers, const Plan &plan);

/// Checks that `plan` is a valid shared-objects plan for `buffers`: one
/// object per buffer, every object index valid, every buffer's lifetime
/// non-empty, every object at least as large as each of its buffers and
/// holding at least one, no two buffers of one object overlapping in time,
/// and a total size that fits in 64 bits. Returns an error that names the
/// first offending buffer (or pair, or object) otherwise.
llvm::Error validateObjectPlan(llvm::ArrayRef<Buffer> buffers,
                               const ObjectPlan &plan);

struct SymbolicProblem;
struct SymbolicPlan;

/// Checks that `plan` is valid for `problem` whatever the values of its
/// symbols: a list of buffers below per buffer, each index valid; `order`
/// a permutation in which every buffer comes after those below it (so the
/// orientation has no cycle); every alignment a power of two (each offset
/// is then a multiple of it by construction); and, for every pair of
/// buffers live at once whose sizes are not always zero, a chain of
/// buffers below one another from one to the other. Sizes are never
/// negative, so the higher one's offset is at or above the lower one's end
/// at every value. Returns an error that names the first offending buffer
/// (or pair) otherwise.
llvm::Error validateSymbolicPlan(const SymbolicProblem &problem,
                                 const SymbolicPlan &plan);

} // namespace memplan

#endif // MEMPLAN_PLANNER_VALIDATOR_H
