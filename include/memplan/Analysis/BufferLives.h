//===- BufferLives.h - Where an overwrite begins a buffer anew --*- C++ -*-===//
//
// Bufferization often gives one buffer to values that never meet: the
// temporaries of successive layers, a weight transposed again in each. An
// op that writes every element of such a buffer and reads none begins a new
// life of it, since nothing written before can be read after. Each life may
// then get an offset of its own, and the bytes between lives serve others.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_BUFFERLIVES_H
#define MEMPLAN_ANALYSIS_BUFFERLIVES_H

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/ProgramOrder.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace memplan {

/// One life of a buffer, on [start, end) in program order.
struct BufferLife {
  /// The op that overwrites the whole buffer and so begins this life, at
  /// the top level of the block the buffer is used in; null for the first.
  mlir::Operation *begin = nullptr;
  uint64_t start = 0;
  uint64_t end = 0;
};

/// Whether `op` writes every element of `buffer` and reads none of them:
/// a structured op of parallel loops whose init `buffer` is (under a
/// permutation map) and whose body does not read it, or a memref.copy into
/// it. No other operand of `op` may alias it (`aliases`).
bool overwritesWholeBuffer(mlir::Operation *op, mlir::Value buffer,
                           const llvm::SetVector<mlir::Value> &aliases);

/// The lives of the buffer `alloc` defines, in order, when overwrites split
/// it into more than one; else nothing. A split needs the allocation and
/// every use in one block (a use nested in an op counts as a use of that
/// op), a use before the overwrite, and no use that is asynchronous or
/// takes the buffer's address (the lowered frees of bufferization.dealloc
/// compare addresses). Each alias must be made and used within one life,
/// but for views made at the top level of the block from the buffer or
/// such views by ops without memory effects (a reshape of a weight made
/// once and read by every layer): a later life makes them again from its
/// own view. Those ops go in `remadeViews`, in block order.
llvm::SmallVector<BufferLife>
findBufferLives(mlir::Operation *alloc, const BufferAliases &aliases,
                const ProgramOrder &order,
                llvm::SmallVectorImpl<mlir::Operation *> &remadeViews);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BUFFERLIVES_H
