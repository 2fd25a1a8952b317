//===- SizeBounds.cpp - Constant upper bounds of dynamic sizes ------------===//

#include "memplan/Analysis/SizeBounds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

#include <algorithm>

using namespace mlir;

namespace memplan {

namespace {

/// How deep min, max and select nest before the search gives up: each
/// level asks for up to four bounds of its operands, so the depth bounds
/// the work (an affine.min of three results lowers to two levels).
constexpr unsigned kMaxDepth = 4;

FailureOr<int64_t> computeBound(presburger::BoundType type, Value value,
                                unsigned depth);

bool isUpper(presburger::BoundType type) {
  return type == presburger::BoundType::UB;
}

/// The tighter of two bounds of one value, either of which may be missing.
FailureOr<int64_t> getTighter(presburger::BoundType type,
                              FailureOr<int64_t> lhs, FailureOr<int64_t> rhs) {
  if (failed(lhs))
    return rhs;
  if (failed(rhs))
    return lhs;
  return isUpper(type) ? std::min(*lhs, *rhs) : std::max(*lhs, *rhs);
}

/// The looser of two bounds, each of one of two values the value may be:
/// both are needed.
FailureOr<int64_t> getLooser(presburger::BoundType type, FailureOr<int64_t> lhs,
                             FailureOr<int64_t> rhs) {
  if (failed(lhs) || failed(rhs))
    return failure();
  return isUpper(type) ? std::max(*lhs, *rhs) : std::min(*lhs, *rhs);
}

/// A signed min is at most either operand (one bound is enough) and at
/// least the lower of the two; a max the other way round.
FailureOr<int64_t> computeMinOrMaxBound(presburger::BoundType type, bool isMin,
                                        Value lhs, Value rhs, unsigned depth) {
  FailureOr<int64_t> lhsBound = computeBound(type, lhs, depth + 1);
  FailureOr<int64_t> rhsBound = computeBound(type, rhs, depth + 1);
  return isMin == isUpper(type) ? getTighter(type, lhsBound, rhsBound)
                                : getLooser(type, lhsBound, rhsBound);
}

/// Whether `value` is proven never below 0 (signed).
bool isNonNegative(Value value, unsigned depth) {
  FailureOr<int64_t> lower =
      computeBound(presburger::BoundType::LB, value, depth + 1);
  return succeeded(lower) && *lower >= 0;
}

/// The closed upper (UB) or lower (LB) constant bound of `value`, signed:
/// upstream's value bounds first, then min, max and select taken apart.
FailureOr<int64_t> computeBound(presburger::BoundType type, Value value,
                                unsigned depth) {
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      type, value, /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (succeeded(bound) || depth >= kMaxDepth)
    return bound;
  Operation *def = value.getDefiningOp();
  if (!def)
    return failure();
  if (isa<arith::MinSIOp, arith::MaxSIOp>(def))
    return computeMinOrMaxBound(type, isa<arith::MinSIOp>(def),
                                def->getOperand(0), def->getOperand(1), depth);
  // Unsigned min and max agree with the signed ones on operands that are
  // never negative. Otherwise the unsigned min still lies in [0, x] for an
  // operand x that is never negative, whatever the other.
  if (isa<arith::MinUIOp, arith::MaxUIOp>(def)) {
    Value lhs = def->getOperand(0), rhs = def->getOperand(1);
    bool isMin = isa<arith::MinUIOp>(def);
    bool lhsNonNegative = isNonNegative(lhs, depth);
    bool rhsNonNegative = isNonNegative(rhs, depth);
    if (lhsNonNegative && rhsNonNegative)
      return computeMinOrMaxBound(type, isMin, lhs, rhs, depth);
    if (isMin && isUpper(type) && (lhsNonNegative || rhsNonNegative))
      return computeBound(type, lhsNonNegative ? lhs : rhs, depth + 1);
    return failure();
  }
  // Either value may be chosen.
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    if (!select.getType().isIndex())
      return failure();
    return getLooser(type, computeBound(type, select.getTrueValue(), depth + 1),
                     computeBound(type, select.getFalseValue(), depth + 1));
  }
  return failure();
}

} // namespace

FailureOr<int64_t> computeSizeUpperBound(Value size) {
  return computeBound(presburger::BoundType::UB, size, /*depth=*/0);
}

} // namespace memplan
