//===- SlabPlacement.cpp - Where slabs live and how large they may be -----===//

#include "SlabPlacement.h"

#include "memplan/Analysis/AddressTakenFunctions.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

namespace memplan {

StringRef getSlabKindName(SlabKind kind) {
  switch (kind) {
#define MEMPLAN_SLAB_KIND(KIND, NAME, DESCRIPTION)                             \
  case SlabKind::KIND:                                                         \
    return NAME;
#include "memplan/Transforms/SlabKinds.def"
  }
  llvm_unreachable("unknown slab kind");
}

bool plansCalleesFirst(SlabKind kind) { return kind == SlabKind::Argument; }

std::string whyNoRunTimeSizedSlab(SlabKind kind) {
  switch (kind) {
  case SlabKind::Alloc:
  // The callers allocate an arena of the bytes a generated function
  // computes (SlabRewrite.h).
  case SlabKind::Argument:
    return "";
  case SlabKind::Global:
    return "slab=global: a global's size is fixed at compile time";
  }
  llvm_unreachable("unknown slab kind");
}

SlabPlacer::SlabPlacer(ModuleOp module, SlabKind asked, StringRef passArgument)
    : module(module), asked(asked), passArgument(passArgument.str()) {
  if (asked != SlabKind::Alloc)
    recursiveFunctions = findRecursiveFunctions(module);
  if (asked == SlabKind::Global)
    concurrentFunctions.emplace(module);
}

SlabKind SlabPlacer::getPlacement(FunctionOpInterface func) {
  if (asked == SlabKind::Alloc)
    return SlabKind::Alloc;
  std::string reason;
  std::optional<std::string> concurrent;
  if (func->getParentOp() != module.getOperation())
    reason = "it is not directly in the module";
  else if (recursiveFunctions.contains(func))
    reason = "it may be active twice at once (recursion)";
  else if (concurrentFunctions &&
           (concurrent = concurrentFunctions->whyConcurrent(func)))
    reason = *concurrent;
  else if (asked == SlabKind::Argument)
    if (const char *noArgument = whyNoArenaArgument(func, module))
      reason = noArgument;
  if (reason.empty())
    return asked;
  if (remarked.insert(func).second)
    emitRemark(func.getLoc())
        << passArgument << ": slab=" << getSlabKindName(asked)
        << ": allocating the slabs of this function instead, because "
        << reason;
  return SlabKind::Alloc;
}

llvm::DenseSet<Operation *> findRecursiveFunctions(ModuleOp module) {
  CallGraph callGraph(module);
  llvm::DenseSet<Operation *> recursive;
  auto functionOf = [](CallGraphNode *node) {
    return node->getCallableRegion()->getParentOp();
  };
  // Every function is reachable from the external caller node.
  const CallGraph *graph = &callGraph;
  for (auto scc = llvm::scc_begin(graph); !scc.isAtEnd(); ++scc) {
    const auto &nodes = *scc;
    bool cycle = nodes.size() > 1;
    if (!cycle) {
      CallGraphNode *node = nodes.front();
      for (const CallGraphNode::Edge &edge : *node)
        cycle |= edge.getTarget() == node;
    }
    if (!cycle)
      continue;
    for (CallGraphNode *node : nodes)
      if (!node->isExternal())
        recursive.insert(functionOf(node));
  }

  // A call whose callee is unknown (func.call_indirect) may call any
  // function whose address is taken, which the call graph does not show:
  // a function that reaches such a call and is reached from such a
  // function is on a cycle through it.
  SymbolTableCollection symbols;
  llvm::SetVector<Operation *> taken =
      findAddressTakenFunctions(module, symbols);
  CallGraphNode *unknown = callGraph.getUnknownCalleeNode();
  llvm::DenseMap<CallGraphNode *, llvm::SmallVector<CallGraphNode *>> callers;
  llvm::SmallVector<CallGraphNode *> worklist;
  llvm::DenseSet<CallGraphNode *> reachesUnknown, reachedFromTaken;
  for (CallGraphNode *node : callGraph) {
    if (node->isExternal())
      continue;
    for (const CallGraphNode::Edge &edge : *node) {
      if (edge.getTarget() == unknown && reachesUnknown.insert(node).second)
        worklist.push_back(node);
      callers[edge.getTarget()].push_back(node);
    }
  }
  // Backwards from the unknown calls...
  while (!worklist.empty())
    for (CallGraphNode *caller : callers.lookup(worklist.pop_back_val()))
      if (reachesUnknown.insert(caller).second)
        worklist.push_back(caller);
  if (reachesUnknown.empty())
    return recursive;
  // ...and forwards from the functions they may call.
  for (CallGraphNode *node : callGraph)
    if (!node->isExternal() && taken.contains(functionOf(node)) &&
        reachedFromTaken.insert(node).second)
      worklist.push_back(node);
  while (!worklist.empty())
    for (const CallGraphNode::Edge &edge : *worklist.pop_back_val())
      if (!edge.getTarget()->isExternal() &&
          reachedFromTaken.insert(edge.getTarget()).second)
        worklist.push_back(edge.getTarget());
  for (CallGraphNode *node : reachesUnknown)
    if (reachedFromTaken.contains(node))
      recursive.insert(functionOf(node));
  return recursive;
}

std::vector<Operation *> findFunctionsCalleesFirst(ModuleOp module) {
  CallGraph callGraph(module);
  std::vector<Operation *> order;
  llvm::DenseSet<Operation *> seen;
  // scc_iterator gives the components in post-order: callees first.
  const CallGraph *graph = &callGraph;
  for (auto scc = llvm::scc_begin(graph); !scc.isAtEnd(); ++scc)
    for (CallGraphNode *node : *scc) {
      if (node->isExternal())
        continue;
      Operation *op = node->getCallableRegion()->getParentOp();
      if (isa<FunctionOpInterface>(op) && seen.insert(op).second)
        order.push_back(op);
    }
  module->walk([&](FunctionOpInterface func) {
    if (!func.isExternal() && seen.insert(func).second)
      order.push_back(func);
  });
  return order;
}

const char *whyNoArenaArgument(FunctionOpInterface func, ModuleOp module) {
  auto funcOp = dyn_cast<func::FuncOp>(func.getOperation());
  if (!funcOp)
    return "it is not a func.func";
  // Code outside the module that passes the arenas, as the header says,
  // marks the function so.
  bool calledFromOutside = funcOp->hasAttr(kArenaArgumentsAttr);
  if (!funcOp.isPrivate() && !calledFromOutside)
    return "it is public: callers outside the module would not pass a slab "
           "(unless it says `memplan.arena_arguments`)";
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, module);
  if (!uses)
    return "its uses are unknown";
  bool called = false;
  for (const SymbolTable::SymbolUse &use : *uses) {
    if (!isa<func::CallOp>(use.getUser()))
      return "it is used other than by func.call";
    called = true;
  }
  if (!called && !calledFromOutside)
    return "nothing in the module calls it";
  return nullptr;
}

} // namespace memplan
