//===- SlabPlacement.cpp - Where slabs live and how large they may be -----===//

#include "memplan/Transforms/SlabPlacement.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace memplan {

std::optional<uint64_t> SpaceLimits::getCapacity(Attribute memorySpace) const {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (!number)
    return std::nullopt;
  uint64_t capacity = defaultCapacity;
  if (*number != 0) {
    auto it = capacities.find(*number);
    capacity = it == capacities.end() ? 0 : it->second;
  }
  if (capacity == 0)
    return std::nullopt;
  return capacity;
}

uint64_t SpaceLimits::getAlignment(Attribute memorySpace) const {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (number && *number != 0) {
    auto it = alignments.find(*number);
    if (it != alignments.end())
      return std::max(it->second, defaultAlignment);
  }
  return defaultAlignment;
}

std::optional<SlabKind> parseSlabKind(StringRef text) {
  if (text == "alloc")
    return SlabKind::Alloc;
  if (text == "global")
    return SlabKind::Global;
  if (text == "argument")
    return SlabKind::Argument;
  return std::nullopt;
}

std::string parseSpaceMap(StringRef text, StringRef optionName,
                          bool powersOfTwo,
                          std::map<uint64_t, uint64_t> &into) {
  into.clear();
  SmallVector<StringRef> entries;
  text.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    auto [spaceText, valueText] = entry.trim().split(':');
    uint64_t space, value;
    if (spaceText.trim().getAsInteger(10, space) ||
        valueText.trim().getAsInteger(10, value))
      return llvm::formatv("{0}: '{1}' is not SPACE:VALUE", optionName,
                           entry.trim())
          .str();
    if (space == 0)
      return llvm::formatv("{0}: memory space 0 is the default space, which "
                           "the option without 'space-' sets",
                           optionName)
          .str();
    if (powersOfTwo && !llvm::isPowerOf2_64(value))
      return llvm::formatv("{0}: {1} for memory space {2} is not a power of "
                           "two",
                           optionName, value, space)
          .str();
    if (!into.emplace(space, value).second)
      return llvm::formatv("{0}: memory space {1} is given twice", optionName,
                           space)
          .str();
  }
  return "";
}

std::optional<uint64_t> getMemorySpaceNumber(Attribute memorySpace) {
  if (!memorySpace)
    return 0;
  if (auto integer = dyn_cast<IntegerAttr>(memorySpace))
    return integer.getValue().getZExtValue();
  return std::nullopt;
}

std::string describeMemorySpace(Attribute memorySpace) {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (number && *number == 0)
    return "the default memory space";
  if (number)
    return "memory space " + std::to_string(*number);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "memory space " << memorySpace;
  return text;
}

llvm::DenseSet<Operation *> findRecursiveFunctions(ModuleOp module) {
  CallGraph callGraph(module);
  llvm::DenseSet<Operation *> recursive;
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
        recursive.insert(node->getCallableRegion()->getParentOp());
  }
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
  if (!funcOp.isPrivate())
    return "it is public: callers outside the module would not pass a slab";
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
  if (!called)
    return "nothing in the module calls it";
  return nullptr;
}

} // namespace memplan
