//===- FunctionNames.h - The one lookup of a function's name ----*- C++ -*-===//
//
// Reports, messages, file names and the names of global slabs all name the
// function they speak of; they read its name here, each choosing only what
// to write for a function without one.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_FUNCTIONNAMES_H
#define MEMPLAN_ANALYSIS_FUNCTIONNAMES_H

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>

namespace memplan {

/// The symbol name of `func`, or "" when it has none.
llvm::StringRef getFunctionName(mlir::FunctionOpInterface func);

/// The name of `func` for messages: its symbol name, or "<anonymous>".
llvm::StringRef getFunctionLabel(mlir::FunctionOpInterface func);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_FUNCTIONNAMES_H
