//===- BufferLifetimes.h - A function's buffers and lives -------*- C++ -*-===//
//
// Finds every memref.alloc of a function, decides whether it can be planned
// and, if so, its byte size, alignment, memory space and live interval.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_BUFFERLIFETIMES_H
#define MEMPLAN_ANALYSIS_BUFFERLIFETIMES_H

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/LeftAlone.h"
#include "memplan/Planner/SizeExpr.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <vector>

namespace memplan {

class SizeSymbols;

/// The size operands of the dynamic dimensions of a memref.alloc or
/// memref.alloca.
mlir::OperandRange getAllocDynamicSizes(mlir::Operation *alloc);

/// One memref.alloc or memref.alloca of a function.
struct FunctionBuffer {
  /// The memref.alloc, or the memref.alloca when `onStack`.
  mlir::Operation *alloc = nullptr;
  /// A memref.alloca: planned into a stack slab of its own (a memref.alloca
  /// of bytes), which its allocation scope frees as it freed the buffer.
  bool onStack = false;
  /// Set when the buffer cannot be planned; the fields below are then
  /// meaningless.
  std::optional<LeftAlone> leftAlone;
  uint64_t size = 0;
  /// Some of its sizes are dynamic: `size` is for their constant upper
  /// bounds, and the rewrite gives the view the sizes the allocation had.
  bool atUpperBound = false;
  /// For a memref.alloc of dynamic size with no constant upper bound whose
  /// size is a polynomial of the function's arguments: that size (or one
  /// never below it, where a size is masked, as an alignment rounds down),
  /// over the function's SizeSymbols. Such a buffer is planned (with `size` 0)
  /// only where the analysis was asked to keep them.
  std::optional<SizeExpr> symbolicSize;
  uint64_t alignment = 1;
  /// The bytes the program moves through this life of the buffer
  /// (AccessedBytes.h), each op's share times the static trip counts of
  /// the loops around it within `scope`.
  uint64_t accessedBytes = 0;
  mlir::Attribute memorySpace;
  /// The parallel loop (scf.forall, scf.parallel) in whose body the buffer
  /// is allocated, each iteration its own, or for a memref.alloca the
  /// memref.alloca_scope that frees it, whichever is innermost; null when
  /// the buffer is the function's. Each execution of the scope's body gets
  /// a slab of its own.
  mlir::Operation *scope = nullptr;
  /// Live on [start, end) in the function's program order.
  uint64_t start = 0;
  uint64_t end = 0;
  /// When control flow between blocks leaves gaps in the buffer's life, the
  /// half-open ranges it is live on, sorted: [start, end) is their hull and
  /// covers more than the buffer needs. Empty when [start, end) is exact.
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 0> liveRanges;
  /// When overwrites split the allocation's life (BufferLives.h), each life
  /// is a FunctionBuffer of its own: `life` counts from 0, `lifeBegin` is
  /// the op whose overwrite begins it (null for the first life) and
  /// `nextLifeBegin` the one that begins the next (null for the last). Its
  /// uses are those in the block from the one to the other.
  unsigned life = 0;
  mlir::Operation *lifeBegin = nullptr;
  mlir::Operation *nextLifeBegin = nullptr;
  /// When the life's first access is a loop each iteration of which
  /// overwrites the buffer first, that overwrite (BufferLife): the life is
  /// live in each iteration from it on, and may share bytes with what the
  /// iteration uses before it.
  mlir::Operation *iterationBegin = nullptr;
  /// For a life in a region of several blocks (ControlFlowLives.h), whose
  /// uses are not ordered by one block: the region, and the ops of it that
  /// use the buffer in this life, sorted by address. `lifeBegin` is null
  /// (the life's view is made at the allocation, which dominates every
  /// use) and `lifeOverwrite` is the first op writing the whole buffer that
  /// begins the life.
  mlir::Region *lifeRegion = nullptr;
  llvm::SmallVector<mlir::Operation *, 0> lifeOps;
  mlir::Operation *lifeOverwrite = nullptr;
  /// For a split allocation, the views of it that later lives make again
  /// from their own (findBufferLives), in block order.
  llvm::SmallVector<mlir::Operation *, 0> remadeViews;
  /// The view source of each of remadeViews as analysed: the allocation or
  /// an earlier one of them. Rewriting a life changes the sources of the
  /// views made in it to that life's copies.
  llvm::SmallVector<mlir::Value, 0> remadeViewSources;
  /// Frees of the buffer or its aliases (the operand of a memref.dealloc,
  /// or a memref of a bufferization.dealloc), to remove once planned; frees
  /// shared with other planned buffers appear in each of theirs. A split
  /// allocation's last life holds its frees.
  llvm::SmallVector<mlir::OpOperand *> frees;

  mlir::TypedValue<mlir::MemRefType> getMemRef() const {
    return llvm::cast<mlir::TypedValue<mlir::MemRefType>>(alloc->getResult(0));
  }
  mlir::MemRefType getType() const { return getMemRef().getType(); }
  /// The size operands of the dynamic dimensions.
  mlir::OperandRange getDynamicSizes() const {
    return getAllocDynamicSizes(alloc);
  }
  /// Whether the allocation's life is split into several buffers.
  bool isSplit() const { return lifeBegin || nextLifeBegin || lifeRegion; }
  /// The op that begins this life by writing the whole buffer, if any.
  mlir::Operation *getLifeOverwrite() const {
    return lifeBegin ? lifeBegin : lifeOverwrite;
  }
  /// Whether `user`, an op that uses the allocation or an alias of it,
  /// belongs to this life: always when the life is not split, else when its
  /// op in the allocation's block lies from `lifeBegin` to before
  /// `nextLifeBegin`, or in a region of several blocks when its op there is
  /// one of `lifeOps`.
  bool isInLife(mlir::Operation *user) const;
};

/// How reports name what a FunctionBuffer::scope gives each slab, e.g.
/// "each iteration of 'scf.forall'" or "each execution of
/// 'memref.alloca_scope'".
std::string describeScope(mlir::Operation *scope);

/// How a remark on a buffer left alone gives its `size`, known only at run
/// time: "has a dynamic size with no constant upper bound: 4*arg0 bytes
/// over the function's arguments".
std::string describeRunTimeSize(const SizeExpr &size,
                                const SizeSymbols &symbols);

/// Analyses the memref.alloc ops of `func` (not those of functions nested in
/// it), and its memref.alloca ops when `withAllocas`, in program order.
/// Every planned buffer gets at least `minAlignment`. With `splitLives`,
/// each life of an allocation that overwrites split is a buffer of its own,
/// right after the one before. With `symbols`, a memref.alloc whose size
/// is a polynomial of the function's arguments is analysed like the others,
/// its size in `symbolicSize` over `symbols`; without, it is left alone.
std::vector<FunctionBuffer>
analyzeFunctionBuffers(mlir::FunctionOpInterface func,
                       BufferAliasAnalysis &aliasAnalysis,
                       uint64_t minAlignment, bool withAllocas = true,
                       bool splitLives = false, SizeSymbols *symbols = nullptr);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BUFFERLIFETIMES_H
