//===- ControlFlowLiveness.h - Where a buffer lives in a CFG ----*- C++ -*-===//
//
// In a region of several blocks, program order says little about execution
// order: a buffer is live at a point when some path reaches the point from a
// use of the buffer and goes on to another use. These points, found on the
// region's control-flow graph, are what the buffer's interval must cover.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_CONTROLFLOWLIVENESS_H
#define MEMPLAN_ANALYSIS_CONTROLFLOWLIVENESS_H

#include "memplan/Analysis/ProgramOrder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace memplan {

/// The strongly connected components of the control-flow graph of each
/// region asked about, found once per region: a search per buffer would be
/// quadratic in a function of many blocks.
class ControlFlowComponents {
public:
  /// Whether control can leave `block` and come back to it.
  bool isOnCycle(mlir::Block *block);

  /// The position of the component of `block` in a topological order of
  /// its region's components: if a path leads from block A to block B, A's
  /// index is at most B's. None for a block the entry cannot reach.
  std::optional<unsigned> getTopologicalIndex(mlir::Block *block);

private:
  struct RegionComponents {
    llvm::DenseMap<mlir::Block *, unsigned> topologicalIndex;
    llvm::DenseSet<mlir::Block *> onCycle;
  };
  RegionComponents &getComponents(mlir::Region *region);

  llvm::DenseMap<mlir::Region *, RegionComponents> regions;
};

/// `spans` sorted, with those that overlap or touch joined: disjoint, with
/// a gap between each two.
llvm::SmallVector<OrderSpan>
mergeOrderSpans(llvm::SmallVector<OrderSpan> spans);

/// The points of the region of `allocation`, the op that makes a buffer, at
/// which the buffer may hold data, as sorted, disjoint spans with a gap
/// between each two. `uses` are ops of that region (a use nested deeper is
/// lifted to the op of the region around it); those in the allocation's
/// block come after it. Each execution of `allocation` makes a new buffer,
/// so paths through it end there. Empty when there are no uses.
llvm::SmallVector<OrderSpan> getLiveSpansInRegion(
    mlir::Operation *allocation, llvm::ArrayRef<mlir::Operation *> uses,
    const ProgramOrder &order, ControlFlowComponents &components);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_CONTROLFLOWLIVENESS_H
