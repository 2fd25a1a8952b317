//===- HeapMapOutput.h - memplan-solve's --heapmap --------------*- C++ -*-===//

#ifndef MEMPLAN_TOOLS_MEMPLAN_SOLVE_HEAPMAPOUTPUT_H
#define MEMPLAN_TOOLS_MEMPLAN_SOLVE_HEAPMAPOUTPUT_H

#include "SolveMode.h"

#include "memplan/Tooling/HeapMap.h"

namespace memplan {

/// The picture of `solution` for `problem`: in objects mode (objectOf set)
/// one band per object, else each buffer at its offset. Tooltips give the
/// CSV id, bytes, interval and offset or object.
HeapMapPicture makeSolutionHeapMap(const CsvProblem &problem,
                                   const Solution &solution,
                                   uint64_t lowerBound, llvm::StringRef title);

} // namespace memplan

#endif // MEMPLAN_TOOLS_MEMPLAN_SOLVE_HEAPMAPOUTPUT_H
