//===- BlockDependences.cpp - Which ops of a block must stay in order -----===//

#include "memplan/Analysis/BlockDependences.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/ViewedMemRef.h"

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

/// Whether `op` orders memory between threads or with work in flight, as
/// atomics, fences and barriers do: other threads may watch it, so no access
/// moves across it whatever memory the two name. MLIR's interfaces have no
/// word for that, so it goes by name; a name taken wrongly only keeps an
/// order (an llvm.load or llvm.store, atomic or not, reaches memory through
/// a pointer of unknown origin: a fence already). A DMA wait ends copies that
/// no effect of its own names: it stays a fence even if its dialect someday
/// declares that it reads its tag.
bool isOrderingPoint(Operation *op) {
  if (waitsForDmaTransfer(op))
    return true;
  StringRef name = op->getName().stripDialect();
  for (StringRef word : {"atomic", "barrier", "fence", "cmpxchg", "flush",
                         "critical", "ordered", "wait", "sync"})
    if (name.contains_insensitive(word))
      return true;
  return false;
}

/// Whether `nested` (in `step`) allocates stack memory that outlives `step`:
/// memory the nearest allocation scope around it frees, which `step` is not
/// (a memref.alloca, an llvm.alloca, either inside a region op).
bool allocatesOnStackBeyond(Operation *nested, Operation *step) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
  if (!effects)
    return false;
  llvm::SmallVector<MemoryEffects::EffectInstance> allocations;
  effects.getEffects<MemoryEffects::Allocate>(allocations);
  if (llvm::none_of(allocations, [](const MemoryEffects::EffectInstance &e) {
        return e.getResource() ==
               SideEffects::AutomaticAllocationScopeResource::get();
      }))
    return false;
  Operation *scope =
      nested->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
  return !scope || !step->isAncestor(scope);
}

/// What a step does to memory.
struct StepEffects {
  /// Its accesses and those of the ops nested in it, by origin.
  llvm::SmallVector<Access> accesses;
  /// Its effects are not known, or it orders memory (isOrderingPoint):
  /// either way, a fence.
  bool fence = false;
  /// It allocates stack memory that outlives it.
  bool allocatesOnStack = false;
};

StepEffects collectEffects(Operation *op, OriginFinder &origins) {
  StepEffects step;
  op->walk([&](Operation *nested) {
    step.fence |= isOrderingPoint(nested);
    step.allocatesOnStack |= allocatesOnStackBeyond(nested, op);
  });
  if (step.fence)
    return step;
  std::optional<llvm::SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects) {
    step.fence = true;
    return step;
  }
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
    // An access of unknown origin may touch anything.
    step.fence |= origin.kind == Origin::Unknown;
    step.accesses.push_back({origin, writes});
  }
  return step;
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

  // Memory, in block order. A step with unknown effects, an access of
  // unknown origin or an ordering point is a fence: ordered against every
  // access before and after it.
  OriginFinder finder;
  llvm::DenseMap<std::pair<int, const void *>, OriginState> origins;
  std::optional<unsigned> lastFence;
  llvm::SmallVector<unsigned> accessesSinceFence;
  for (auto [index, op] : llvm::enumerate(steps)) {
    StepEffects step = collectEffects(op, finder);
    if (step.fence) {
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
    const llvm::SmallVector<Access> &accesses = step.accesses;
    if (accesses.empty() && !step.allocatesOnStack)
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
