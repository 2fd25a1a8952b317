//===- ControlFlowLives.h - Lives of a buffer in a CFG ----------*- C++ -*-===//
//
// In a region of several blocks a buffer's content is live at a point when a
// path leads from there to an op that reads it, passing no op that writes
// the whole buffer (WholeWrites.h). Such writes split the buffer into lives,
// as they do in one block (BufferLives.h): the writes that reach a common
// read form one life, which may get an offset of its own. A loop of blocks
// whose every iteration writes the buffer first holds nothing across its
// back edge, as its scf.for form does not.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_CONTROLFLOWLIVES_H
#define MEMPLAN_ANALYSIS_CONTROLFLOWLIVES_H

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/ControlFlowLiveness.h"
#include "memplan/Analysis/ProgramOrder.h"
#include "memplan/Analysis/WholeWrites.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace memplan {

/// One life of a buffer in a region of several blocks.
struct ControlFlowLife {
  /// The points it is live on, sorted, with a gap between each two.
  llvm::SmallVector<OrderSpan> spans;
  /// The ops of the region that use the buffer in this life (a use nested
  /// deeper is lifted to the op of the region around it), sorted by address.
  llvm::SmallVector<mlir::Operation *> ops;
  /// The first of the ops that write the whole buffer and so begin this
  /// life, in program order; null for the life the allocation begins.
  mlir::Operation *overwrite = nullptr;
};

/// The lives of the buffer `alloc` defines, whose allocation and uses lie in
/// `region`, of several blocks, when ops of the region write the whole
/// buffer; else nothing. They are in order of their first points. Views of
/// the buffer (or of such views) made by ops without memory effects access
/// nothing: each life makes again, where the original is, those it uses;
/// they go in `remadeViews`, each after the one it derives from. The lives
/// are one when another alias is a block argument, or is made in one life
/// and used in another: its points are still those of the content, not of
/// every path from a use to a use.
std::optional<llvm::SmallVector<ControlFlowLife>>
findControlFlowLives(mlir::Operation *alloc, mlir::Region *region,
                     const BufferAliases &aliases, const ProgramOrder &order,
                     ControlFlowComponents &components,
                     llvm::SmallVectorImpl<mlir::Operation *> &remadeViews);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_CONTROLFLOWLIVES_H
