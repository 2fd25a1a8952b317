//===- BufferLives.h - Where an overwrite begins a buffer anew --*- C++ -*-===//
//
// Bufferization often gives one buffer to values that never meet: the
// temporaries of successive layers, a weight transposed again in each. An
// op that writes every element of such a buffer and reads none
// (WholeWrites.h) begins a new life of it, since nothing written before can
// be read after. Each life may then get an offset of its own, and the bytes
// between lives serve others. A loop each iteration of which writes the
// whole buffer first narrows a life to its iterations.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_BUFFERLIVES_H
#define MEMPLAN_ANALYSIS_BUFFERLIVES_H

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/ProgramOrder.h"
#include "memplan/Analysis/WholeWrites.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace memplan {

/// One life of a buffer, on [start, end) in program order.
struct BufferLife {
  /// The op that begins this life, at the top level of the block the buffer
  /// is used in: an op that overwrites the whole buffer, or a loop each
  /// iteration of which does; null for the first.
  mlir::Operation *begin = nullptr;
  uint64_t start = 0;
  uint64_t end = 0;
  /// When the life's first access is a loop each iteration of which
  /// overwrites the buffer before it touches it otherwise, that overwrite:
  /// the life starts there, and is live from it to the iteration's last use
  /// (or, if the life goes on after the loop, to the life's end).
  mlir::Operation *iterationBegin = nullptr;
  /// For a life in a region of several blocks (ControlFlowLives.h), with
  /// `begin` null: the region, the ops of it in this life (sorted by
  /// address), the first op writing the whole buffer that begins it (null
  /// for the allocation's), and the ranges it is live on when more than
  /// one, [start, end) being their hull.
  mlir::Region *region = nullptr;
  llvm::SmallVector<mlir::Operation *, 0> ops;
  mlir::Operation *overwrite = nullptr;
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 0> liveRanges;
};

/// The views of the buffer `root` that each life can make again from its
/// own view: those made by ops without memory effects from the buffer or
/// from an earlier one of them, in the order found (each after the one it
/// derives from); with `block`, only those made in it. Their results go in
/// `remadeValues`.
llvm::SmallVector<mlir::Operation *>
findRemadeViews(mlir::Value root, const BufferAliases &aliases,
                mlir::Block *block,
                llvm::SmallDenseSet<mlir::Value> &remadeValues);

/// The lives of the buffer `alloc` defines, in order, when overwrites split
/// it into more than one or a loop narrows its only one (iterationBegin);
/// else nothing. A split needs the allocation and
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
