//===- AddressTakenFunctions.cpp - Functions a pointer may reach ----------===//

#include "memplan/Analysis/AddressTakenFunctions.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace memplan {

llvm::SetVector<Operation *>
findAddressTakenFunctions(ModuleOp module, SymbolTableCollection &symbols) {
  llvm::SetVector<Operation *> taken;
  module->walk([&](Operation *op) {
    SymbolRefAttr callee;
    if (auto call = dyn_cast<CallOpInterface>(op))
      callee =
          llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    op->getAttrDictionary().walk([&](SymbolRefAttr reference) {
      if (reference == callee)
        return;
      Operation *target = symbols.lookupNearestSymbolFrom(op, reference);
      if (target && isa<FunctionOpInterface>(target))
        taken.insert(target);
    });
  });
  return taken;
}

} // namespace memplan
