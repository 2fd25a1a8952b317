//===- AddressComparisons.cpp - Addresses that are only compared ----------===//

#include "memplan/Analysis/AddressComparisons.h"
#include "memplan/Analysis/BufferAliases.h"

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
  bool isOnlyCompared(Value value) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<arith::CmpIOp>(user))
        continue;
      auto store = dyn_cast<memref::StoreOp>(user);
      // Stored as the value, not used as an index of the store.
      if (store && &use == &store.getValueMutable() &&
          isLocalBuffer(store.getMemRef()) &&
          holdsOnlyCompared(store.getMemRef()))
        continue;
      return false;
    }
    return true;
  }

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
        if (isa<memref::StoreOp, memref::DeallocOp, memref::DimOp>(user))
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

  llvm::DenseSet<Value> entered;
};

} // namespace

bool isOnlyCompared(Value address) {
  return ComparisonCheck().isOnlyCompared(address);
}

} // namespace memplan
