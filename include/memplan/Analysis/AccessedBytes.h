//===- AccessedBytes.h - Bytes moved through a buffer -----------*- C++ -*-===//
//
// How much traffic a buffer carries, estimated from the IR: what choosing
// the buffers that stay in a small fast memory maximizes (issue 48), where
// a size order would keep a large buffer touched once over a small one
// read in every iteration of a loop.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_ACCESSEDBYTES_H
#define MEMPLAN_ANALYSIS_ACCESSEDBYTES_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <cstdint>

namespace memplan {

/// The bytes `user`, an op that uses the buffer through one or more of
/// `aliases`, moves through it each time it runs: a load or store (scalar
/// or vector) its element or vector; any other op the whole extent of each
/// alias operand it reads or writes (a structured op, a copy; all of them
/// for an op that declares no effects, such as a call; none for a view, a
/// dim or a free), its static size or `wholeBytes` where dynamic. Times the
/// static trip counts of the loops around `user` below `scope` (a loop whose
/// count is not known at compile time counts once). Saturates at UINT64_MAX.
uint64_t estimateAccessedBytes(mlir::Operation *user,
                               const llvm::SetVector<mlir::Value> &aliases,
                               uint64_t wholeBytes, mlir::Operation *scope,
                               const mlir::DataLayout &layout);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_ACCESSEDBYTES_H
