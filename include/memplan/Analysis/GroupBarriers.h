//===- GroupBarriers.h - Barriers a whole GPU group executes ----*- C++ -*-===//
//
// Memory shared by the work-items of a group may be reused only across a
// barrier that every work-item of the group passes (BarrierEpochs.h). Such
// a barrier is a gpu.barrier that every work-item is certain to execute: one
// at the top level of a function body of one block. A barrier under an
// scf.if, in a loop body or in a region of several blocks may be skipped or
// repeated by some work-items, so it separates nothing and is not counted.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_GROUPBARRIERS_H
#define MEMPLAN_ANALYSIS_GROUPBARRIERS_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace memplan {

/// The program points (ProgramOrder) of the barriers of `func` that every
/// work-item of a group executes, in order.
llvm::SmallVector<uint64_t> findGroupBarriers(mlir::FunctionOpInterface func);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_GROUPBARRIERS_H
