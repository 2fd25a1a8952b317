//===- AsyncWork.cpp - How long asynchronous work uses a buffer -----------===//

#include "memplan/Analysis/AsyncWork.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memplan {

namespace {

/// Waits that block the host until their tokens' work is done.
bool isBlockingWait(Operation *op) {
  if (auto wait = dyn_cast<gpu::WaitOp>(op))
    return !wait.getAsyncToken();
  return isa<async::AwaitOp>(op);
}

/// Whether `wait` runs after `asyncOp` whenever `asyncOp` runs: it is later
/// in the block of `asyncOp` or of an op that encloses it.
bool alwaysWaitsAfter(Operation *wait, Operation *asyncOp) {
  Operation *enclosing = wait->getBlock()->findAncestorOpInBlock(*asyncOp);
  return enclosing && enclosing->isBeforeInBlock(wait);
}

/// Ops that pass the work of their token operands on to their own tokens:
/// further asynchronous ops of the GPU and async dialects.
bool passesTokensOn(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  return (dialect == "gpu" || dialect == "async") &&
         !op->hasTrait<OpTrait::IsTerminator>() &&
         !isa<async::AddToGroupOp>(op);
}

/// The tag element a DMA start or wait names: its memref, and the indices
/// into it (affine ops apply a map to their operands first; the memref
/// dialect's are the identity).
struct DmaTagElement {
  Value memref;
  AffineMap map;
  OperandRange operands;
};

std::optional<DmaTagElement> getDmaTagElement(Operation *op) {
  if (auto start = dyn_cast<affine::AffineDmaStartOp>(op))
    return DmaTagElement{start.getTagMemRef(), start.getTagMap(),
                         start.getTagIndices()};
  if (auto wait = dyn_cast<affine::AffineDmaWaitOp>(op))
    return DmaTagElement{wait.getTagMemRef(), wait.getTagMap(),
                         wait.getTagIndices()};
  if (auto start = dyn_cast<memref::DmaStartOp>(op))
    return DmaTagElement{start.getTagMemRef(), AffineMap(),
                         start.getTagIndices()};
  if (auto wait = dyn_cast<memref::DmaWaitOp>(op))
    return DmaTagElement{wait.getTagMemRef(), AffineMap(),
                         wait.getTagIndices()};
  return std::nullopt;
}

/// Whether two operands are certainly the same index: one value, or equal
/// constants.
bool isSameIndex(Value lhs, Value rhs) {
  if (lhs == rhs)
    return true;
  std::optional<int64_t> lhsConstant = getConstantIntValue(lhs);
  return lhsConstant && lhsConstant == getConstantIntValue(rhs);
}

/// Whether `lhs` and `rhs` certainly name the same element of one tag
/// memref: anything else may be another transfer's.
bool isSameTagElement(const DmaTagElement &lhs, const DmaTagElement &rhs) {
  return lhs.memref == rhs.memref && lhs.map == rhs.map &&
         lhs.operands.size() == rhs.operands.size() &&
         llvm::all_of_zip(lhs.operands, rhs.operands, isSameIndex);
}

} // namespace

bool isAsyncToken(Type type) {
  return isa<gpu::AsyncTokenType, async::TokenType, async::ValueType>(type);
}

bool startsAsynchronousWork(Operation *op) {
  return llvm::any_of(op->getResultTypes(), isAsyncToken);
}

std::optional<LeftAlone>
addUsesUntilWaited(Operation *asyncOp, llvm::SetVector<Operation *> &users) {
  llvm::SetVector<Operation *> reached;
  reached.insert(asyncOp);
  bool waited = false;
  for (unsigned next = 0; next < reached.size(); ++next) {
    Operation *op = reached[next];
    for (Value result : op->getResults()) {
      if (!isAsyncToken(result.getType()))
        continue;
      for (Operation *user : result.getUsers()) {
        if (isBlockingWait(user)) {
          waited |= alwaysWaitsAfter(user, asyncOp);
          reached.insert(user);
          continue;
        }
        if (!passesTokensOn(user))
          return LeftAlone{LeftAloneKind::Captured,
                           "used by asynchronous work (" + quoteOp(asyncOp) +
                               ") whose token reaches " + quoteOp(user) +
                               ", which memplan does not follow"};
        reached.insert(user);
      }
    }
  }
  if (!waited)
    return LeftAlone{LeftAloneKind::Captured,
                     "used by asynchronous work (" + quoteOp(asyncOp) +
                         ") that the function is not certain to wait for"};
  users.insert(reached.begin(), reached.end());
  return std::nullopt;
}

bool startsDmaTransfer(Operation *op) {
  return isa<affine::AffineDmaStartOp, memref::DmaStartOp>(op);
}

bool waitsForDmaTransfer(Operation *op) {
  return isa<affine::AffineDmaWaitOp, memref::DmaWaitOp>(op);
}

bool startsUnfollowedCopy(Operation *op) {
  // By name: memplan does not link the NVGPU dialect for two ops.
  return llvm::is_contained({"nvgpu.tma.async.load", "nvgpu.tma.async.store"},
                            op->getName().getStringRef());
}

std::optional<LeftAlone>
addUsesUntilDmaWaited(Operation *dmaStart, Block *bufferBlock,
                      llvm::SetVector<Operation *> &users) {
  std::optional<DmaTagElement> started = getDmaTagElement(dmaStart);
  assert(started && "a DMA start names a tag element");
  // Which wait ends this transfer is known only at run time: every wait on
  // the tag memref may, and one on the start's own element must follow it.
  bool waited = false, waitedOutside = false;
  for (Operation *user : started->memref.getUsers()) {
    if (!waitsForDmaTransfer(user))
      continue;
    users.insert(user);
    if (!alwaysWaitsAfter(user, dmaStart) ||
        !isSameTagElement(*getDmaTagElement(user), *started))
      continue;
    bool inside = bufferBlock->findAncestorOpInBlock(*user);
    waited |= inside;
    waitedOutside |= !inside;
  }
  if (waited)
    return std::nullopt;
  if (waitedOutside)
    return LeftAlone{LeftAloneKind::Captured,
                     "copied by a DMA transfer (" + quoteOp(dmaStart) +
                         ") waited for only outside the region that "
                         "allocates it, which may allocate it again first"};
  return LeftAlone{LeftAloneKind::Captured,
                   "copied by a DMA transfer (" + quoteOp(dmaStart) +
                       ") that the function is not certain to wait for on "
                       "its tag"};
}

} // namespace memplan
