//===- SymbolicSizes.cpp - Dynamic sizes as polynomials -------------------===//

#include "memplan/Analysis/SymbolicSizes.h"

#include "memplan/Analysis/BufferLifetimes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace memplan {

/// Sizes are rarely more than a few operations deep; past this, a chain is
/// no size anyone wrote.
constexpr unsigned kMaxDepth = 64;

SmallVector<std::string> SizeSymbols::getNames() const {
  SmallVector<std::string> names;
  for (const Symbol &symbol : symbols) {
    std::string name = "arg" + std::to_string(symbol.argument.getArgNumber());
    if (symbol.dim)
      name += "_d" + std::to_string(*symbol.dim);
    names.push_back(std::move(name));
  }
  return names;
}

FailureOr<SymbolId> SizeSymbols::getSymbol(BlockArgument argument,
                                           std::optional<int64_t> dim,
                                           Widening widening) {
  for (auto [index, symbol] : llvm::enumerate(symbols)) {
    if (symbol.argument != argument || symbol.dim != dim)
      continue;
    if (symbol.widening != widening)
      return failure();
    return index;
  }
  symbols.push_back({argument, dim, widening});
  return symbols.size() - 1;
}

/// Whether `value` is an argument of a function's entry block.
static BlockArgument getFunctionArgument(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !argument.getOwner()->isEntryBlock() ||
      !isa<FunctionOpInterface>(argument.getOwner()->getParentOp()))
    return {};
  return argument;
}

/// The bits of an integer or index (index as 64: sizes are in bytes of a
/// 64-bit address space).
static unsigned getBitWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// What a failed polynomial says of `value`.
static std::string describe(Value value) {
  if (Operation *op = value.getDefiningOp())
    return "a value computed by '" + op->getName().getStringRef().str() + "'";
  return "a block argument that is not one of the function's";
}

namespace {
/// One look for the polynomial of a value, with its depth.
class PolynomialFinder {
public:
  PolynomialFinder(SizeSymbols &symbols, std::string &why)
      : symbols(symbols), why(why) {}

  FailureOr<SizeExpr> find(Value value, unsigned depth);

private:
  FailureOr<SizeExpr> findOnce(Value value, unsigned depth);
  FailureOr<SizeExpr> fail(const std::string &reason) {
    if (why.empty())
      why = reason;
    return failure();
  }
  FailureOr<SizeExpr> findDim(Value source, int64_t dim, unsigned depth);
  FailureOr<SizeExpr> findAffine(AffineExpr expr, ValueRange dims,
                                 ValueRange syms, unsigned depth);
  FailureOr<SizeExpr> combine(FailureOr<SizeExpr> lhs, FailureOr<SizeExpr> rhs,
                              bool multiply) {
    if (failed(lhs) || failed(rhs))
      return failure();
    std::optional<SizeExpr> result =
        multiply ? SizeExpr::multiply(*lhs, *rhs) : SizeExpr::add(*lhs, *rhs);
    if (!result)
      return fail("a coefficient of its size overflows 64 bits");
    return std::move(*result);
  }

  SizeSymbols &symbols;
  std::string &why;
  /// What find said of each value it looked at.
  llvm::DenseMap<Value, SizeExpr> found;
  llvm::DenseSet<Value> failedValues;
};
} // namespace

FailureOr<SizeExpr> PolynomialFinder::findDim(Value source, int64_t dim,
                                              unsigned depth) {
  // Casts keep the extents.
  while (Operation *op = source.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(op))
      source = cast.getSource();
    else if (auto cast = dyn_cast<tensor::CastOp>(op))
      source = cast.getSource();
    else
      break;
  }
  auto type = dyn_cast<ShapedType>(source.getType());
  if (!type || !type.hasRank() || dim < 0 || dim >= type.getRank())
    return fail("a dimension of an unranked value or out of its rank");
  if (!type.isDynamicDim(dim))
    return SizeExpr::getConstant(type.getDimSize(dim));
  if (BlockArgument argument = getFunctionArgument(source))
    return SizeExpr::getSymbol(*symbols.getSymbol(argument, dim));
  // The dimension of another buffer is the size it was allocated with.
  Operation *op = source.getDefiningOp();
  if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(op)) {
    auto shaped = cast<MemRefType>(source.getType());
    unsigned operand = shaped.getDynamicDimIndex(dim);
    return find(getAllocDynamicSizes(op)[operand], depth + 1);
  }
  return fail("the dimension of " + describe(source));
}

