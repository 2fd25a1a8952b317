//===- SolutionHeapMap.h - memplan-solve's --heapmap ------------*- C++ -*-===//

#ifndef MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLUTIONHEAPMAP_H
#define MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLUTIONHEAPMAP_H

#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Tooling/HeapMap.h"

namespace memplan {

/// The picture of `plan` for `problem`: for shared objects one band per
/// object, else each buffer at its offset. Tooltips give the CSV id, bytes,
/// interval and offset or object.
HeapMapPicture makeSolutionHeapMap(const CsvProblem &problem,
                                   const SlabPlan &plan, uint64_t lowerBound,
                                   llvm::StringRef title);

} // namespace memplan

#endif // MEMPLAN_TOOLS_MEMPLAN_SOLVE_SOLUTIONHEAPMAP_H
