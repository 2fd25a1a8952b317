//===- BufferLives.cpp - Where an overwrite begins a buffer anew ----------===//

#include "memplan/Analysis/BufferLives.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/RegionSemantics.h"
#include "memplan/Analysis/WholeWrites.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <optional>

using namespace mlir;

namespace memplan {

SmallVector<Operation *>
findRemadeViews(Value root, const BufferAliases &aliases, Block *block,
                llvm::SmallDenseSet<Value> &remadeValues) {
  // The aliases are in the order they were found, each after the one it
  // derives from.
  SmallVector<Operation *> views;
  for (Value alias : aliases.aliases) {
    auto view = alias.getDefiningOp<ViewLikeOpInterface>();
    if (!view || (block && view->getBlock() != block) ||
        view->getNumResults() != 1 || !isMemoryEffectFree(view) ||
        !(view.getViewSource() == root ||
          remadeValues.contains(view.getViewSource())))
      continue;
    remadeValues.insert(alias);
    views.push_back(view);
  }
  return views;
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

  // Views that a later life can make again from its own.
  llvm::SmallDenseSet<Value> remadeValues;
  SmallVector<Operation *> views =
      findRemadeViews(root, aliases, block, remadeValues);

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

  // Every user has a position from here on. The first access begins the
  // first life: views made before it access nothing.
  llvm::SmallPtrSet<Operation *, 4> viewSet(views.begin(), views.end());
  uint64_t firstUse = UINT64_MAX;
  for (Operation *user : aliases.users)
    if (!viewSet.contains(user))
      firstUse = std::min(firstUse, *position(user));
  // A life may begin where no alias made before is used after.
  auto mayBeginAt = [&](uint64_t at) {
    return at != firstUse &&
           llvm::none_of(aliasSpans, [&](std::pair<uint64_t, uint64_t> span) {
             return span.first < at && at <= span.second;
           });
  };
  auto byPosition = [&](Operation *a, Operation *b) {
    return *position(a) < *position(b);
  };
  SmallVector<Operation *> holders;
  for (Operation *user : aliases.users)
    holders.push_back(block->findAncestorOpInBlock(*user));
  llvm::sort(holders, byPosition);
  holders.erase(llvm::unique(holders), holders.end());
  // An op that writes the whole buffer before reading any begins a life; so
  // may a loop each iteration of which does, but for a use after it (below).
  WholeWrites wholeWrites(root, aliases, order);
  llvm::DenseMap<Operation *, IterationOverwrite> iterationOverwrites;
  SmallVector<Operation *> begins;
  for (Operation *holder : holders) {
    std::optional<IterationOverwrite> each;
    if (holdNestedUses.contains(holder) &&
        (each = wholeWrites.findIterationOverwrite(holder)))
      iterationOverwrites[holder] = *each;
    if ((each || wholeWrites.beginsAnew(holder)) &&
        mayBeginAt(*position(holder)))
      begins.push_back(holder);
  }
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
