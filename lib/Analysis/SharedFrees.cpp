//===- SharedFrees.cpp - Frees of values that may be several buffers ------===//

#include "memplan/Analysis/SharedFrees.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace memplan {

namespace {

/// Adds what `op`, a region branch op, may forward into a value of `type`
/// (one of its results or region arguments): its own operands and those of
/// the terminators that leave its regions, of that type. More than the
/// exact forwarding, which only makes groups larger.
void addForwarded(Operation *op, Type type, llvm::SetVector<Value> &pending) {
  auto addOfType = [&](ValueRange values) {
    for (Value value : values)
      if (value.getType() == type)
        pending.insert(value);
  };
  addOfType(op->getOperands());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() &&
          isa<RegionBranchTerminatorOpInterface>(block.back()))
        addOfType(block.back().getOperands());
}

} // namespace

FreedSources findFreedSources(Value freed) {
  FreedSources sources;
  llvm::SetVector<Value> pending;
  pending.insert(freed);
  for (unsigned next = 0; next < pending.size() && !sources.other; ++next) {
    Value value = pending[next];
    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *op = result.getOwner();
      if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
        sources.allocations.push_back(op);
      } else if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
        pending.insert(view.getViewSource());
      } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
        pending.insert(select.getTrueValue());
        pending.insert(select.getFalseValue());
      } else if (isa<RegionBranchOpInterface>(op)) {
        addForwarded(op, value.getType(), pending);
      } else {
        sources.other = "the result of " + quoteOp(op);
      }
      continue;
    }

    auto argument = cast<BlockArgument>(value);
    Block *block = argument.getOwner();
    Operation *parent = block->getParentOp();
    if (block->isEntryBlock()) {
      if (isa<FunctionOpInterface>(parent))
        sources.other = "a function argument";
      else if (isa<RegionBranchOpInterface>(parent))
        addForwarded(parent, value.getType(), pending);
      else
        sources.other = "an argument of the region of " + quoteOp(parent);
      continue;
    }
    for (Block *predecessor : block->getPredecessors()) {
      auto branch = dyn_cast<BranchOpInterface>(predecessor->getTerminator());
      if (!branch) {
        sources.other = "a block argument from " +
                        quoteOp(predecessor->getTerminator());
        break;
      }
      for (unsigned index : llvm::seq(branch->getNumSuccessors())) {
        if (branch->getSuccessor(index) != block)
          continue;
        Value incoming =
            branch.getSuccessorOperands(index)[argument.getArgNumber()];
        if (!incoming) {
          sources.other = "a value made by " + quoteOp(branch);
          break;
        }
        pending.insert(incoming);
      }
    }
  }
  return sources;
}

void resolveSharedFrees(
    MutableArrayRef<FunctionBuffer> buffers,
    ArrayRef<llvm::SmallVector<OpOperand *>> sharedFrees) {
  llvm::DenseMap<Operation *, unsigned> bufferOf;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    bufferOf[buffer.alloc] = index;

  llvm::IntEqClasses groups(buffers.size());
  for (auto [index, frees] : llvm::enumerate(sharedFrees)) {
    for (OpOperand *free : frees) {
      FreedSources sources = findFreedSources(free->get());
      for (Operation *allocation : sources.allocations) {
        auto found = bufferOf.find(allocation);
        if (found != bufferOf.end())
          groups.join(index, found->second);
        else if (!sources.other)
          sources.other = "a buffer of " + quoteOp(allocation) +
                          " that memplan does not plan here";
      }
      if (sources.other && !buffers[index].leftAlone)
        buffers[index].leftAlone =
            LeftAlone{LeftAloneKind::FreedElsewhere,
                      "freed by " + quoteOp(free->getOwner()) +
                          " of a value that may also be " + *sources.other};
    }
  }
  groups.compress();

  // A free shared with a buffer that stays must stay: every buffer it may
  // free stays too.
  SmallVector<const FunctionBuffer *> stayingIn(groups.getNumClasses());
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.leftAlone && !stayingIn[groups[index]])
      stayingIn[groups[index]] = &buffer;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (buffer.leftAlone)
      continue;
    if (const FunctionBuffer *staying = stayingIn[groups[index]]) {
      buffer.leftAlone = LeftAlone{
          LeftAloneKind::FreedElsewhere,
          "shares a free with a buffer that is left alone: " +
              staying->leftAlone->message};
      continue;
    }
    llvm::append_range(buffer.frees, sharedFrees[index]);
  }
}

} // namespace memplan
