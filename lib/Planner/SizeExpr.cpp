//===- SizeExpr.cpp - Byte sizes known only at run time -------------------===//

#include "memplan/Planner/SizeExpr.h"

#include "memplan/Planner/CheckedMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace memplan {

SizeExpr SizeExpr::getConstant(uint64_t value) {
  SizeExpr result;
  if (value != 0)
    result.terms.push_back({value, {}});
  return result;
}

SizeExpr SizeExpr::getSymbol(SymbolId symbol) {
  SizeExpr result;
  result.terms.push_back({1, {symbol}});
  return result;
}

std::optional<uint64_t> SizeExpr::getConstantValue() const {
  if (terms.empty())
    return 0;
  if (terms.size() == 1 && terms.front().symbols.empty())
    return terms.front().coefficient;
  return std::nullopt;
}

SymbolId SizeExpr::getNumSymbolsUsed() const {
  SymbolId count = 0;
  for (const Term &term : terms)
    for (SymbolId symbol : term.symbols)
      count = std::max(count, symbol + 1);
  return count;
}

std::optional<SizeExpr>
SizeExpr::canonicalize(SmallVector<Term, 2> unsortedTerms) {
  for (Term &term : unsortedTerms)
    llvm::sort(term.symbols);
  // By degree, then symbols: constants first, as people write them last.
  llvm::sort(unsortedTerms, [](const Term &lhs, const Term &rhs) {
    if (lhs.symbols.size() != rhs.symbols.size())
      return lhs.symbols.size() < rhs.symbols.size();
    return lhs.symbols < rhs.symbols;
  });
  SizeExpr result;
  for (Term &term : unsortedTerms) {
    if (term.coefficient == 0)
      continue;
    if (!result.terms.empty() && result.terms.back().symbols == term.symbols) {
      std::optional<uint64_t> sum =
          checkedAdd(result.terms.back().coefficient, term.coefficient);
      if (!sum)
        return std::nullopt;
      result.terms.back().coefficient = *sum;
      continue;
    }
    result.terms.push_back(std::move(term));
  }
  return result;
}

std::optional<SizeExpr> SizeExpr::add(const SizeExpr &lhs,
                                      const SizeExpr &rhs) {
  SmallVector<Term, 2> all(lhs.terms);
  all.append(rhs.terms.begin(), rhs.terms.end());
  return canonicalize(std::move(all));
}

std::optional<SizeExpr> SizeExpr::multiply(const SizeExpr &lhs,
                                           const SizeExpr &rhs) {
  SmallVector<Term, 2> products;
  for (const Term &left : lhs.terms)
    for (const Term &right : rhs.terms) {
      std::optional<uint64_t> coefficient =
          checkedMul(left.coefficient, right.coefficient);
      if (!coefficient)
        return std::nullopt;
      Term product{*coefficient, left.symbols};
      product.symbols.append(right.symbols.begin(), right.symbols.end());
      products.push_back(std::move(product));
    }
  return canonicalize(std::move(products));
}

std::optional<uint64_t> SizeExpr::evaluate(ArrayRef<uint64_t> values) const {
  uint64_t total = 0;
  for (const Term &term : terms) {
    // A zero factor makes the term zero, however large the others.
    if (llvm::any_of(term.symbols, [&](SymbolId symbol) {
          assert(symbol < values.size() && "a symbol without a value");
          return values[symbol] == 0;
        }))
      continue;
    std::optional<uint64_t> product = term.coefficient;
    for (SymbolId symbol : term.symbols) {
      product = checkedMul(*product, values[symbol]);
      if (!product)
        return std::nullopt;
    }
    std::optional<uint64_t> sum = checkedAdd(total, *product);
    if (!sum)
      return std::nullopt;
    total = *sum;
  }
  return total;
}

bool SizeExpr::dominates(const SizeExpr &other) const {
  // Symbols are never negative, so each term counts on its own.
  return llvm::all_of(other.terms, [&](const Term &theirs) {
    return llvm::any_of(terms, [&](const Term &ours) {
      return ours.symbols == theirs.symbols &&
             ours.coefficient >= theirs.coefficient;
    });
  });
}

void SizeExpr::print(raw_ostream &os, ArrayRef<std::string> names) const {
  if (terms.empty()) {
    os << "0";
    return;
  }
  // Highest degree first, as people write polynomials.
  bool first = true;
  for (const Term &term : llvm::reverse(terms)) {
    os << (first ? "" : " + ");
    first = false;
    bool needStar = false;
    if (term.coefficient != 1 || term.symbols.empty()) {
      os << term.coefficient;
      needStar = true;
    }
    for (SymbolId symbol : term.symbols) {
      os << (needStar ? "*" : "") << names[symbol];
      needStar = true;
    }
  }
}

std::string SizeExpr::toString(ArrayRef<std::string> names) const {
  std::string text;
  raw_string_ostream os(text);
  print(os, names);
  return text;
}

static Error parseError(StringRef text, const Twine &why) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           "size '" + text + "': " + why);
}

Expected<SizeExpr> parseSizeExpr(StringRef text,
                                 SmallVectorImpl<std::string> &names) {
  SmallVector<SizeExpr::Term, 2> terms;
  SmallVector<StringRef> termTexts;
  text.split(termTexts, '+');
  for (StringRef termText : termTexts) {
    SmallVector<StringRef> factors;
    termText.split(factors, '*');
    SizeExpr::Term term{1, {}};
    for (StringRef factor : factors) {
      factor = factor.trim();
      if (factor.empty())
        return parseError(text, "a term or factor is missing");
      if (llvm::all_of(factor, isDigit)) {
        uint64_t value;
        if (factor.getAsInteger(10, value))
          return parseError(text,
                            "'" + factor + "' is not a number below 2^64");
        std::optional<uint64_t> product = checkedMul(term.coefficient, value);
        if (!product)
          return parseError(text, "a coefficient overflows 64 bits");
        term.coefficient = *product;
        continue;
      }
      if (!(isAlpha(factor.front()) || factor.front() == '_') ||
          !llvm::all_of(factor, [](char c) { return isAlnum(c) || c == '_'; }))
        return parseError(text, "'" + factor +
                                    "' is neither a number nor a name (a "
                                    "size is bytes, or a polynomial over "
                                    "symbols such as 4*seq + 64)");
      auto *known = llvm::find(names, factor);
      if (known == names.end()) {
        names.push_back(factor.str());
        known = names.end() - 1;
      }
      term.symbols.push_back(known - names.begin());
    }
    terms.push_back(std::move(term));
  }
  // Each term's coefficient times each of its symbols, summed.
  std::optional<SizeExpr> result = SizeExpr();
  for (SizeExpr::Term &term : terms) {
    std::optional<SizeExpr> product = SizeExpr::getConstant(term.coefficient);
    for (SymbolId symbol : term.symbols)
      if (product)
        product = SizeExpr::multiply(*product, SizeExpr::getSymbol(symbol));
    result = product ? SizeExpr::add(*result, *product) : std::nullopt;
    if (!result)
      break;
  }
  if (!result)
    return parseError(text, "a coefficient overflows 64 bits");
  return std::move(*result);
}

} // namespace memplan
