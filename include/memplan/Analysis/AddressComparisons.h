//===- AddressComparisons.h - Addresses that are only compared --*- C++ -*-===//
//
// memref.extract_aligned_pointer_as_index turns a buffer's address into an
// index. Usually that lets code reach the buffer where the analysis cannot
// follow, but the lowering of bufferization.dealloc only compares such
// addresses (is this memref one of the retained ones?), directly or after
// storing them into small index buffers it hands to a helper function. An
// address used that way needs no more than the buffer being distinct from
// every other buffer live at the same time, which planning keeps, as long
// as the buffer is live wherever its address is seen: the ops that see it
// count as uses of the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_ADDRESSCOMPARISONS_H
#define MEMPLAN_ANALYSIS_ADDRESSCOMPARISONS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SetVector.h"

namespace memplan {

/// Whether the index `address` is only ever compared (arith.cmpi), or
/// stored into buffers allocated in its function whose loaded values are in
/// turn only compared, following such buffers into callees with visible
/// bodies. If so, adds to `seenBy` the ops of the address's function that
/// see it: the comparisons, stores and loads, and the calls that pass a
/// buffer holding it.
bool isOnlyCompared(mlir::Value address,
                    llvm::SetVector<mlir::Operation *> &seenBy);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_ADDRESSCOMPARISONS_H