FailureOr<SizeExpr> PolynomialFinder::findAffine(AffineExpr expr,
                                                 ValueRange dims,
                                                 ValueRange syms,
                                                 unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    if (constant.getValue() < 0)
      return fail("a negative constant in an affine map");
    return SizeExpr::getConstant(constant.getValue());
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return find(dims[dim.getPosition()], depth + 1);
  if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
    return find(syms[sym.getPosition()], depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  if (expr.getKind() != AffineExprKind::Add &&
      expr.getKind() != AffineExprKind::Mul)
    return fail("a division or remainder in an affine map");
  return combine(findAffine(binary.getLHS(), dims, syms, depth),
                 findAffine(binary.getRHS(), dims, syms, depth),
                 expr.getKind() == AffineExprKind::Mul);
}

FailureOr<SizeExpr> PolynomialFinder::find(Value value, unsigned depth) {
  // A value met again (a sum of a value with itself, chained) is looked at
  // once: without this a chain of n such sums took 2^n steps.
  if (auto known = found.find(value); known != found.end())
    return known->second;
  if (failedValues.contains(value))
    return failure();
  FailureOr<SizeExpr> result = findOnce(value, depth);
  if (succeeded(result))
    found.try_emplace(value, *result);
  else
    failedValues.insert(value);
  return result;
}

FailureOr<SizeExpr> PolynomialFinder::findOnce(Value value, unsigned depth) {
  if (depth > kMaxDepth)
    return fail("a computation deeper than " + std::to_string(kMaxDepth) +
                " operations");
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.isNegative())
      return fail("a negative constant");
    return SizeExpr::getConstant(constant.getZExtValue());
  }
  if (BlockArgument argument = getFunctionArgument(value)) {
    if (!argument.getType().isIntOrIndex())
      return fail("an argument that is not an integer");
    // A narrower one is a size only through its cast to 64 bits, below:
    // sign and zero extension read different values.
    if (getBitWidth(argument.getType()) < 64)
      return fail("an argument narrower than 64 bits, not cast to 64 bits");
    return SizeExpr::getSymbol(*symbols.getSymbol(argument, std::nullopt));
  }
  Operation *op = value.getDefiningOp();
  if (!op)
    return fail(describe(value));
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      return fail("a dimension whose index is not a constant");
    return findDim(dim.getSource(), *index, depth);
  }
  if (auto dim = dyn_cast<tensor::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      return fail("a dimension whose index is not a constant");
    return findDim(dim.getSource(), *index, depth);
  }
  // Narrower integers wrap, and a wrapped sum is no polynomial.
  if (isa<arith::AddIOp, arith::MulIOp>(op)) {
    if (getBitWidth(value.getType()) < 64)
      return fail("a sum or product of integers narrower than 64 bits");
    return combine(find(op->getOperand(0), depth + 1),
                   find(op->getOperand(1), depth + 1), isa<arith::MulIOp>(op));
  }
  // Sizes are never negative, so casts and extensions that widen keep them;
  // one that narrows may cut the value.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp,
          arith::ExtSIOp>(op)) {
    Value source = op->getOperand(0);
    unsigned width = getBitWidth(value.getType());
    if (width < getBitWidth(source.getType()))
      return fail("a cast to a narrower integer");
    // A narrow argument widened to 64 bits is a symbol of its own, which
    // the rewrite widens the same way.
    BlockArgument argument = getFunctionArgument(source);
    if (argument && width == 64 && getBitWidth(source.getType()) < 64) {
      auto widening = isa<arith::IndexCastUIOp, arith::ExtUIOp>(op)
                          ? SizeSymbols::Widening::Unsigned
                          : SizeSymbols::Widening::Signed;
      FailureOr<SymbolId> symbol =
          symbols.getSymbol(argument, std::nullopt, widening);
      if (failed(symbol))
        return fail("an argument read both sign- and zero-extended");
      return SizeExpr::getSymbol(*symbol);
    }
    return find(source, depth + 1);
  }
  // A value masked by a constant is never above the value: the alignment
  // the size of an arena sized at run time is rounded up by (its round-up
  // an add before the mask). The polynomial is then a bound of the size,
  // which is what planning reserves; the view keeps the size itself.
  if (auto mask = dyn_cast<arith::AndIOp>(op)) {
    if (getBitWidth(value.getType()) < 64)
      return fail("a mask of an integer narrower than 64 bits");
    if (matchPattern(mask.getRhs(), m_ConstantInt(&constant)))
      return find(mask.getLhs(), depth + 1);
    if (matchPattern(mask.getLhs(), m_ConstantInt(&constant)))
      return find(mask.getRhs(), depth + 1);
    return fail("a mask that is not a constant");
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    AffineMap map = apply.getAffineMap();
    return findAffine(map.getResult(0), apply.getDimOperands(),
                      apply.getSymbolOperands(), depth);
  }
  return fail(describe(value));
}

FailureOr<SizeExpr> SizeSymbols::getPolynomial(Value value, std::string &why) {
  PolynomialFinder finder(*this, why);
  return finder.find(value, 0);
}

FailureOr<SizeExpr> computeSymbolicSize(Operation *alloc, uint64_t elementBytes,
                                        SizeSymbols &symbols,
                                        std::string &why) {
  auto type = cast<MemRefType>(alloc->getResult(0).getType());
  OperandRange dynamicSizes = getAllocDynamicSizes(alloc);
  std::optional<SizeExpr> size = SizeExpr::getConstant(elementBytes);
  auto dynamic = dynamicSizes.begin();
  for (auto [dim, extent] : llvm::enumerate(type.getShape())) {
    SizeExpr factor = SizeExpr::getConstant(extent);
    if (ShapedType::isDynamic(extent)) {
      std::string reason;
      FailureOr<SizeExpr> polynomial =
          symbols.getPolynomial(*dynamic++, reason);
      if (failed(polynomial)) {
        why = "its extent " + std::to_string(dim) +
              " is no polynomial of the function's arguments: " + reason;
        return failure();
      }
      factor = std::move(*polynomial);
    }
    size = SizeExpr::multiply(*size, factor);
    if (!size) {
      why = "a coefficient of its size overflows 64 bits";
      return failure();
    }
  }
  return std::move(*size);
}

} // namespace memplan
