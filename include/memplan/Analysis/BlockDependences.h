//===- BlockDependences.h - Ops of a block that keep order ----*- C++ -*-===//
//
// The ops of a block may run in any order that keeps each value after its
// definition and each access to memory on the same side of every write that
// may touch the same bytes. This finds those constraints from SSA uses and
// memory effects (the ops nested in an op count as the op), so that a
// scheduler can reorder the block without changing what it computes.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_BLOCKDEPENDENCES_H
#define MEMPLAN_ANALYSIS_BLOCKDEPENDENCES_H

#include "mlir/IR/Block.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace memplan {

/// For each op of `steps` (ops of one block, in block order, the terminator
/// not among them), the indices of the earlier steps it must follow:
/// - a step that uses a value defined by another (or by an op nested in it);
/// - two steps that access memory that may overlap, one of them writing or
///   freeing. Buffers are told apart by where they come from, through views
///   and casts: each allocation in the function, each constant global,
///   and the function's arguments together with the writable globals
///   (which may alias each other, since a caller may pass a global, but no
///   allocation);
/// - a step whose effects are unknown (a call, an unregistered op, an op
///   nested op whose effects are unknown), or that accesses memory whose
///   origin cannot be told (a value merged by scf.if or arith.select, a
///   call's result), stays on the same side of every step that touches
///   memory. Allocating is not an access: a heap allocation moves freely,
///   kept only before its uses; a stack allocation (memref.alloca) also
///   stays on its side of the steps of unknown effects, which may save or
///   restore the stack.
std::vector<llvm::SmallVector<unsigned, 4>>
computeBlockDependences(llvm::ArrayRef<mlir::Operation *> steps);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BLOCKDEPENDENCES_H
