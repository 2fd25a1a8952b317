//===- BlockDependences.cpp - Which ops of a block must stay in order -----===//

#include "memplan/Analysis/BlockDependences.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/BufferAliases.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace memplan;

namespace {

/// Where an accessed memref comes from: a value with an allocation effect,
/// a constant global's symbol, the memory the function shares with its
/// callers (its arguments and the writable globals, since a caller may pass
/// a global as an argument), or nothing known.
struct Origin {
  enum Kind { Allocation, ConstantGlobal, Shared, Unknown } kind = Unknown;
  const void *key = nullptr;
};

/// Finds where accessed memrefs come from, looking each global up once.
class OriginFinder {
public:
  Origin find(Value value) {
    value = getViewedMemRef(value);
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      Operation *parent = argument.getOwner()->getParentOp();
      if (isa_and_nonnull<FunctionOpInterface>(parent) &&
          argument.getOwner()->isEntryBlock())
        return {Origin::Shared, nullptr};
      return {};
    }
    Operation *definer = value.getDefiningOp();
    if (auto global = dyn_cast<memref::GetGlobalOp>(definer)) {
      if (isConstant(global))
        return {Origin::ConstantGlobal,
                global.getNameAttr().getAsOpaquePointer()};
      return {Origin::Shared, nullptr};
    }
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(definer))
      if (effects.getEffectOnValue<MemoryEffects::Allocate>(value))
        return {Origin::Allocation, value.getAsOpaquePointer()};
    return {};
  }

private:
  /// Whether the global `getGlobal` reads is constant: then nothing writes
  /// it, and an argument that aliases it is only read too.
  bool isConstant(memref::GetGlobalOp getGlobal) {
    auto [it, inserted] = constantGlobals.try_emplace(getGlobal.getNameAttr());
    if (inserted) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          getGlobal, getGlobal.getNameAttr());
      it->second = global && global.getConstant();
    }
    return it->second;
  }

  llvm::DenseMap<Attribute, bool> constantGlobals;
};

/// One step's accesses, by origin.
struct Access {
  Origin origin;
  bool writes = false;
};

/// The accesses of `op` and the ops nested in it, or none when its effects
/// are not known (then `unknown` is set).
llvm::SmallVector<Access> collectAccesses(Operation *op, OriginFinder &origins,
                                          bool &unknown) {
  llvm::SmallVector<Access> accesses;
  // A DMA wait ends copies that no effect of its own names: it stays a
  // fence even if its dialect someday declares that it reads its tag.
  if (op->walk([](Operation *nested) {
          return waitsForDmaTransfer(nested) ? WalkResult::interrupt()
                                             : WalkResult::advance();
        }).wasInterrupted()) {
    unknown = true;
    return accesses;
  }
  std::optional<llvm::SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  unknown = !effects;
  if (!effects)
    return accesses;
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    if (isa<MemoryEffects::Allocate>(effect.getEffect()))
      continue;
    bool writes = !isa<MemoryEffects::Read>(effect.getEffect());
    Value value = effect.getValue();
    Origin origin = value ? origins.find(value) : Origin{};
    // Memory allocated inside the op is its own business; memory allocated
    // outside is not, even when the op reaches it through a view it makes.
    if (origin.kind == Origin::Allocation) {
      Operation *owner = getViewedMemRef(value).getDefiningOp();
      if (owner != op && op->isAncestor(owner))
        continue;
    }
    accesses.push_back({origin, writes});
  }
  return accesses;
}

/// Accesses to one origin since its last write.
struct OriginState {
  std::optional<unsigned> lastWrite;
  llvm::SmallVector<unsigned> readsSince;
};

} // namespace

std::vector<llvm::SmallVector<unsigned, 4>>
memplan::computeBlockDependences(llvm::ArrayRef<Operation *> steps) {
  std::vector<llvm::SetVector<unsigned>> predecessors(steps.size());
  if (steps.empty())
    return {};
  Block *block = steps.front()->getBlock();
  llvm::DenseMap<Operation *, unsigned> stepOf;
  for (auto [index, op] : llvm::enumerate(steps))
    stepOf[op] = index;

  // Values: each step after the steps defining what it or its nested ops use.
  for (auto [stepIndex, stepOp] : llvm::enumerate(steps)) {
    // Named copies: a lambda may not capture structured bindings in C++17.
    size_t index = stepIndex;
    Operation *op = stepOp;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *definer = operand.getDefiningOp();
        if (!definer)
          continue;
        Operation *ancestor = block->findAncestorOpInBlock(*definer);
        if (!ancestor || ancestor == op)
          continue;
        auto it = stepOf.find(ancestor);
        if (it != stepOf.end())
          predecessors[index].insert(it->second);
      }
    });
  }

  // Memory, in block order. A step with unknown effects, or an access of
  // unknown origin, is a fence: ordered against every access before and
  // after it.
  OriginFinder finder;
  llvm::DenseMap<std::pair<int, const void *>, OriginState> origins;
  std::optional<unsigned> lastFence;
  llvm::SmallVector<unsigned> accessesSinceFence;
  for (auto [index, op] : llvm::enumerate(steps)) {
    bool unknown = false;
    llvm::SmallVector<Access> accesses = collectAccesses(op, finder, unknown);
    bool fence = unknown || llvm::any_of(accesses, [](const Access &access) {
                   return access.origin.kind == Origin::Unknown;
                 });
    if (fence) {
      if (lastFence)
        predecessors[index].insert(*lastFence);
      for (unsigned earlier : accessesSinceFence)
        predecessors[index].insert(earlier);
      lastFence = index;
      accessesSinceFence.clear();
      origins.clear();
      continue;
    }
    // A stack allocation stays on its side of a step of unknown effects,
    // which may save or restore the stack (llvm.intr.stacksave).
    bool stackAllocation = isa<memref::AllocaOp>(op);
    if (accesses.empty() && !stackAllocation)
      continue;
    if (lastFence)
      predecessors[index].insert(*lastFence);
    accessesSinceFence.push_back(index);
    for (const Access &access : accesses) {
      OriginState &state =
          origins[{static_cast<int>(access.origin.kind), access.origin.key}];
      if (state.lastWrite)
        predecessors[index].insert(*state.lastWrite);
      if (access.writes) {
        for (unsigned reader : state.readsSince)
          predecessors[index].insert(reader);
        state.lastWrite = index;
        state.readsSince.clear();
      } else {
        state.readsSince.push_back(index);
      }
    }
  }

  std::vector<llvm::SmallVector<unsigned, 4>> result(steps.size());
  for (auto [index, set] : llvm::enumerate(predecessors)) {
    set.remove(index);
    result[index].assign(set.begin(), set.end());
  }
  return result;
}
