//===- RunTimeOffsets.cpp - A plan for every size, computed at run time ---===//
//
// Each value is kept beside the polynomial it equals where that is known
// (sums of sizes), so that a maximum of two ends one of which is never
// below the other, or the alignment of an end that is always a multiple,
// costs nothing: where every size is a multiple of one symbol the offsets
// come out as sums, `c * S`, with no maximum. "Never below" is read off the
// polynomials only over symbols that are never negative (dimensions): an
// index argument may be negative while every size it makes is not.
//
//===----------------------------------------------------------------------===//

#include "RunTimeOffsets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace memplan {

namespace {

/// An index at run time: its value, made when first needed for a constant,
/// and the polynomial over the space's symbols it equals, where known.
struct Index {
  std::optional<SizeExpr> polynomial;
  Value value;

  std::optional<uint64_t> getConstant() const {
    return polynomial ? polynomial->getConstantValue() : std::nullopt;
  }
  bool isZero() const { return polynomial && polynomial->isZero(); }
};

/// Emits index arithmetic at one point, folding what the polynomials decide
/// and keeping the operations made.
class IndexArithmetic {
public:
  /// Symbol i of the polynomials is never negative where `nonNegative[i]`.
  IndexArithmetic(OpBuilder &builder, Location loc,
                  SmallVector<bool> nonNegative)
      : builder(builder), loc(loc), nonNegative(std::move(nonNegative)) {}

  static Index getConstant(uint64_t value) {
    return {SizeExpr::getConstant(value), Value()};
  }

  Value materialize(const Index &index) {
    if (index.value)
      return index.value;
    uint64_t constant = *index.getConstant();
    auto [known, inserted] = constants.try_emplace(constant);
    if (inserted)
      known->second = count(arith::ConstantIndexOp::create(
          builder, loc, static_cast<int64_t>(constant)));
    return known->second;
  }

  Index add(const Index &lhs, const Index &rhs) {
    std::optional<SizeExpr> sum;
    if (lhs.polynomial && rhs.polynomial)
      sum = SizeExpr::add(*lhs.polynomial, *rhs.polynomial);
    if (lhs.isZero())
      return rhs;
    if (rhs.isZero())
      return lhs;
    if (sum && sum->getConstantValue())
      return {sum, Value()};
    return {sum, count(arith::AddIOp::create(builder, loc, materialize(lhs),
                                             materialize(rhs)))};
  }

  Index multiply(const Index &lhs, const Index &rhs) {
    std::optional<SizeExpr> product;
    if (lhs.polynomial && rhs.polynomial)
      product = SizeExpr::multiply(*lhs.polynomial, *rhs.polynomial);
    if (lhs.getConstant() == 1 || rhs.isZero())
      return rhs;
    if (rhs.getConstant() == 1 || lhs.isZero())
      return lhs;
    if (product && product->getConstantValue())
      return {product, Value()};
    return {product, count(arith::MulIOp::create(builder, loc, materialize(lhs),
                                                 materialize(rhs)))};
  }

  /// The larger of the two: one whose polynomial is never below the other's
  /// is it, where its symbols are never negative (an index argument may be:
  /// -1 makes 4*a*a + 4*a smaller than 4*a*a).
  Index max(const Index &lhs, const Index &rhs) {
    // Ends and offsets are never negative: nothing is below zero.
    if (lhs.isZero())
      return rhs;
    if (rhs.isZero())
      return lhs;
    if (lhs.polynomial && rhs.polynomial &&
        hasNonNegativeSymbols(*lhs.polynomial) &&
        hasNonNegativeSymbols(*rhs.polynomial)) {
      if (lhs.polynomial->dominates(*rhs.polynomial))
        return lhs;
      if (rhs.polynomial->dominates(*lhs.polynomial))
        return rhs;
    }
    return {std::nullopt,
            count(arith::MaxUIOp::create(builder, loc, materialize(lhs),
                                         materialize(rhs)))};
  }

  /// The least multiple of `alignment` (a power of two) at or above `index`:
  /// itself where every coefficient of its polynomial is a multiple.
  Index alignUp(const Index &index, uint64_t alignment) {
    if (std::optional<uint64_t> constant = index.getConstant())
      return getConstant(llvm::alignTo(*constant, alignment));
    if (alignment <= 1 || (index.polynomial &&
                           llvm::all_of(index.polynomial->getTerms(),
                                        [&](const SizeExpr::Term &term) {
                                          return term.coefficient % alignment ==
                                                 0;
                                        })))
      return index;
    Value bumped = materialize(add(index, getConstant(alignment - 1)));
    // ~(alignment - 1) as the index's bits.
    Value mask = materialize(getConstant(-alignment));
    return {std::nullopt,
            count(arith::AndIOp::create(builder, loc, bumped, mask))};
  }

  /// Reads a symbol: the argument, widened to an index as the program
  /// widens it, or its dimension.
  Value readSymbol(const SizeSymbols::Symbol &symbol, ValueRange arguments) {
    Value argument = arguments.empty()
                         ? Value(symbol.argument)
                         : arguments[symbol.argument.getArgNumber()];
    if (symbol.dim) {
      Value dim = materialize(getConstant(*symbol.dim));
      if (isa<MemRefType>(argument.getType()))
        return count(memref::DimOp::create(builder, loc, argument, dim));
      return count(tensor::DimOp::create(builder, loc, argument, dim));
    }
    Type index = builder.getIndexType();
    if (argument.getType().isIndex())
      return argument;
    if (symbol.widening == SizeSymbols::Widening::Unsigned)
      return count(arith::IndexCastUIOp::create(builder, loc, index, argument));
    // A 64-bit integer reads the same either way.
    return count(arith::IndexCastOp::create(builder, loc, index, argument));
  }

