//===- WholeWrites.h - Ops that write every element of a buffer -*- C++ -*-===//
//
// An op that writes every element of a buffer before it reads any holds
// nothing the buffer held before it: a new life of the buffer may begin
// there (BufferLives.h). Such an op may write directly (a fill, a copy, an
// elementwise op, a whole vector), through a view of every element (a cast,
// a reshape, a subview of the full extent), by a nest of loops storing each
// element once, in every branch of an scf.if, or in every iteration of a
// loop that surely runs one.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_WHOLEWRITES_H
#define MEMPLAN_ANALYSIS_WHOLEWRITES_H

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/ProgramOrder.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace memplan {

/// Where each iteration of a loop begins a buffer anew.
struct IterationOverwrite {
  /// The op that writes the whole buffer, first to touch it in the body.
  mlir::Operation *overwrite = nullptr;
  /// The last program point of the ops of its block that use the buffer.
  uint64_t lastPoint = 0;
  /// Whether each run of the loop, and of every loop between it and the
  /// overwrite, surely runs the overwrite at least once.
  bool runsAtLeastOnce = true;
};

/// Answers, for one buffer, which ops write all of it before reading any.
/// Every use is seen through the buffer's aliases; a partial write, or one
/// that may be skipped, never counts.
class WholeWrites {
public:
  WholeWrites(mlir::Value buffer, const BufferAliases &aliases,
              const ProgramOrder &order)
      : buffer(buffer), aliases(aliases), order(order) {}

  /// Whether `op` (an op that uses the buffer or holds uses of it) writes
  /// every element of it and reads none of what it held before:
  /// - directly: a structured op of parallel loops whose init it is (under a
  ///   permutation map) and whose body does not read it, a linalg.fill, a
  ///   memref.copy into it, a vector.transfer_write or vector.store of a
  ///   vector of its shape at index 0; its operand may be a view of every
  ///   element (coversWholeBuffer); no other operand may reach the buffer;
  /// - a nest of sequential loops of constant bounds whose only use of the
  ///   buffer is one unconditional store indexed by the loops' variables,
  ///   one for each dimension over its whole extent;
  /// - an op that runs exactly one of its regions once (scf.if with an else,
  ///   scf.index_switch, scf.execute_region), each of which begins with such
  ///   a write;
  /// - a sequential loop that surely runs an iteration, each of which
  ///   begins with such a write (findIterationOverwrite).
  bool beginsAnew(mlir::Operation *op);

  /// Whether `loop`, which holds uses of the buffer, begins it anew in each
  /// iteration: a sequential loop (scf.for, scf.while, affine.for) whose uses
  /// all lie in one body of one block, and whose first op there to touch the
  /// buffer writes it whole (beginsAnew), or is such a loop itself when no
  /// other op of the body touches it. No value then flows into an
  /// iteration, neither from before the loop nor from the one before.
  std::optional<IterationOverwrite> findIterationOverwrite(mlir::Operation *op);

  /// Whether `value`, an alias of the buffer, is the buffer or a view of
  /// every element of it: a chain of casts, reshapes and subviews of the
  /// full extent with unit strides.
  bool coversWholeBuffer(mlir::Value value) const;

private:
  /// The uses of the buffer in `op` or nested in it.
  llvm::SmallVector<mlir::Operation *>
  getUsersWithin(mlir::Operation *op) const;
  /// The first case of beginsAnew.
  bool writesWholeDirectly(mlir::Operation *op) const;
  /// The second: `inside` holds the uses within `loop`.
  bool storesEveryElement(mlir::Operation *loop,
                          llvm::ArrayRef<mlir::Operation *> inside) const;
  /// The third.
  bool everyBranchBeginsAnew(mlir::Operation *op,
                             llvm::ArrayRef<mlir::Operation *> inside);
  /// The op of `block` holding the first of `inside` to run, or null when
  /// none of them is in the block.
  mlir::Operation *getFirstHolder(mlir::Block &block,
                                  llvm::ArrayRef<mlir::Operation *> inside);

  mlir::Value buffer;
  const BufferAliases &aliases;
  const ProgramOrder &order;
};

/// Whether `op` runs its regions one after another, each to its end, before
/// it returns, and some of them again and again: scf.for, scf.while,
/// affine.for. Parallel loops and region ops that may run later are not.
bool isSequentialLoop(mlir::Operation *op);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_WHOLEWRITES_H
