//===- ControlFlowLives.cpp - Lives of a buffer in a CFG ------------------===//

#include "memplan/Analysis/ControlFlowLives.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/BufferLives.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace mlir;

namespace memplan {

namespace {

/// An op of the region that touches the buffer: the allocation or an op
/// writing it whole (each a definition of its content), a store of a loop
/// nest of blocks writing it whole (which reads nothing; the nest's entry
/// is the definition), or any other use.
struct Touch {
  Operation *op;
  OrderSpan span;
  /// The definition's index for the allocation and whole writes.
  std::optional<unsigned> definition;
  bool writesOnly = false;
};

/// A loop of blocks counting from 0 by 1 to a constant, as
/// -convert-scf-to-cf lowers scf.for: its header takes the induction
/// variable first and enters `body` while it is below the bound, else
/// `exit`; of its two predecessors, `entry` passes 0 and the latch passes
/// the variable plus 1.
struct BlockLoop {
  Block *header = nullptr;
  Block *body = nullptr;
  Block *exit = nullptr;
  Block *latch = nullptr;
  cf::BranchOp entry;
  int64_t trips = 0;
};

std::optional<BlockLoop> matchBlockLoop(Value variable) {
  auto argument = dyn_cast<BlockArgument>(variable);
  if (!argument || argument.getArgNumber() != 0)
    return std::nullopt;
  BlockLoop loop;
  loop.header = argument.getOwner();
  auto branch = dyn_cast<cf::CondBranchOp>(loop.header->getTerminator());
  if (!branch)
    return std::nullopt;
  auto compare = branch.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getLhs() != argument ||
      (compare.getPredicate() != arith::CmpIPredicate::slt &&
       compare.getPredicate() != arith::CmpIPredicate::ult))
    return std::nullopt;
  std::optional<int64_t> bound = getConstantIntValue(compare.getRhs());
  if (!bound || *bound < 1)
    return std::nullopt;
  loop.trips = *bound;
  loop.body = branch.getTrueDest();
  loop.exit = branch.getFalseDest();
  if (loop.body == loop.header || loop.exit == loop.header ||
      loop.body == loop.exit)
    return std::nullopt;
  SmallVector<Block *> predecessors(loop.header->getPredecessors());
  llvm::sort(predecessors);
  predecessors.erase(llvm::unique(predecessors), predecessors.end());
  if (predecessors.size() != 2)
    return std::nullopt;
  for (Block *predecessor : predecessors) {
    auto jump = dyn_cast<cf::BranchOp>(predecessor->getTerminator());
    if (!jump || jump.getDest() != loop.header ||
        jump.getDestOperands().empty())
      return std::nullopt;
    Value passed = jump.getDestOperands().front();
    if (isConstantIntValue(passed, 0)) {
      loop.entry = jump;
      continue;
    }
    auto next = passed.getDefiningOp<arith::AddIOp>();
    if (!next || next.getLhs() != argument ||
        !isConstantIntValue(next.getRhs(), 1))
      return std::nullopt;
    loop.latch = predecessor;
  }
  if (!loop.entry || !loop.latch)
    return std::nullopt;
  return loop;
}

/// When `op` is a store of a nest of such loops that stores every element
/// of the buffer once, each loop's body running the next loop (or, the
/// innermost, the store) unconditionally, and nothing else in the nest's
/// blocks touches the buffer or allocates it (`alloc`): the branch that
/// enters the nest. A loop nest
/// that -convert-linalg-to-loops and -convert-scf-to-cf make of a fill or
/// an elementwise op is one.
cf::BranchOp getStoreNestEntry(Operation *op, Operation *alloc,
                               const WholeWrites &wholeWrites,
                               const llvm::SetVector<Operation *> &lifted) {
  auto store = dyn_cast<memref::StoreOp>(op);
  if (!store || !wholeWrites.coversWholeBuffer(store.getMemRef()))
    return {};
  MemRefType type = store.getMemRefType();
  if (!type.hasStaticShape() ||
      static_cast<int64_t>(store.getIndices().size()) != type.getRank())
    return {};
  // The loops of the indices, innermost first: each inner loop is entered
  // from the body of the one around it and leaves to its latch.
  llvm::SmallDenseMap<Value, BlockLoop> loopOf;
  for (Value index : store.getIndices()) {
    std::optional<BlockLoop> loop = matchBlockLoop(index);
    if (!loop || !loopOf.try_emplace(index, *loop).second)
      return {};
  }
  SmallVector<BlockLoop> nest;
  for (auto &entry : loopOf)
    if (entry.second.body == store->getBlock() &&
        entry.second.latch == store->getBlock())
      nest.push_back(entry.second);
  if (nest.size() != 1)
    return {};
  while (nest.size() < loopOf.size()) {
    const BlockLoop &inner = nest.back();
    Block *around = inner.entry->getBlock();
    const BlockLoop *outer = nullptr;
    for (auto &entry : loopOf)
      if (entry.second.body == around && entry.second.latch == inner.exit &&
          inner.exit->getSinglePredecessor() == inner.header)
        outer = &entry.second;
    if (!outer)
      return {};
    nest.push_back(*outer);
  }
  // Each dimension indexed by a loop over its whole extent.
  for (auto [index, extent] :
       llvm::zip_equal(store.getIndices(), type.getShape()))
    if (loopOf.lookup(index).trips != extent)
      return {};
  llvm::SmallPtrSet<Block *, 8> blocks;
  for (const BlockLoop &loop : nest)
    for (Block *block : {loop.header, loop.body, loop.latch})
      blocks.insert(block);
  // Nothing else in the nest touches the buffer, nor makes it anew.
  if (blocks.contains(alloc->getBlock()))
    return {};
  for (Operation *other : lifted)
    if (other != op && blocks.contains(other->getBlock()))
      return {};
  return nest.back().entry;
}

} // namespace

