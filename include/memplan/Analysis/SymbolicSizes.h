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
  /// How an integer argument narrower than 64 bits becomes a size: by the
  /// one cast to 64 bits the program reads it through.
  enum class Widening { None, Signed, Unsigned };

  struct Symbol {
    mlir::BlockArgument argument;
    /// The dimension of `argument` (a shaped value), or none for an integer
    /// or index argument.
    std::optional<int64_t> dim;
    /// For an integer argument narrower than 64 bits, how it is widened.
    Widening widening = Widening::None;
  };

  llvm::ArrayRef<Symbol> getSymbols() const { return symbols; }
  /// `arg0` for an index argument, `arg1_d0` for a dimension: names that
  /// CSV and people read (SizeExpr::print).
  llvm::SmallVector<std::string> getNames() const;

  /// `value`, an index or integer, as a polynomial over symbols (never
  /// below it: exact but through a mask), adding the symbols it uses; or
  /// failure, with `why` saying what it depends on that is no polynomial of
  /// the arguments.
  mlir::FailureOr<SizeExpr> getPolynomial(mlir::Value value, std::string &why);

  /// The symbol of an integer or index argument (no `dim`) or of a
  /// dimension of a shaped argument, added if new; failure where a narrow
  /// argument is already a symbol widened the other way (the program then
  /// reads it as two values).
  mlir::FailureOr<SymbolId> getSymbol(mlir::BlockArgument argument,
                                      std::optional<int64_t> dim,
                                      Widening widening = Widening::None);

private:
  llvm::SmallVector<Symbol> symbols;
};

/// The byte size of a memref.alloc with dynamic sizes, `elementBytes` an
/// element, as a polynomial over `symbols`, or where an extent is masked by
/// a constant (an alignment rounding down) a polynomial never below it; or
/// failure, with `why` saying which extent is no polynomial of the
/// arguments and why.
mlir::FailureOr<SizeExpr> computeSymbolicSize(mlir::Operation *alloc,
                                              uint64_t elementBytes,
                                              SizeSymbols &symbols,
                                              std::string &why);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_SYMBOLICSIZES_H
