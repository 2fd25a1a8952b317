//===- BufferLives.cpp - Where an overwrite begins a buffer anew ----------===//

#include "memplan/Analysis/BufferLives.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

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

namespace {

/// Whether `op` runs its regions one after another, each to its end, before
/// it returns, and some of them again and again: scf.for, scf.while,
/// affine.for. Parallel loops and region ops that may run later are not.
bool isSequentialLoop(Operation *op) {
  return op->isRegistered() && isa<LoopLikeOpInterface>(op) &&
         isa<RegionBranchOpInterface>(op) && !mayRunRegionsConcurrently(op) &&
         !mayRunAfterReturning(op);
}

/// Whether every run of `loop` runs `body` at least once: a static trip
/// count above zero, or a region the loop always enters first (the `before`
/// region of scf.while).
bool entersAtLeastOnce(Operation *loop, Region &body) {
  if (std::optional<llvm::APInt> trips =
          cast<LoopLikeOpInterface>(loop).getStaticTripCount())
    return !trips->isZero();
  SmallVector<RegionSuccessor> successors;
  cast<RegionBranchOpInterface>(loop).getSuccessorRegions(
      RegionBranchPoint::parent(), successors);
  return successors.size() == 1 && successors.front().getSuccessor() == &body;
}

} // namespace

