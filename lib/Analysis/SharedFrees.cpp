//===- SharedFrees.cpp - Frees of values that may be several buffers ------===//

#include "memplan/Analysis/SharedFrees.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
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

/// Adds what `op`, a region branch op other than scf.if and scf.for, may
/// forward into a value of `type` (one of its results or region
/// arguments): its own operands and those of the terminators that leave its
/// regions, of that type, under unknown conditions. More than the exact
/// forwarding, which only makes groups larger.
void addForwarded(Operation *op, Type type,
                  llvm::SetVector<std::pair<Value, Value>> &pending) {
  auto addOfType = [&](ValueRange values) {
    for (Value value : values)
      if (value.getType() == type)
        pending.insert({value, Value()});
  };
  addOfType(op->getOperands());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() &&
          isa<RegionBranchTerminatorOpInterface>(block.back()))
        addOfType(block.back().getOperands());
}

/// For a value scf.if or scf.for forwards (a result, or an iter arg of the
/// body), sets `position` to its place among the forwarded values and
/// returns what each way in forwards, position by position: the yields of
/// both branches, or the initial values and the body's yield. Empty for
/// anything else.
SmallVector<ValueRange, 2> getForwardedLists(Value value, unsigned &position) {
  if (auto result = dyn_cast<OpResult>(value)) {
    position = result.getResultNumber();
    if (auto ifOp = dyn_cast<scf::IfOp>(result.getOwner()))
      return {ifOp.thenYield().getOperands(), ifOp.elseYield().getOperands()};
    if (auto forOp = dyn_cast<scf::ForOp>(result.getOwner()))
      return {forOp.getInitArgs(), forOp.getYieldedValues()};
    return {};
  }
  auto argument = cast<BlockArgument>(value);
  auto forOp = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
  if (!forOp || argument.getOwner() != forOp.getBody() ||
      argument.getArgNumber() == 0)
    return {};
  position = argument.getArgNumber() - 1;
  return {forOp.getInitArgs(), forOp.getYieldedValues()};
}

/// Whether `condition` is forwarded along with `value`: both results of one
/// op, or both arguments of one block.
bool isForwardedAlong(Value condition, Value value) {
  if (!condition)
    return false;
  if (auto result = dyn_cast<OpResult>(value))
    return condition.getDefiningOp() == result.getOwner();
  auto argument = dyn_cast<BlockArgument>(condition);
  return argument &&
         argument.getOwner() == cast<BlockArgument>(value).getOwner();
}

} // namespace

FreedSources findFreedSources(Value freed, Value condition) {
  FreedSources sources;
  // Each value that may arrive, with the condition under which the free
  // then runs, null when unknown. Ownership-based deallocation forwards an
  // i1 next to each memref: a way in whose condition is `false` (a loop's
  // first value, which the loop does not own) frees nothing.
  llvm::SetVector<std::pair<Value, Value>> pending;
  pending.insert({freed, condition});
  for (unsigned next = 0; next < pending.size(); ++next) {
    auto [value, runsIf] = pending[next];
    if (runsIf && matchPattern(runsIf, m_Zero()))
      continue;

    unsigned position = 0;
    SmallVector<ValueRange, 2> forwarded = getForwardedLists(value, position);
    if (!forwarded.empty()) {
      unsigned conditionPosition = 0;
      bool paired = isForwardedAlong(runsIf, value) &&
                    !getForwardedLists(runsIf, conditionPosition).empty();
      for (ValueRange list : forwarded)
        pending.insert(
            {list[position], paired ? list[conditionPosition] : Value()});
      continue;
    }

    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *op = result.getOwner();
      if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
        sources.allocations.push_back(op);
      } else if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
        pending.insert({view.getViewSource(), runsIf});
      } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
        pending.insert({select.getTrueValue(), runsIf});
        pending.insert({select.getFalseValue(), runsIf});
      } else if (isa<RegionBranchOpInterface>(op)) {
        addForwarded(op, value.getType(), pending);
      } else {
        sources.other = sources.other.value_or("the result of " + quoteOp(op));
      }
      continue;
    }

    auto argument = cast<BlockArgument>(value);
    Block *block = argument.getOwner();
    Operation *parent = block->getParentOp();
    if (block->isEntryBlock()) {
      if (isa<FunctionOpInterface>(parent))
        sources.other = sources.other.value_or("a function argument");
      else if (isa<RegionBranchOpInterface>(parent))
        addForwarded(parent, value.getType(), pending);
      else
        sources.other = sources.other.value_or("an argument of the region of " +
                                               quoteOp(parent));
      continue;
    }
    bool paired = isForwardedAlong(runsIf, value);
    for (Block *predecessor : block->getPredecessors()) {
      auto branch = dyn_cast<BranchOpInterface>(predecessor->getTerminator());
      if (!branch) {
        sources.other = sources.other.value_or(
            "a block argument from " + quoteOp(predecessor->getTerminator()));
        continue;
      }
      for (unsigned index : llvm::seq(branch->getNumSuccessors())) {
        if (branch->getSuccessor(index) != block)
          continue;
        SuccessorOperands operands = branch.getSuccessorOperands(index);
        Value incoming = operands[argument.getArgNumber()];
        if (!incoming) {
          sources.other =
              sources.other.value_or("a value made by " + quoteOp(branch));
          continue;
        }
        pending.insert(
            {incoming,
             paired ? operands[cast<BlockArgument>(runsIf).getArgNumber()]
                    : Value()});
      }
    }
  }
  return sources;
}