  /// Erases what was made but is neither used nor one of `results` (the
  /// size of a buffer whose end no maximum needed, say), the last made
  /// first; returns how many remain.
  unsigned eraseUnused(ArrayRef<Value> results) {
    llvm::SmallPtrSet<Operation *, 16> kept(
        llvm::from_range, llvm::map_range(results, [](Value value) {
          return value.getDefiningOp();
        }));
    unsigned remaining = 0;
    for (Operation *op : llvm::reverse(made)) {
      if (op->use_empty() && !kept.contains(op))
        op->erase();
      else
        ++remaining;
    }
    made.clear();
    return remaining;
  }

private:
  bool hasNonNegativeSymbols(const SizeExpr &polynomial) const {
    return llvm::all_of(polynomial.getTerms(), [&](const SizeExpr::Term &term) {
      return llvm::all_of(term.symbols,
                          [&](SymbolId symbol) { return nonNegative[symbol]; });
    });
  }

  template <typename OpT> Value count(OpT op) {
    made.push_back(op);
    return op.getResult();
  }

  OpBuilder &builder;
  Location loc;
  SmallVector<bool> nonNegative;
  llvm::DenseMap<uint64_t, Value> constants;
  SmallVector<Operation *> made;
};

} // namespace

RunTimeOffsets emitRunTimeOffsets(OpBuilder &builder, Location loc,
                                  const SpaceProblem::RunTimeSizes &sizes,
                                  const SizeSymbols &symbols,
                                  const SymbolicPlan &plan,
                                  RunTimeValues wanted, ValueRange arguments) {
  // A dimension is never negative, nor a narrow integer zero-extended; an
  // index or integer argument may be, where the sizes stay valid.
  SmallVector<bool> nonNegative;
  for (SymbolId symbol : sizes.symbols) {
    const SizeSymbols::Symbol &read = symbols.getSymbols()[symbol];
    nonNegative.push_back(read.dim ||
                          read.widening == SizeSymbols::Widening::Unsigned);
  }
  IndexArithmetic arithmetic(builder, loc, std::move(nonNegative));
  // Each symbol once, first: the sizes use them in any order.
  SmallVector<Index> symbolValues;
  for (auto [index, symbol] : llvm::enumerate(sizes.symbols))
    symbolValues.push_back(
        {SizeExpr::getSymbol(index),
         arithmetic.readSymbol(symbols.getSymbols()[symbol], arguments)});
  // Each polynomial is computed once: buffers of one size (the layers of a
  // network) share its value, and sizes share their products.
  SmallVector<std::pair<SizeExpr, Index>> known;
  auto getOrCompute = [&](const SizeExpr &polynomial,
                          llvm::function_ref<Index()> compute) {
    if (std::optional<uint64_t> constant = polynomial.getConstantValue())
      return IndexArithmetic::getConstant(*constant);
    for (const auto &[expr, value] : known)
      if (expr == polynomial)
        return value;
    Index value = compute();
    known.push_back({polynomial, value});
    return value;
  };
  auto getSize = [&](const SizeExpr &size) {
    return getOrCompute(size, [&] {
      Index sum = IndexArithmetic::getConstant(0);
      for (const SizeExpr::Term &term : size.getTerms()) {
        Index product = IndexArithmetic::getConstant(term.coefficient);
        for (SymbolId symbol : term.symbols) {
          SizeExpr next = *SizeExpr::multiply(*product.polynomial,
                                              SizeExpr::getSymbol(symbol));
          product = getOrCompute(next, [&] {
            return arithmetic.multiply(product, symbolValues[symbol]);
          });
        }
        sum = arithmetic.add(sum, product);
      }
      return sum;
    });
  };

  const SymbolicProblem &problem = sizes.problem;
  size_t count = problem.buffers.size();
  SmallVector<Index> offsets(count), ends(count);
  // A buffer below another ends no higher than it: the slab ends at the
  // highest end of those below none.
  SmallVector<bool> belowAnother(count, false);
  for (unsigned buffer : plan.order) {
    Index highest = IndexArithmetic::getConstant(0);
    for (unsigned lower : plan.below[buffer]) {
      highest = arithmetic.max(highest, ends[lower]);
      belowAnother[lower] = true;
    }
    offsets[buffer] =
        arithmetic.alignUp(highest, problem.buffers[buffer].alignment);
    ends[buffer] =
        arithmetic.add(offsets[buffer], getSize(problem.sizes[buffer]));
  }
  Index slab = IndexArithmetic::getConstant(0);
  for (unsigned buffer = 0; buffer != count; ++buffer)
    if (!belowAnother[buffer])
      slab = arithmetic.max(slab, ends[buffer]);

  RunTimeOffsets result;
  SmallVector<Value> results;
  if (wanted != RunTimeValues::Size) {
    for (const Index &offset : offsets)
      result.offsets.push_back(arithmetic.materialize(offset));
    llvm::append_range(results, result.offsets);
  }
  if (wanted != RunTimeValues::Offsets) {
    result.slabSize = arithmetic.materialize(slab);
    results.push_back(result.slabSize);
  }
  // The views will use the offsets, the slab its size: what the caller
  // does not need goes.
  result.numOps = arithmetic.eraseUnused(results);
  return result;
}

} // namespace memplan
