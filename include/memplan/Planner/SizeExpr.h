//===- SizeExpr.h - Byte sizes known only at run time -----------*- C++ -*-===//
//
// The size of a buffer whose shape is dynamic, as a polynomial over the
// index values it depends on (the dims of arguments, say): enough for
// `batch * seq * 256` and `seq * seq * 4`. Symbols stand for values that
// are never negative and coefficients are never negative, so a size never
// shrinks as a symbol grows: the plans valid for every value
// (SymbolicPlan.h) rest on it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_SIZEEXPR_H
#define MEMPLAN_PLANNER_SIZEEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

/// A symbol: the index of a run-time value in the problem's list of them.
using SymbolId = unsigned;

/// A sum of terms, each a constant times a product of symbols (a symbol
/// repeated for a power). Canonical: each term's symbols sorted, terms
/// sorted by their symbols, no two with the same symbols, none with a zero
/// coefficient; so equal sizes compare equal, and zero has no term.
class SizeExpr {
public:
  struct Term {
    uint64_t coefficient = 0;
    llvm::SmallVector<SymbolId, 2> symbols;

    bool operator==(const Term &other) const {
      return coefficient == other.coefficient && symbols == other.symbols;
    }
  };

  /// Zero.
  SizeExpr() = default;
  static SizeExpr getConstant(uint64_t value);
  static SizeExpr getSymbol(SymbolId symbol);

  llvm::ArrayRef<Term> getTerms() const { return terms; }
  bool isZero() const { return terms.empty(); }
  /// The value where no symbol appears, or nullopt.
  std::optional<uint64_t> getConstantValue() const;
  /// The largest symbol that appears, plus one (0 for a constant).
  SymbolId getNumSymbolsUsed() const;

  /// The sum and the product, or nullopt where a coefficient overflows 64
  /// bits.
  static std::optional<SizeExpr> add(const SizeExpr &lhs, const SizeExpr &rhs);
  static std::optional<SizeExpr> multiply(const SizeExpr &lhs,
                                          const SizeExpr &rhs);

  /// The value where symbol `i` is `values[i]`, or nullopt where it
  /// overflows 64 bits. Every symbol used must have a value.
  std::optional<uint64_t> evaluate(llvm::ArrayRef<uint64_t> values) const;

  /// Whether this is at least `other` for every value of the symbols: each
  /// of `other`'s terms has one of the same symbols here, of a coefficient
  /// no smaller.
  bool dominates(const SizeExpr &other) const;

  /// Prints `4*seq*seq + 64`, symbol `i` by `names[i]`.
  void print(llvm::raw_ostream &os, llvm::ArrayRef<std::string> names) const;
  std::string toString(llvm::ArrayRef<std::string> names) const;

  bool operator==(const SizeExpr &other) const { return terms == other.terms; }
  bool operator!=(const SizeExpr &other) const { return !(*this == other); }

private:
  /// Sorts, merges and drops zero terms; nullopt where a sum overflows.
  static std::optional<SizeExpr> canonicalize(llvm::SmallVector<Term, 2> terms);

  llvm::SmallVector<Term, 2> terms;
};

/// Parses a size written as `print` writes it: terms joined by `+`, each a
/// product (`*`) of decimal constants and symbol names ([A-Za-z_] then
/// [A-Za-z0-9_]), with spaces anywhere between. A name not in `names` is
/// added to it; the expression refers to names by their index there.
llvm::Expected<SizeExpr>
parseSizeExpr(llvm::StringRef text, llvm::SmallVectorImpl<std::string> &names);

} // namespace memplan

#endif // MEMPLAN_PLANNER_SIZEEXPR_H
