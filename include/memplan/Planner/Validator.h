//===- Validator.h - Independent check of a plan ---------------*- C++ -*-===//
//
// The validator shares no code with the strategies: it checks a plan from
// the problem's definition alone, so a bug in a strategy cannot hide itself.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_VALIDATOR_H
#define MEMPLAN_PLANNER_VALIDATOR_H

#include "memplan/Planner/Problem.h"

#include "llvm/Support/Error.h"

namespace memplan {

/// Checks that `plan` is valid for `buffers`: one offset per buffer, every
/// offset a multiple of its buffer's alignment, every buffer inside the slab,
/// and no two buffers whose lifetimes overlap sharing a byte. Returns an error
/// that names the first offending buffer (or pair) otherwise.
llvm::Error validatePlan(llvm::ArrayRef<Buffer> buffers, const Plan &plan);

} // namespace memplan

#endif // MEMPLAN_PLANNER_VALIDATOR_H
