//===- SharedFrees.h - Frees of values that may be several buffers -*- C++ -*-//
//
// A free of a merged value (an arith.select, an scf.if result, a
// loop-carried value, the base buffer of one of those) frees whichever
// buffer arrives. After ownership-based deallocation most frees look like
// that. Once every buffer of a function is analysed, each such free is
// resolved: if every value that may arrive is a buffer of the function and
// all of them are planned, the free goes with them; otherwise all of them are
// left alone, since removing the free could leak one and keeping it could
// free a slab.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_SHAREDFREES_H
#define MEMPLAN_ANALYSIS_SHAREDFREES_H

#include "memplan/Analysis/BufferLifetimes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace memplan {

/// What a freed value may be when the free runs.
struct FreedSources {
  /// memref.alloc and memref.alloca ops whose buffer it may be.
  llvm::SmallVector<mlir::Operation *> allocations;
  /// Something else it may be, described for a remark ("a function
  /// argument", "the result of 'func.call'"), if anything.
  std::optional<std::string> other;
};

/// Follows `freed` back through views, selects, region branches and block
/// arguments to where it may come from. With the `condition` of a
/// bufferization.dealloc, ways in where the ownership forwarded with the
/// value is `false` are skipped: the free does not run for what they bring.
FreedSources findFreedSources(mlir::Value freed,
                              mlir::Value condition = nullptr);

/// Resolves the shared frees of a function's buffers: `sharedFrees[i]` are
/// the frees reached from `buffers[i]` through a merged value. Buffers that
/// share a free are planned together or left alone together; planned ones
/// get the shared frees added to their `frees`.
void resolveSharedFrees(
    llvm::MutableArrayRef<FunctionBuffer> buffers,
    llvm::ArrayRef<llvm::SmallVector<mlir::OpOperand *>> sharedFrees);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_SHAREDFREES_H
