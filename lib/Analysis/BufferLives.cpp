//===- BufferLives.cpp - Where an overwrite begins a buffer anew ----------===//

#include "memplan/Analysis/BufferLives.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <optional>

using namespace mlir;

namespace memplan {

bool overwritesWholeBuffer(Operation *op, Value buffer,
                           const llvm::SetVector<Value> &aliases) {
  OpOperand *written = nullptr;
  // No other operand may reach the buffer: the op would read what it writes.
  auto writesOnlyThere = [&] {
    return llvm::none_of(op->getOpOperands(), [&](OpOperand &operand) {
      return &operand != written && aliases.contains(operand.get());
    });
  };
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    // Source and target have one shape: the copy writes every element.
    if (copy.getTarget() != buffer)
      return false;
    written = &copy.getTargetMutable();
    return writesOnlyThere();
  }
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    // A fill stores its scalar in every element of its output: the general
    // test below, without building the indexing maps of a named op.
    written = &op->getOpOperand(fill.getOutputs().getBeginOperandIndex());
    return written->get() == buffer && fill.hasPureBufferSemantics() &&
           writesOnlyThere();
  }
  auto structured = dyn_cast<linalg::LinalgOp>(op);
  if (!structured)
    return false;
  // Parallel loops over a permutation of the init's dimensions visit each
  // of its elements once; a body that does not read the init writes it.
  // The cheap tests first: a named op builds the segment sizes of its
  // operands as an attribute to say which are inits, and its indexing maps,
  // when asked. The buffer must be one operand, whose payload argument goes
  // unread (an input's seldom does) before it is asked whether that is an
  // init.
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.get() != buffer)
      continue;
    if (written)
      return false;
    written = &operand;
  }
  // Whether the body reads the buffer's element is asked of its block
  // argument: upstream's payloadUsesValueFromOperand says a linalg.map never
  // reads its init, although MLIR 22 hands the map's body the init's
  // element. A map's loops are all parallel and its maps the identity, by
  // its definition: they are not built.
  return written && structured.getMatchingBlockArgument(written).use_empty() &&
         structured.hasPureBufferSemantics() && writesOnlyThere() &&
         structured.isDpsInit(written) &&
         (isa<linalg::MapOp>(op) ||
          (structured.isAllParallelLoops() &&
           structured.getMatchingIndexingMap(written).isPermutation()));
}

SmallVector<BufferLife>
findBufferLives(Operation *alloc, const BufferAliases &aliases,
                const ProgramOrder &order,
                SmallVectorImpl<Operation *> &remadeViews) {
  Block *block = alloc->getBlock();
  Value root = alloc->getResult(0);
  // Ops at the top level of the block are numbered in order by their first
  // point; an op outside the block has none.
  auto position = [&](Operation *op) -> std::optional<uint64_t> {
    Operation *top = block->findAncestorOpInBlock(*op);
    if (!top)
      return std::nullopt;
    return order.getSpan(top).first;
  };

  // Top-level ops with a use nested in them: they read what they find.
  llvm::DenseSet<Operation *> holdNestedUses;
  for (Operation *user : aliases.users) {
    if (isa<bufferization::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(
            user))
      return {};
    Operation *top = block->findAncestorOpInBlock(*user);
    if (!top)
      return {};
    for (Operation *op = user;; op = op->getParentOp()) {
      if (startsAsynchronousWork(op) || startsDmaTransfer(op) ||
          mayRunAfterReturning(op))
        return {};
      if (op == top)
        break;
    }
    if (top != user)
      holdNestedUses.insert(top);
  }

  // Views that a later life can make again from its own: the aliases are
  // in the order they were found, each after the one it derives from.
  llvm::SmallDenseSet<Value> remadeValues;
  SmallVector<Operation *> views;
  for (Value alias : aliases.aliases) {
    auto view = alias.getDefiningOp<ViewLikeOpInterface>();
    if (!view || view->getBlock() != block || view->getNumResults() != 1 ||
        !isMemoryEffectFree(view) ||
        !(view.getViewSource() == root ||
          remadeValues.contains(view.getViewSource())))
      continue;
    remadeValues.insert(alias);
    views.push_back(view);
  }

  // Any other alias made in one life and used in the next would see the
  // wrong one: no life may begin within (made, last used].
  SmallVector<std::pair<uint64_t, uint64_t>> aliasSpans;
  for (Value alias : aliases.aliases) {
    if (alias == root || remadeValues.contains(alias))
      continue;
    // A block argument is made by the op whose region holds it; one of the
    // block's own arguments has no maker in the block.
    Operation *maker = alias.getDefiningOp();
    if (!maker)
      maker = alias.getParentBlock()->getParentOp();
    std::optional<uint64_t> made =
        maker ? position(maker) : std::optional<uint64_t>();
    if (!made)
      return {};
    uint64_t lastUsed = *made;
    for (Operation *owner : alias.getUsers()) {
      std::optional<uint64_t> used = position(owner);
      if (!used)
        return {};
      lastUsed = std::max(lastUsed, *used);
    }
    aliasSpans.push_back({*made, lastUsed});
  }
  for (Operation *owner : root.getUsers())
    if (!position(owner))
      return {};

  // Every user has a position from here on.
  uint64_t firstUse = UINT64_MAX;
  for (Operation *user : aliases.users)
    firstUse = std::min(firstUse, *position(user));
  SmallVector<Operation *> begins;
  for (Operation *user : aliases.users) {
    if (user->getBlock() != block || holdNestedUses.contains(user) ||
        !overwritesWholeBuffer(user, root, aliases.aliases))
      continue;
    uint64_t at = *position(user);
    if (at == firstUse ||
        llvm::any_of(aliasSpans, [&](std::pair<uint64_t, uint64_t> span) {
          return span.first < at && at <= span.second;
        }))
      continue;
    begins.push_back(user);
  }
  if (begins.empty())
    return {};
  llvm::sort(begins, [&](Operation *a, Operation *b) {
    return *position(a) < *position(b);
  });
  llvm::sort(views, [&](Operation *a, Operation *b) {
    return *position(a) < *position(b);
  });
  remadeViews.assign(views.begin(), views.end());

  SmallVector<BufferLife> lives(begins.size() + 1,
                                BufferLife{nullptr, UINT64_MAX, 0});
  for (auto [index, begin] : llvm::enumerate(begins))
    lives[index + 1].begin = begin;
  SmallVector<uint64_t> beginPositions = llvm::map_to_vector(
      begins, [&](Operation *begin) { return *position(begin); });
  for (Operation *user : aliases.users) {
    OrderSpan span = order.getSpan(block->findAncestorOpInBlock(*user));
    // The life is the number of overwrites at or before the use.
    size_t life =
        llvm::upper_bound(beginPositions, span.first) - beginPositions.begin();
    lives[life].start = std::min(lives[life].start, span.first);
    lives[life].end = std::max(lives[life].end, span.last + 1);
  }
  return lives;
}

} // namespace memplan