void resolveSharedFrees(MutableArrayRef<FunctionBuffer> buffers,
                        ArrayRef<llvm::SmallVector<OpOperand *>> sharedFrees) {
  llvm::DenseMap<Operation *, unsigned> bufferOf;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    bufferOf[buffer.alloc] = index;

  // Each free is walked back once, however many buffers share it: `any`
  // is everything that may arrive, `owned` what it frees under its
  // condition (the same for a memref.dealloc).
  struct FreeReach {
    FreedSources any, owned;
  };
  llvm::DenseMap<OpOperand *, FreeReach> reaches;
  auto getReach = [&](OpOperand *free) -> const FreeReach & {
    auto [found, inserted] = reaches.try_emplace(free);
    if (inserted) {
      found->second.any = findFreedSources(free->get());
      auto dealloc = dyn_cast<bufferization::DeallocOp>(free->getOwner());
      found->second.owned =
          dealloc ? findFreedSources(
                        free->get(),
                        dealloc.getConditions()[free->getOperandNumber()])
                  : found->second.any;
    }
    return found->second;
  };

  llvm::IntEqClasses groups(buffers.size());
  // The shared frees that may free each buffer: one that frees what it
  // brings only under a `false` ownership condition never frees it.
  std::vector<llvm::SmallVector<OpOperand *>> mayFree(buffers.size());
  for (auto [index, frees] : llvm::enumerate(sharedFrees)) {
    for (OpOperand *free : frees) {
      const FreeReach &reach = getReach(free);
      Operation *alloc = buffers[index].alloc;
      // The walk back may not see every way the walk forward took (a call
      // returning its argument): a buffer it does not find stays.
      std::optional<std::string> other;
      if (!llvm::is_contained(reach.any.allocations, alloc)) {
        other = reach.any.other.value_or("a value memplan cannot follow");
      } else {
        if (!llvm::is_contained(reach.owned.allocations, alloc))
          continue;
        mayFree[index].push_back(free);
        other = reach.owned.other;
        for (Operation *allocation : reach.owned.allocations) {
          auto found = bufferOf.find(allocation);
          if (found != bufferOf.end())
            groups.join(index, found->second);
          else if (!other)
            other = "a buffer of " + quoteOp(allocation) +
                    " that memplan does not plan here";
        }
      }
      if (other && !buffers[index].leftAlone)
        buffers[index].leftAlone =
            LeftAlone{LeftAloneKind::FreedElsewhere,
                      "freed by " + quoteOp(free->getOwner()) +
                          " of a value that may also be " + *other};
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
      buffer.leftAlone =
          LeftAlone{LeftAloneKind::FreedElsewhere,
                    "shares a free with a buffer that is left alone: " +
                        staying->leftAlone->message};
      continue;
    }
    llvm::append_range(buffer.frees, mayFree[index]);
  }
}

} // namespace memplan
