//===- AccessedBytes.cpp - Bytes moved through a buffer -------------------===//

#include "memplan/Analysis/AccessedBytes.h"

#include "memplan/Planner/CheckedMath.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace memplan {

namespace {

uint64_t saturatingMul(uint64_t lhs, uint64_t rhs) {
  return checkedMul(lhs, rhs).value_or(UINT64_MAX);
}

/// The bytes of `type`'s elements, or nullopt where the data layout cannot
/// say (a type it does not size).
std::optional<uint64_t> getTypeBytes(Type type, const DataLayout &layout) {
  if (!type.isIntOrIndexOrFloat() && !isa<VectorType, ComplexType>(type))
    return std::nullopt;
  if (auto vector = dyn_cast<VectorType>(type); vector && vector.isScalable())
    return std::nullopt;
  return layout.getTypeSize(type).getFixedValue();
}

/// The bytes of the whole extent of `memref`: its static size, else
/// `wholeBytes`.
uint64_t getExtentBytes(Value memref, uint64_t wholeBytes,
                        const DataLayout &layout) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.hasStaticShape())
    return wholeBytes;
  std::optional<uint64_t> element = getTypeBytes(type.getElementType(), layout);
  if (!element)
    return wholeBytes;
  return saturatingMul(*element, static_cast<uint64_t>(type.getNumElements()));
}

/// How many times one run of `loop` runs its body, where known at compile
/// time: the product of its dimensions' trip counts.
std::optional<uint64_t> getTripCount(LoopLikeOpInterface loop) {
  std::optional<SmallVector<OpFoldResult>> lowers = loop.getLoopLowerBounds();
  std::optional<SmallVector<OpFoldResult>> uppers = loop.getLoopUpperBounds();
  std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
  if (!lowers || !uppers || !steps || lowers->size() != uppers->size() ||
      lowers->size() != steps->size())
    return std::nullopt;
  uint64_t trips = 1;
  for (auto [lower, upper, step] : llvm::zip_equal(*lowers, *uppers, *steps)) {
    std::optional<int64_t> lo = getConstantIntValue(lower);
    std::optional<int64_t> hi = getConstantIntValue(upper);
    std::optional<int64_t> by = getConstantIntValue(step);
    if (!lo || !hi || !by || *by <= 0)
      return std::nullopt;
    uint64_t count =
        *hi <= *lo ? 0 : llvm::divideCeil(uint64_t(*hi - *lo), uint64_t(*by));
    trips = saturatingMul(trips, count);
  }
  return trips;
}

} // namespace

uint64_t estimateAccessedBytes(Operation *user,
                               const llvm::SetVector<Value> &aliases,
                               uint64_t wholeBytes, Operation *scope,
                               const DataLayout &layout) {
  uint64_t bytes = 0;
  if (isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
          vector::TransferReadOp, vector::TransferWriteOp>(user)) {
    // One element, or one vector, each run.
    Type accessed = isa<memref::StoreOp, vector::StoreOp>(user)
                        ? user->getOperand(0).getType()
                    : isa<vector::TransferWriteOp>(user)
                        ? user->getOperand(0).getType()
                        : user->getResult(0).getType();
    bytes = getTypeBytes(accessed, layout).value_or(wholeBytes);
  } else {
    // An op that declares its effects moves the bytes of what it reads or
    // writes (a view, a dim or a free moves none); one that does not (a
    // call) may touch all of each operand.
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    auto moves = [&](Value operand) {
      if (!effects)
        return true;
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffectsOnValue(operand, instances);
      return llvm::any_of(instances, [](const auto &instance) {
        return isa<MemoryEffects::Read, MemoryEffects::Write>(
            instance.getEffect());
      });
    };
    for (Value operand : user->getOperands())
      if (aliases.contains(operand) && moves(operand))
        bytes = checkedAdd(bytes, getExtentBytes(operand, wholeBytes, layout))
                    .value_or(UINT64_MAX);
  }
  for (Operation *parent = user->getParentOp(); parent && parent != scope;
       parent = parent->getParentOp())
    if (auto loop = dyn_cast<LoopLikeOpInterface>(parent))
      if (std::optional<uint64_t> trips = getTripCount(loop))
        bytes = saturatingMul(bytes, *trips);
  return bytes;
}

} // namespace memplan
