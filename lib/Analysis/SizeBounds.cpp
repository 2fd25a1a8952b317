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

/// The bounds of both operands, or failure if either has none.
FailureOr<std::pair<int64_t, int64_t>>
computeBothBounds(presburger::BoundType type, Value lhs, Value rhs,
                  unsigned depth) {
  FailureOr<int64_t> lhsBound = computeBound(type, lhs, depth + 1);
  if (failed(lhsBound))
    return failure();
  FailureOr<int64_t> rhsBound = computeBound(type, rhs, depth + 1);
  if (failed(rhsBound))
    return failure();
  return std::make_pair(*lhsBound, *rhsBound);
}

/// The tighter of two bounds of one value, either of which may be missing.
FailureOr<int64_t> getTighter(presburger::BoundType type,
                              FailureOr<int64_t> lhs, FailureOr<int64_t> rhs) {
  if (failed(lhs))
    return rhs;
  if (failed(rhs))
    return lhs;
  return type == presburger::BoundType::UB ? std::min(*lhs, *rhs)
                                           : std::max(*lhs, *rhs);
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
  bool upper = type == presburger::BoundType::UB;
  // The signed min is at most either operand and at least the lower of
  // them; the max the other way round.
  if (isa<arith::MinSIOp, arith::MaxSIOp>(def)) {
    bool isMin = isa<arith::MinSIOp>(def);
    Value lhs = def->getOperand(0), rhs = def->getOperand(1);
    // One operand's bound is enough.
    if (isMin == upper)
      return getTighter(type, computeBound(type, lhs, depth + 1),
                        computeBound(type, rhs, depth + 1));
    FailureOr<std::pair<int64_t, int64_t>> both =
        computeBothBounds(type, lhs, rhs, depth);
    if (failed(both))
      return failure();
    return upper ? std::max(both->first, both->second)
                 : std::min(both->first, both->second);
  }
  // Unsigned min and max agree with the signed ones on operands that are
  // never negative. The unsigned min is also at most any operand that is
  // never negative, whatever the other: it lies in [0, that operand].
  if (isa<arith::MinUIOp, arith::MaxUIOp>(def)) {
    Value lhs = def->getOperand(0), rhs = def->getOperand(1);
    bool lhsNonNegative = isNonNegative(lhs, depth);
    bool rhsNonNegative = isNonNegative(rhs, depth);
    bool isMin = isa<arith::MinUIOp>(def);
    if (isMin && upper) {
      auto boundIf = [&](bool nonNegative, Value operand) {
        return nonNegative ? computeBound(type, operand, depth + 1)
                           : FailureOr<int64_t>(failure());
      };
      return getTighter(type, boundIf(lhsNonNegative, lhs),
                        boundIf(rhsNonNegative, rhs));
    }
    if (!lhsNonNegative || !rhsNonNegative)
      return failure();
    FailureOr<std::pair<int64_t, int64_t>> both =
        computeBothBounds(type, lhs, rhs, depth);
    if (failed(both))
      return failure();
    return isMin ? std::min(both->first, both->second)
                 : std::max(both->first, both->second);
  }
  // Either value may be chosen.
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    if (!select.getType().isIndex())
      return failure();
    FailureOr<std::pair<int64_t, int64_t>> both = computeBothBounds(
        type, select.getTrueValue(), select.getFalseValue(), depth);
    if (failed(both))
      return failure();
    return upper ? std::max(both->first, both->second)
                 : std::min(both->first, both->second);
  }
  return failure();
}

} // namespace

FailureOr<int64_t> computeSizeUpperBound(Value size) {
  return computeBound(presburger::BoundType::UB, size, /*depth=*/0);
}

} // namespace memplan
