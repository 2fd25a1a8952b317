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

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <vector>

namespace memplan {

/// One memref.alloc of a function.
struct FunctionBuffer {
  mlir::memref::AllocOp alloc;
  /// Set when the buffer cannot be planned; the fields below are then
  /// meaningless.
  std::optional<LeftAlone> leftAlone;
  uint64_t size = 0;
  /// Some of its sizes are dynamic: `size` is for their constant upper
  /// bounds, and the rewrite gives the view the sizes the allocation had.
  bool atUpperBound = false;
  uint64_t alignment = 1;
  mlir::Attribute memorySpace;
  /// The parallel loop (scf.forall, scf.parallel) in whose body the buffer
  /// is allocated, each iteration its own, or null when it is the
  /// function's. Each iteration of such a loop gets a slab of its own.
  mlir::Operation *scope = nullptr;
  /// Live on [start, end) in the function's program order.
  uint64_t start = 0;
  uint64_t end = 0;
  /// When control flow between blocks leaves gaps in the buffer's life, the
  /// half-open ranges it is live on, sorted: [start, end) is their hull and
  /// covers more than the buffer needs. Empty when [start, end) is exact.
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 0> liveRanges;
  /// memref.dealloc ops of the buffer or its aliases, to remove once planned.
  llvm::SmallVector<mlir::Operation *> deallocs;
};

/// Analyses the memref.alloc ops of `func` (not those of functions nested in
/// it), in program order. Every planned buffer gets at least `minAlignment`.
std::vector<FunctionBuffer>
analyzeFunctionBuffers(mlir::FunctionOpInterface func,
                       BufferAliasAnalysis &aliasAnalysis,
                       uint64_t minAlignment);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BUFFERLIFETIMES_H
