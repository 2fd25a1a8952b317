//===- ProblemMlir.h - A problem as an MLIR function to plan ----*- C++ -*-===//
//
// Writes a problem as the text of a bufferized MLIR function whose buffers
// have the problem's lifetimes, so that the analysis and rewrite of the
// passes can be measured on programs of any size (memplan-solve
// --generate=N --generate-as=mlir). Only text is written: the tooling, like
// the planner core, does not depend on MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TOOLING_PROBLEMMLIR_H
#define MEMPLAN_TOOLING_PROBLEMMLIR_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace memplan {

/// Writes `func.func @<name>()`. Buffer i is `%b<i> = memref.alloc()` of
/// `memref<SIZExi8>` (with its alignment when above 1) placed at its start;
/// a store right after the alloc writes it and a load at time end - 1 reads
/// it. At one time the allocations come before the loads, so two buffers
/// overlap in the function exactly when their lifetimes overlap. A buffer of
/// size 0 or with an empty lifetime is allocated and never accessed.
void writeProblemMlir(llvm::raw_ostream &os, llvm::ArrayRef<Buffer> buffers,
                      llvm::StringRef name = "generated");

} // namespace memplan

#endif // MEMPLAN_TOOLING_PROBLEMMLIR_H
