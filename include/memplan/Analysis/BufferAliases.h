//===- BufferAliases.h - Every value that may alias a buffer ----*- C++ -*-===//
//
// Follows a buffer through every op that may derive a memref from it, using
// interfaces only: view-like ops, region branches and their terminators,
// branches, calls, and any other op with memref results. Along the way it
// decides whether the buffer stays local to its function: a buffer that is
// returned, freed by something other than memref.dealloc, or used by an op
// whose behaviour is unknown is not.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_BUFFERALIASES_H
#define MEMPLAN_ANALYSIS_BUFFERALIASES_H

#include "memplan/Analysis/LeftAlone.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace memplan {

/// What follows from one buffer: its aliases, the ops that use them and
/// whether it escapes.
struct BufferAliases {
  /// The buffer itself first, then every value that may alias it.
  llvm::SetVector<mlir::Value> aliases;
  /// Every op that uses an alias, except the deallocations below.
  llvm::SetVector<mlir::Operation *> users;
  /// `memref.dealloc` ops that free an alias.
  llvm::SmallVector<mlir::Operation *> deallocs;
  /// Why the buffer is not local to its function, if it is not. The
  /// analysis stops at the first reason found.
  std::optional<LeftAlone> escape;
};

/// Computes buffer aliases for the functions of one symbol table (usually a
/// module). Facts about callee arguments are computed once and cached, so one
/// instance should serve a whole module; it must not outlive changes to the
/// IR it has looked at.
class BufferAliasAnalysis {
public:
  /// Follows the buffer `root`, defined in `func`. A return from `func` makes
  /// the buffer escape.
  BufferAliases analyzeBuffer(mlir::Value root, mlir::FunctionOpInterface func);

private:
  /// Follows `root` in `func`. When `isCalleeArgument`, `root` is an argument
  /// of `func` seen from a call site: returning it is not an escape (call
  /// results are aliases anyway), but freeing it is.
  BufferAliases analyze(mlir::Value root, mlir::FunctionOpInterface func,
                        bool isCalleeArgument);

  /// Whether the callee of `call` may keep or free what it receives through
  /// operand `use`; returns the reason if so.
  std::optional<LeftAlone> getCallEscape(mlir::CallOpInterface call,
                                         mlir::OpOperand &use);

  mlir::SymbolTableCollection symbolTables;
  /// Escape facts per (callee, argument index); nullopt means it stays local.
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>,
                 std::optional<LeftAlone>>
      calleeArgumentEscapes;
};

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BUFFERALIASES_H