std::optional<IterationOverwrite>
findIterationOverwrite(Operation *loop, Value buffer,
                       const BufferAliases &aliases,
                       const ProgramOrder &order) {
  SmallVector<Operation *> users;
  for (Operation *user : aliases.users)
    if (loop->isAncestor(user))
      users.push_back(user);
  IterationOverwrite found;
  for (Operation *holder = loop; isSequentialLoop(holder);) {
    // One region of the loop, a body of one block, holds every use.
    Region *body = nullptr;
    for (Operation *user : users) {
      if (user == holder)
        return std::nullopt;
      Operation *child = user;
      while (child->getParentOp() != holder)
        child = child->getParentOp();
      Region *region = child->getParentRegion();
      if (body && region != body)
        return std::nullopt;
      body = region;
    }
    if (!body || !body->hasOneBlock() ||
        !cast<RegionBranchOpInterface>(holder).isRepetitiveRegion(
            body->getRegionNumber()))
      return std::nullopt;
    found.runsAtLeastOnce &= entersAtLeastOnce(holder, *body);
    Block &block = body->front();
    // The first op of the body to touch the buffer, and whether it is the
    // only one.
    Operation *first = nullptr;
    bool alone = true;
    uint64_t lastPoint = 0;
    for (Operation *user : users) {
      Operation *top = block.findAncestorOpInBlock(*user);
      lastPoint = std::max(lastPoint, order.getSpan(top).last);
      if (first && top != first)
        alone = false;
      if (!first || top->isBeforeInBlock(first))
        first = top;
    }
    bool nestedUse = llvm::any_of(users, [&](Operation *user) {
      return user != first && first->isAncestor(user);
    });
    if (!nestedUse && aliases.users.contains(first) &&
        overwritesWholeBuffer(first, buffer, aliases.aliases)) {
      found.overwrite = first;
      found.lastPoint = lastPoint;
      return found;
    }
    // Else the loop's iterations are those of a loop nested in the body,
    // when it alone touches the buffer.
    if (!alone)
      return std::nullopt;
    holder = first;
  }
  return std::nullopt;
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
  // A life may begin where no alias made before is used after.
  auto mayBeginAt = [&](uint64_t at) {
    return at != firstUse &&
           llvm::none_of(aliasSpans, [&](std::pair<uint64_t, uint64_t> span) {
             return span.first < at && at <= span.second;
           });
  };
  SmallVector<Operation *> begins;
  for (Operation *user : aliases.users) {
    if (user->getBlock() != block || holdNestedUses.contains(user) ||
        !overwritesWholeBuffer(user, root, aliases.aliases))
      continue;
    if (mayBeginAt(*position(user)))
      begins.push_back(user);
  }
  // So may a loop each iteration of which overwrites the buffer before it
  // touches it otherwise: it reads nothing from before it.
  llvm::DenseMap<Operation *, IterationOverwrite> iterationOverwrites;
  for (Operation *top : holdNestedUses) {
    std::optional<IterationOverwrite> found =
        findIterationOverwrite(top, root, aliases, order);
    if (!found)
      continue;
    iterationOverwrites[top] = *found;
    if (mayBeginAt(*position(top)))
      begins.push_back(top);
  }
  auto byPosition = [&](Operation *a, Operation *b) {
    return *position(a) < *position(b);
  };
  llvm::sort(begins, byPosition);
  SmallVector<Operation *> holders;
  for (Operation *user : aliases.users)
    holders.push_back(block->findAncestorOpInBlock(*user));
  llvm::sort(holders, byPosition);
  holders.erase(llvm::unique(holders), holders.end());
  // Unless it surely runs an iteration, such a loop leaves the value from
  // before it in place: a use after it, before the next life, may read that
  // value, and the loop begins no life.
  for (size_t index = begins.size(); index-- > 0;) {
    auto found = iterationOverwrites.find(begins[index]);
    if (found == iterationOverwrites.end() || found->second.runsAtLeastOnce)
      continue;
    uint64_t at = *position(begins[index]);
    uint64_t next =
        index + 1 < begins.size() ? *position(begins[index + 1]) : UINT64_MAX;
    if (llvm::any_of(holders, [&](Operation *holder) {
          uint64_t used = *position(holder);
          return at < used && used < next;
        }))
      begins.erase(begins.begin() + index);
  }

  SmallVector<BufferLife> lives(begins.size() + 1,
                                BufferLife{nullptr, UINT64_MAX, 0});
  for (auto [index, begin] : llvm::enumerate(begins))
    lives[index + 1].begin = begin;
  SmallVector<uint64_t> beginPositions = llvm::map_to_vector(
      begins, [&](Operation *begin) { return *position(begin); });
  // The life is the number of lives begun at or before the op.
  auto lifeOf = [&](uint64_t at) {
    return llvm::upper_bound(beginPositions, at) - beginPositions.begin();
  };
  for (Operation *user : aliases.users) {
    OrderSpan span = order.getSpan(block->findAncestorOpInBlock(*user));
    size_t life = lifeOf(span.first);
    lives[life].start = std::min(lives[life].start, span.first);
    lives[life].end = std::max(lives[life].end, span.last + 1);
  }

  // A life whose first access is such a loop is live in each iteration from
  // the overwrite to the iteration's last use, or on to the end of the life
  // if it goes on after the loop (when the loop surely runs, as above).
  // Views made before it access nothing.
  llvm::SmallPtrSet<Operation *, 4> viewSet(views.begin(), views.end());
  SmallVector<Operation *> firstAccess(lives.size(), nullptr);
  SmallVector<Operation *> lastHolder(lives.size(), nullptr);
  for (Operation *holder : holders) {
    size_t life = lifeOf(*position(holder));
    if (!firstAccess[life] && !viewSet.contains(holder))
      firstAccess[life] = holder;
    lastHolder[life] = holder;
  }
  bool narrowed = false;
  for (auto [life, loop] : llvm::enumerate(firstAccess)) {
    auto found =
        loop ? iterationOverwrites.find(loop) : iterationOverwrites.end();
    if (found == iterationOverwrites.end())
      continue;
    bool endsWithLoop = lastHolder[life] == loop;
    if (!endsWithLoop && !found->second.runsAtLeastOnce)
      continue;
    lives[life].iterationBegin = found->second.overwrite;
    lives[life].start = order.getSpan(found->second.overwrite).first;
    if (endsWithLoop)
      lives[life].end = found->second.lastPoint + 1;
    narrowed = true;
  }
  if (begins.empty() && !narrowed)
    return {};
  if (!begins.empty()) {
    llvm::sort(views, byPosition);
    remadeViews.assign(views.begin(), views.end());
  }
  return lives;
}

} // namespace memplan
