//===- AsyncWork.cpp - How long asynchronous work uses a buffer -----------===//

#include "memplan/Analysis/AsyncWork.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

} // namespace memplan
