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

#include <optional>

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
};

/// Where each iteration of a loop begins a buffer anew
/// (findIterationOverwrite).
struct IterationOverwrite {
  /// The op that overwrites the whole buffer, first to touch it in the body.
  mlir::Operation *overwrite = nullptr;
  /// The last program point of the ops of its block that use the buffer.
  uint64_t lastPoint = 0;
  /// Whether each run of the loop, and of every loop between it and the
  /// overwrite, surely runs the overwrite at least once.
  bool runsAtLeastOnce = true;
};

/// Whether `op` writes every element of `buffer` and reads none of them:
/// a structured op of parallel loops whose init `buffer` is (under a
/// permutation map) and whose body does not read it, or a memref.copy into
/// it. No other operand of `op` may alias it (`aliases`).
bool overwritesWholeBuffer(mlir::Operation *op, mlir::Value buffer,
                           const llvm::SetVector<mlir::Value> &aliases);

/// Whether `loop`, which holds uses of `buffer` (`aliases`), begins the
/// buffer anew in each iteration: a sequential loop (scf.for, scf.while,
/// affine.for) whose uses all lie in one body of one block, and whose first
/// op there to touch the buffer overwrites it whole (overwritesWholeBuffer),
/// or is such a loop itself when no other op of the body touches it. No
/// value then flows into an iteration, neither from before the loop nor
/// from the iteration before.
std::optional<IterationOverwrite>
findIterationOverwrite(mlir::Operation *loop, mlir::Value buffer,
                       const BufferAliases &aliases, const ProgramOrder &order);

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
