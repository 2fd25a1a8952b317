//===- BufferAliases.h - Every value that may alias a buffer ----*- C++ -*-===//
//
// Follows a buffer through every op that may derive a memref from it, using
// interfaces only: view-like ops, region branches and their terminators,
// branches, calls, and any other op with memref results. Along the way it
// decides whether the buffer stays local to its function: a buffer that is
// returned, freed by something other than memref.dealloc or
// bufferization.dealloc, or used by an op whose behaviour is unknown is not.
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

#include <climits>
#include <optional>

namespace memplan {

/// What follows from one buffer: its aliases, the ops that use them and
/// whether it escapes.
struct BufferAliases {
  /// The buffer itself first, then every value that may alias it.
  llvm::SetVector<mlir::Value> aliases;
  /// Every op that uses an alias, except the frees below.
  llvm::SetVector<mlir::Operation *> users;
  /// Frees of aliases that can only be this buffer: the operand of a
  /// memref.dealloc, or one of the memrefs of a bufferization.dealloc.
  llvm::SmallVector<mlir::OpOperand *> frees;
  /// Frees of aliases that may also be other buffers (merged values), which
  /// SharedFrees.h resolves.
  llvm::SmallVector<mlir::OpOperand *> sharedFrees;
  /// The element types the buffer is seen as in the functions it is passed
  /// to (a callee may view bytes as vectors): with the aliases' own, they
  /// decide the alignment it needs.
  llvm::SetVector<mlir::Type> calleeElementTypes;
  /// The largest `alignment` an access in those functions asks of the
  /// buffer (getAccessAlignment), 1 when none does.
  uint64_t calleeAccessAlignment = 1;
  /// Why the buffer is not local to its function, if it is not. The
  /// analysis stops at the first reason found.
  std::optional<LeftAlone> escape;

  /// The element types the buffer is seen as, through its aliases and in
  /// callees, each once and sorted by storage (so two rounds of a recursion
  /// compare equal when they agree).
  llvm::SmallVector<mlir::Type> getSeenElementTypes() const;
  /// The largest `alignment` an access of the buffer asks of it, here
  /// (getAccessAlignment of each user) or in callees; 1 when none does.
  uint64_t getAskedAccessAlignment() const;
};

/// What a call does with one memref it passes to a callee.
struct CallArgumentFacts {
  /// Why the callee may keep or free the memref, if it may.
  std::optional<LeftAlone> escape;
  /// The results of the call that may alias the memref: those the callee
  /// may return it or a view of it as. Every result when unknown.
  llvm::SmallVector<unsigned> aliasingResults;
  /// The element types the callee, or a function it passes the memref on
  /// to, sees it as, in a fixed order (of the types' storage).
  llvm::SmallVector<mlir::Type> elementTypes;
  /// The largest `alignment` an access there asks of it, 1 when none does.
  uint64_t accessAlignment = 1;
};

/// The alignment `user`, an op of the memref or vector dialect, asks of the
/// memref it accesses through its `alignment` attribute (vector.load and
/// memref.store with {alignment = 16}, memref.assume_alignment), or 1.
uint64_t getAccessAlignment(mlir::Operation *user);

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
  /// of `func` seen from a call site: returning it is not an escape (the
  /// caller follows the results it comes back as), but freeing it is.
  BufferAliases analyze(mlir::Value root, mlir::FunctionOpInterface func,
                        bool isCalleeArgument);

  using CalleeArgument = std::pair<mlir::Operation *, unsigned>;

  /// What the callee of `call` does with what it receives through operand
  /// `use`. Callees with visible bodies are followed as calls are met, so
  /// callees are known before their callers.
  CallArgumentFacts getCallFacts(mlir::CallOpInterface call,
                                 mlir::OpOperand &use);

  /// The facts of one argument of a callee with a visible body. Recursion
  /// (a cycle of the call graph) is solved by iteration from the optimistic
  /// assumption, each round with what the last one found, until nothing
  /// changes: the least fixed point, which every finite run of the
  /// recursion respects.
  CallArgumentFacts getArgumentFacts(mlir::FunctionOpInterface callee,
                                     unsigned index);

  mlir::SymbolTableCollection symbolTables;
  /// Facts per (callee, argument index) found for good.
  llvm::DenseMap<CalleeArgument, CallArgumentFacts> calleeArguments;
  /// The arguments being followed, innermost last, with what is assumed of
  /// them meanwhile.
  llvm::SmallVector<std::pair<CalleeArgument, CallArgumentFacts>> inProgress;
  /// The outermost entry of `inProgress` whose assumption the current
  /// computation has used; facts found on such assumptions are not kept.
  unsigned firstAssumptionUsed = UINT_MAX;
};

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_BUFFERALIASES_H
