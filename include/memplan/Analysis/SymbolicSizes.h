//===- SymbolicSizes.h - Dynamic sizes as polynomials -----------*- C++ -*-===//
//
// A buffer whose size has no constant upper bound may still have a size
// known where its function begins: a polynomial over the function's index
// arguments and the dimensions of its arguments (a dynamic batch, a
// sequence length), which the planner core plans for every value
// (memplan/Planner/SymbolicPlan.h). This finds that polynomial, or says why
// there is none (a size loaded from memory, computed in a loop, divided).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_SYMBOLICSIZES_H
#define MEMPLAN_ANALYSIS_SYMBOLICSIZES_H

#include "memplan/Planner/SizeExpr.h"

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace memplan {

/// The run-time values the sizes of one function's buffers are polynomials
/// over, each a symbol of SizeExpr: an index argument of the function, or a
/// dimension of an argument. All are known where the function begins.
class SizeSymbols {
public:
  struct Symbol {
    mlir::BlockArgument argument;
    /// The dimension of `argument` (a shaped value), or none for an index
    /// argument.
    std::optional<int64_t> dim;
  };

  llvm::ArrayRef<Symbol> getSymbols() const { return symbols; }
  /// `arg0` for an index argument, `arg1_d0` for a dimension: names that
  /// CSV and people read (SizeExpr::print).
  llvm::SmallVector<std::string> getNames() const;

  /// `value`, an index or integer, as a polynomial over symbols, adding the
  /// symbols it uses; or failure, with `why` saying what it depends on that
  /// is no polynomial of the arguments.
  mlir::FailureOr<SizeExpr> getPolynomial(mlir::Value value, std::string &why);

  /// The symbol of an index argument (no `dim`) or of a dimension of a
  /// shaped argument, added if new.
  SymbolId getSymbol(mlir::BlockArgument argument, std::optional<int64_t> dim);

private:
  llvm::SmallVector<Symbol> symbols;
};

/// The byte size of a memref.alloc with dynamic sizes, `elementBytes` an
/// element, as a polynomial over `symbols`; or failure, with `why` saying
/// which extent is no polynomial of the arguments and why.
mlir::FailureOr<SizeExpr> computeSymbolicSize(mlir::Operation *alloc,
                                              uint64_t elementBytes,
                                              SizeSymbols &symbols,
                                              std::string &why);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_SYMBOLICSIZES_H
