//===- ConcurrentFunctions.cpp - Functions that may run at once -----------===//

#include "memplan/Analysis/ConcurrentFunctions.h"
#include "memplan/Analysis/AddressTakenFunctions.h"
#include "memplan/Analysis/LeftAlone.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memplan {

namespace {

std::string nameFunction(Operation *func) {
  if (auto symbol = dyn_cast<SymbolOpInterface>(func))
    return ("@" + symbol.getName()).str();
  return quoteOp(func);
}

std::string nameSymbol(SymbolRefAttr symbol) {
  std::string name;
  llvm::raw_string_ostream(name) << symbol;
  return name;
}

} // namespace

ConcurrentFunctions::ConcurrentFunctions(ModuleOp module) {
  SymbolTableCollection symbols;
  llvm::SmallVector<Operation *> worklist;
  std::optional<llvm::SetVector<Operation *>> addressTaken;

  // Marks what `call` may reach as concurrent, for `reach`.
  auto reachFrom = [&](CallOpInterface call, Reach reach) {
    if (isa<SymbolRefAttr>(call.getCallableForCallee())) {
      // A symbol the module does not define has no body here: it may call
      // back only the functions whose addresses the module takes (below).
      Operation *callee = call.resolveCallableInTable(&symbols);
      if (callee && isa<FunctionOpInterface>(callee) &&
          reached.try_emplace(callee, reach).second)
        worklist.push_back(callee);
      return;
    }
    // A call through a pointer.
    if (!addressTaken)
      addressTaken = findAddressTakenFunctions(module, symbols);
    reach.throughPointer = true;
    for (Operation *target : *addressTaken)
      if (reached.try_emplace(target, reach).second)
        worklist.push_back(target);
  };

  // A function without a body may run on threads of its own what the
  // module hands it: the functions whose addresses the module takes (as a
  // call to it may call them back, for recursion).
  std::optional<CallOpInterface> bodilessCall;
  module->walk([&](CallOpInterface call) {
    if (Operation *concurrent = getEnclosingConcurrentOp(call, module))
      reachFrom(call, Reach{concurrent, nullptr, false});
    // async.call returns at the callee's first suspension: the callee goes
    // on beside its caller and beside the other calls of it.
    else if (startsConcurrentCall(call))
      reachFrom(call, Reach{call, nullptr, false});
    if (bodilessCall || !isa<SymbolRefAttr>(call.getCallableForCallee()))
      return;
    auto callee = dyn_cast_if_present<FunctionOpInterface>(
        call.resolveCallableInTable(&symbols));
    if (callee && callee.isExternal())
      bodilessCall = call;
  });
  if (bodilessCall) {
    if (!addressTaken)
      addressTaken = findAddressTakenFunctions(module, symbols);
    for (Operation *target : *addressTaken)
      if (reached
              .try_emplace(target, Reach{*bodilessCall, nullptr, false,
                                         /*callBack=*/true})
              .second)
        worklist.push_back(target);
  }
  while (!worklist.empty()) {
    Operation *caller = worklist.pop_back_val();
    caller->walk([&](CallOpInterface call) {
      reachFrom(call, Reach{nullptr, caller, false});
    });
  }
}

std::optional<std::string>
ConcurrentFunctions::whyConcurrent(Operation *func) const {
  auto found = reached.find(func);
  if (found == reached.end())
    return std::nullopt;
  std::string why = "it may run on several threads at once: it is";
  // The first reach of each function was recorded from a function reached
  // before it, so the chain ends.
  for (Reach reach = found->second;;) {
    if (reach.callBack) {
      auto call = cast<CallOpInterface>(reach.concurrentOp);
      why += " a function whose address the module takes, which " +
             nameSymbol(cast<SymbolRefAttr>(call.getCallableForCallee())) +
             " (a function without a body";
      if (auto function = call->getParentOfType<FunctionOpInterface>())
        why += ", called in " + nameFunction(function);
      return why + ") may call on threads of its own";
    }
    bool byConcurrentCall =
        reach.concurrentOp && startsConcurrentCall(reach.concurrentOp);
    why += byConcurrentCall       ? " called by "
           : reach.throughPointer ? " called through a pointer from"
                                  : " called from";
    if (reach.concurrentOp) {
      Operation *function =
          reach.concurrentOp->getParentOfType<FunctionOpInterface>();
      if (isa<FunctionOpInterface>(reach.concurrentOp))
        function = reach.concurrentOp;
      why += (byConcurrentCall ? "" : " inside ") + quoteOp(reach.concurrentOp);
      if (function)
        why += " in " + nameFunction(function);
      return why;
    }
    why += " " + nameFunction(reach.caller) + ", which is";
    reach = reached.lookup(reach.caller);
  }
}

} // namespace memplan
