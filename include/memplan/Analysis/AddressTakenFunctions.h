//===- AddressTakenFunctions.h - Functions a pointer may reach --*- C++ -*-===//
//
// A call through a pointer (func.call_indirect) has no callee the call graph
// can name: it may reach any function whose symbol the module uses other
// than as a call's callee (func.constant, say). The analyses that follow
// calls (recursion, concurrency) treat such a call as calling all of them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_ADDRESSTAKENFUNCTIONS_H
#define MEMPLAN_ANALYSIS_ADDRESSTAKENFUNCTIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace memplan {

/// The functions of `module` whose symbol is used other than as the callee
/// of a call, in the order their uses appear.
llvm::SetVector<mlir::Operation *>
findAddressTakenFunctions(mlir::ModuleOp module,
                          mlir::SymbolTableCollection &symbols);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_ADDRESSTAKENFUNCTIONS_H
