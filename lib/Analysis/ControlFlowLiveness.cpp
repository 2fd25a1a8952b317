//===- ControlFlowLiveness.cpp - Where a buffer lives in a CFG ------------===//

#include "memplan/Analysis/ControlFlowLiveness.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/SCCIterator.h"

#include <algorithm>
#include <climits>

using namespace mlir;

namespace memplan {

ControlFlowComponents::RegionComponents &
ControlFlowComponents::getComponents(Region *region) {
  auto [entry, inserted] = regions.try_emplace(region);
  RegionComponents &components = entry->second;
  if (!inserted)
    return components;
  // scc_begin gives the components successors first: count down.
  llvm::SmallVector<llvm::SmallVector<Block *>> order;
  for (auto scc = llvm::scc_begin(region); !scc.isAtEnd(); ++scc) {
    order.emplace_back(scc->begin(), scc->end());
    if (scc.hasCycle())
      components.onCycle.insert_range(*scc);
  }
  for (auto [position, scc] : llvm::enumerate(llvm::reverse(order)))
    for (Block *block : scc)
      components.topologicalIndex[block] = position;
  return components;
}

bool ControlFlowComponents::isOnCycle(Block *block) {
  return getComponents(block->getParent()).onCycle.contains(block);
}

std::optional<unsigned>
ControlFlowComponents::getTopologicalIndex(Block *block) {
  const auto &indices = getComponents(block->getParent()).topologicalIndex;
  auto found = indices.find(block);
  if (found == indices.end())
    return std::nullopt;
  return found->second;
}

namespace {

/// The uses of the buffer in one block, by their program points.
struct BlockUses {
  uint64_t first = UINT64_MAX;
  uint64_t last = 0;
};

/// The blocks reached by following `next` (successors or predecessors) from
/// `seeds`, not counting the seeds themselves unless reached again, among
/// the blocks `within` accepts. A path never goes on through `stop`.
template <typename NextFn, typename WithinFn>
llvm::DenseSet<Block *> reachFrom(llvm::ArrayRef<Block *> seeds, Block *stop,
                                  NextFn next, WithinFn within) {
  llvm::DenseSet<Block *> reached;
  llvm::SmallVector<Block *> worklist;
  auto visit = [&](Block *from) {
    for (Block *block : next(from))
      if (within(block) && reached.insert(block).second && block != stop)
        worklist.push_back(block);
  };
  for (Block *seed : seeds)
    visit(seed);
  while (!worklist.empty())
    visit(worklist.pop_back_val());
  return reached;
}

} // namespace

llvm::SmallVector<OrderSpan>
getLiveSpansInRegion(Operation *allocation, llvm::ArrayRef<Operation *> uses,
                     const ProgramOrder &order,
                     ControlFlowComponents &components) {
  llvm::SmallVector<OrderSpan> spans;
  if (uses.empty())
    return spans;
  llvm::DenseMap<Block *, BlockUses> usesByBlock;
  for (Operation *use : uses) {
    OrderSpan span = order.getSpan(use);
    BlockUses &inBlock = usesByBlock[use->getBlock()];
    inBlock.first = std::min(inBlock.first, span.first);
    inBlock.last = std::max(inBlock.last, span.last);
  }
  Block *allocBlock = allocation->getBlock();
  uint64_t allocPoint = order.getSpan(allocation).first;

  // A point is live when a path leads there from a use and on to a use, so
  // its block's component lies between the first and the last component
  // with a use: the searches below look no further, which keeps a function
  // of many blocks from costing blocks times buffers.
  llvm::SmallVector<Block *> useBlocks;
  unsigned firstComponent = UINT_MAX, lastComponent = 0;
  for (auto &entry : usesByBlock) {
    useBlocks.push_back(entry.first);
    if (std::optional<unsigned> index =
            components.getTopologicalIndex(entry.first)) {
      firstComponent = std::min(firstComponent, *index);
      lastComponent = std::max(lastComponent, *index);
    }
  }
  // A block the entry cannot reach never runs; searching through it anyway
  // only adds points.
  auto within = [&](Block *block) {
    std::optional<unsigned> index = components.getTopologicalIndex(block);
    return !index || (*index >= firstComponent && *index <= lastComponent);
  };

  // Every use comes after the allocation in its block, so control leaves
  // each block with a use holding data; it holds data when entering a block
  // reached from such an exit, unless the path passed the allocation. The
  // other way, control needs the data when it leaves a block from which a
  // use is reachable without passing the allocation; the allocation's own
  // block needs nothing on entry, since its uses follow the allocation.
  llvm::DenseSet<Block *> heldOnEntry = reachFrom(
      useBlocks, allocBlock,
      [](Block *block) { return block->getSuccessors(); }, within);
  llvm::SmallVector<Block *> needingBlocks;
  for (Block *block : useBlocks)
    if (block != allocBlock)
      needingBlocks.push_back(block);
  llvm::DenseSet<Block *> neededOnExit = reachFrom(
      needingBlocks, allocBlock,
      [](Block *block) { return block->getPredecessors(); }, within);

  // Only blocks with a use, or both held and needed, have live points.
  llvm::SmallVector<Block *> candidates(useBlocks);
  for (Block *block : heldOnEntry)
    if (neededOnExit.contains(block) && !usesByBlock.contains(block))
      candidates.push_back(block);
  for (Block *candidate : candidates) {
    Block &block = *candidate;
    uint64_t blockFirst = order.getSpan(&block.front()).first;
    uint64_t blockLast = order.getSpan(&block.back()).last;
    bool held = heldOnEntry.contains(&block);
    if (&block == allocBlock) {
      // Before the allocation the block holds the previous buffer, which
      // the allocation ends.
      held = false;
      blockFirst = allocPoint;
    }
    bool needed = neededOnExit.contains(&block);
    auto found = usesByBlock.find(&block);
    bool used = found != usesByBlock.end();
    OrderSpan span;
    if (held && needed) {
      span = {blockFirst, blockLast};
    } else if (used) {
      span = {held ? blockFirst : found->second.first,
              needed ? blockLast : found->second.last};
    } else {
      continue;
    }
    spans.push_back(span);
  }

  return mergeOrderSpans(std::move(spans));
}

llvm::SmallVector<OrderSpan>
mergeOrderSpans(llvm::SmallVector<OrderSpan> spans) {
  llvm::sort(spans, [](const OrderSpan &lhs, const OrderSpan &rhs) {
    return lhs.first < rhs.first;
  });
  llvm::SmallVector<OrderSpan> merged;
  for (const OrderSpan &span : spans) {
    if (!merged.empty() && span.first <= merged.back().last + 1)
      merged.back().last = std::max(merged.back().last, span.last);
    else
      merged.push_back(span);
  }
  return merged;
}

} // namespace memplan
