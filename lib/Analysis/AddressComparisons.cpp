//===- AddressComparisons.cpp - Addresses that are only compared ----------===//

#include "memplan/Analysis/AddressComparisons.h"
#include "memplan/Analysis/ViewedMemRef.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace memplan {

namespace {

/// Checks, for the values it is given, that nothing but comparisons see
/// them. Buffers already entered are assumed to pass: the check is over a
/// finite graph of uses, so a cycle adds nothing the other paths do not.
class ComparisonCheck {
public:
  explicit ComparisonCheck(Operation *func) : func(func) {}

  bool isOnlyCompared(Value value) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      see(user);
      if (isa<arith::CmpIOp>(user))
        continue;
      auto store = dyn_cast<memref::StoreOp>(user);
      // Stored as the value, not used as an index of the store, into a
      // buffer every view and load of which is checked: from its base.
      if (store && &use == &store.getValueMutable() &&
          isLocalBuffer(store.getMemRef()) &&
          holdsOnlyCompared(getViewedMemRef(store.getMemRef())))
        continue;
      return false;
    }
    return true;
  }

  /// The ops of the function that see the address.
  llvm::SetVector<Operation *> seenBy;

private:
  /// A buffer allocated in the function, seen through casts and views: no
  /// code outside the function reads it unless handed it below.
  static bool isLocalBuffer(Value memory) {
    return isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
        getViewedMemRef(memory).getDefiningOp());
  }

  /// Whether every value loaded from `memory` or its views, here or in the
  /// callees it is passed to, is only compared.
  bool holdsOnlyCompared(Value memory) {
    if (!entered.insert(memory).second)
      return true;
    llvm::SetVector<Value> views;
    views.insert(memory);
    for (unsigned next = 0; next < views.size(); ++next) {
      for (OpOperand &use : views[next].getUses()) {
        Operation *user = use.getOwner();
        see(user);
        // Stores into it, not of it: a buffer stored as a value is read
        // where this check does not follow.
        if (auto store = dyn_cast<memref::StoreOp>(user);
            store && &use == &store.getMemrefMutable())
          continue;
        if (isa<memref::DeallocOp, memref::DimOp>(user))
          continue;
        if (auto load = dyn_cast<memref::LoadOp>(user)) {
          if (!isOnlyCompared(load.getResult()))
            return false;
          continue;
        }
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            view && view.getViewSource() == use.get()) {
          for (Value result : user->getResults())
            if (isa<BaseMemRefType>(result.getType()))
              views.insert(result);
          continue;
        }
        if (auto call = dyn_cast<CallOpInterface>(user)) {
          auto callee =
              dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
          unsigned index = use.getOperandNumber() -
                           call.getArgOperands().getBeginOperandIndex();
          if (!callee || callee.isExternal() ||
              index >= callee.getNumArguments() ||
              !holdsOnlyCompared(callee.getArgument(index)))
            return false;
          continue;
        }
        return false;
      }
    }
    return true;
  }

  /// Records `user` if it is in the function: a callee's ops are seen when
  /// the call that passes them the buffer is.
  void see(Operation *user) {
    if (func->isProperAncestor(user))
      seenBy.insert(user);
  }

  Operation *func;
  llvm::DenseSet<Value> entered;
};

} // namespace

bool isOnlyCompared(Value address, llvm::SetVector<Operation *> &seenBy) {
  auto function =
      address.getParentRegion()->getParentOfType<FunctionOpInterface>();
  if (!function)
    return false;
  ComparisonCheck check(function);
  if (!check.isOnlyCompared(address))
    return false;
  seenBy.insert(check.seenBy.begin(), check.seenBy.end());
  return true;
}

} // namespace memplan