std::optional<SmallVector<ControlFlowLife>>
findControlFlowLives(Operation *alloc, Region *region,
                     const BufferAliases &aliases, const ProgramOrder &order,
                     ControlFlowComponents &components,
                     SmallVectorImpl<Operation *> &remadeViews) {
  if (alloc->getParentRegion() != region)
    return std::nullopt;
  // As in one block: no use that runs later or takes the address.
  for (Operation *user : aliases.users) {
    if (isa<bufferization::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(
            user))
      return std::nullopt;
    for (Operation *op = user;; op = op->getParentOp()) {
      if (startsAsynchronousWork(op) || startsDmaTransfer(op) ||
          mayRunAfterReturning(op))
        return std::nullopt;
      if (op->getParentRegion() == region)
        break;
    }
  }

  // The ops of the region that touch the buffer, by block in order; the
  // definitions first the allocation, then the whole writes.
  Value root = alloc->getResult(0);
  WholeWrites wholeWrites(root, aliases, order);
  // Views each life can make again, wherever they are; making one accesses
  // nothing.
  llvm::SmallDenseSet<Value> remadeValues;
  SmallVector<Operation *> views =
      findRemadeViews(root, aliases, /*block=*/nullptr, remadeValues);
  llvm::SmallPtrSet<Operation *, 8> viewOps(views.begin(), views.end());
  llvm::SetVector<Operation *> lifted;
  for (Operation *user : aliases.users)
    if (!viewOps.contains(user) || user->getParentRegion() != region)
      lifted.insert(region->findAncestorOpInRegion(*user));
  if (lifted.contains(alloc))
    return std::nullopt;
  SmallVector<Operation *> definitions{alloc};
  llvm::DenseMap<Block *, SmallVector<Touch>> touches;
  touches[alloc->getBlock()].push_back({alloc, order.getSpan(alloc), 0u});
  for (Operation *op : lifted) {
    std::optional<unsigned> definition;
    bool writesOnly = false;
    if (wholeWrites.beginsAnew(op)) {
      definition = definitions.size();
      definitions.push_back(op);
    } else if (cf::BranchOp entry =
                   getStoreNestEntry(op, alloc, wholeWrites, lifted)) {
      // The nest's content begins where control enters it.
      touches[entry->getBlock()].push_back(
          {entry, order.getSpan(entry),
           static_cast<unsigned>(definitions.size())});
      definitions.push_back(op);
      writesOnly = true;
    }
    touches[op->getBlock()].push_back(
        {op, order.getSpan(op), definition, writesOnly});
  }
  if (definitions.size() == 1)
    return std::nullopt;
  for (auto &entry : touches)
    llvm::sort(entry.second, [](const Touch &lhs, const Touch &rhs) {
      return lhs.span.first < rhs.span.first;
    });

  // Content can flow from the allocation to a use only through blocks whose
  // component lies between theirs (ControlFlowLiveness.h).
  std::optional<unsigned> firstComponent =
      components.getTopologicalIndex(alloc->getBlock());
  if (!firstComponent)
    return std::nullopt;
  unsigned lastComponent = *firstComponent;
  for (auto &entry : touches)
    if (std::optional<unsigned> index =
            components.getTopologicalIndex(entry.first))
      lastComponent = std::max(lastComponent, *index);
  SmallVector<std::pair<unsigned, Block *>> ranked;
  for (Block &block : *region)
    if (std::optional<unsigned> index = components.getTopologicalIndex(&block))
      if (*index >= *firstComponent && *index <= lastComponent)
        ranked.push_back({*index, &block});
  llvm::stable_sort(ranked, [](const auto &lhs, const auto &rhs) {
    return lhs.first < rhs.first;
  });
  SmallVector<Block *> blocks = llvm::map_to_vector(
      ranked, [](const auto &entry) { return entry.second; });
  llvm::DenseMap<Block *, unsigned> blockIndex;
  for (auto [index, block] : llvm::enumerate(blocks))
    blockIndex[block] = index;
  auto touchesOf = [&](Block *block) -> ArrayRef<Touch> {
    auto found = touches.find(block);
    return found == touches.end() ? ArrayRef<Touch>() : found->second;
  };

  // Which definitions reach each block's entry (forward), and whether the
  // content is read later on some path from its exit (backward).
  unsigned count = definitions.size();
  SmallVector<llvm::BitVector> reachIn(blocks.size(), llvm::BitVector(count));
  SmallVector<llvm::BitVector> reachOut(blocks.size(), llvm::BitVector(count));
  for (bool changed = true; changed;) {
    changed = false;
    for (auto [index, block] : llvm::enumerate(blocks)) {
      llvm::BitVector state(count);
      for (Block *predecessor : block->getPredecessors()) {
        auto found = blockIndex.find(predecessor);
        if (found != blockIndex.end())
          state |= reachOut[found->second];
      }
      reachIn[index] = state;
      for (const Touch &touch : touchesOf(block))
        if (touch.definition) {
          state.reset();
          state.set(*touch.definition);
        }
      if (state != reachOut[index]) {
        reachOut[index] = std::move(state);
        changed = true;
      }
    }
  }
  SmallVector<char> readIn(blocks.size(), false), readOut(blocks.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t index = blocks.size(); index-- > 0;) {
      Block *block = blocks[index];
      bool read = false;
      for (Block *successor : block->getSuccessors()) {
        auto found = blockIndex.find(successor);
        read |= found != blockIndex.end() && readIn[found->second];
      }
      readOut[index] = read;
      for (const Touch &touch : llvm::reverse(touchesOf(block)))
        if (!touch.writesOnly)
          read = !touch.definition;
      if (read != static_cast<bool>(readIn[index])) {
        readIn[index] = read;
        changed = true;
      }
    }
  }

  // The definitions that reach a common read are one life.
  llvm::IntEqClasses lives(count);
  for (auto [index, block] : llvm::enumerate(blocks)) {
    llvm::BitVector state = reachIn[index];
    for (const Touch &touch : touchesOf(block)) {
      if (touch.definition) {
        state.reset();
        state.set(*touch.definition);
        continue;
      }
      // Every use is dominated by the allocation: something reaches it.
      if (state.none())
        return std::nullopt;
      if (touch.writesOnly)
        continue;
      for (unsigned definition : state.set_bits())
        lives.join(state.find_first(), definition);
    }
  }
  lives.compress();

  // Each life's points: its ops', and the gaps between touches where the
  // content one of its definitions left is read later.
  SmallVector<SmallVector<OrderSpan>> spansOf(lives.getNumClasses());
  SmallVector<SmallVector<Operation *>> opsOf(lives.getNumClasses());
  llvm::DenseMap<Operation *, unsigned> lifeOfOp;
  for (auto [index, block] : llvm::enumerate(blocks)) {
    ArrayRef<Touch> inBlock = touchesOf(block);
    // Whether the content is read later, in the gap before each touch.
    SmallVector<char> readBefore(inBlock.size() + 1, readOut[index]);
    for (size_t position = inBlock.size(); position-- > 0;)
      readBefore[position] =
          inBlock[position].writesOnly
              ? readBefore[position + 1]
              : static_cast<char>(!inBlock[position].definition);
    llvm::BitVector state = reachIn[index];
    uint64_t gapFirst = order.getSpan(&block->front()).first;
    for (size_t position = 0; position <= inBlock.size(); ++position) {
      bool atEnd = position == inBlock.size();
      uint64_t gapEnd = atEnd ? order.getSpan(&block->back()).last + 1
                              : inBlock[position].span.first;
      bool read = readBefore[position];
      if (read && gapFirst < gapEnd) {
        if (state.none())
          return std::nullopt;
        spansOf[lives[state.find_first()]].push_back({gapFirst, gapEnd - 1});
      }
      if (atEnd)
        break;
      const Touch &touch = inBlock[position];
      if (touch.definition) {
        state.reset();
        state.set(*touch.definition);
      }
      gapFirst = touch.span.last + 1;
      if (touch.op == alloc)
        continue;
      unsigned life = lives[state.find_first()];
      spansOf[life].push_back(touch.span);
      opsOf[life].push_back(touch.op);
      lifeOfOp[touch.op] = life;
    }
  }

  // An alias must be made and used in one life; else the lives are one.
  bool oneLife = false;
  for (Value alias : aliases.aliases) {
    if (alias == root || remadeValues.contains(alias))
      continue;
    Operation *maker = alias.getDefiningOp();
    auto made = maker ? lifeOfOp.find(region->findAncestorOpInRegion(*maker))
                      : lifeOfOp.end();
    if (made == lifeOfOp.end()) {
      oneLife = true;
      break;
    }
    for (Operation *user : alias.getUsers()) {
      auto used = lifeOfOp.find(region->findAncestorOpInRegion(*user));
      if (used == lifeOfOp.end() || used->second != made->second) {
        oneLife = true;
        break;
      }
    }
    if (oneLife)
      break;
  }

  SmallVector<ControlFlowLife> result;
  if (!oneLife)
    remadeViews.assign(views.begin(), views.end());
  if (oneLife) {
    ControlFlowLife &all = result.emplace_back();
    SmallVector<OrderSpan> spans;
    for (auto [lifeSpans, lifeOps] : llvm::zip_equal(spansOf, opsOf)) {
      spans.append(lifeSpans);
      all.ops.append(lifeOps);
    }
    all.spans = mergeOrderSpans(std::move(spans));
    llvm::sort(all.ops);
    return result;
  }
  for (auto [life, lifeSpans, lifeOps] : llvm::enumerate(spansOf, opsOf)) {
    if (lifeOps.empty())
      continue;
    ControlFlowLife &one = result.emplace_back();
    one.spans = mergeOrderSpans(std::move(lifeSpans));
    one.ops = std::move(lifeOps);
    llvm::sort(one.ops);
    for (auto [index, definition] : llvm::enumerate(definitions))
      if (index && lives[index] == life &&
          (!one.overwrite || order.getSpan(definition).first <
                                 order.getSpan(one.overwrite).first))
        one.overwrite = definition;
  }
  llvm::sort(result,
             [](const ControlFlowLife &lhs, const ControlFlowLife &rhs) {
               return lhs.spans.front().first < rhs.spans.front().first;
             });
  return result;
}

} // namespace memplan
