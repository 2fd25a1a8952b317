//===- ModuleBuffers.cpp - Every buffer of a module, as problems ----------===//

#include "ModuleBuffers.h"

#include "memplan/Analysis/GroupBarriers.h"
#include "memplan/Planner/BarrierEpochs.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"

#include <algorithm>

#define DEBUG_TYPE "memplan-planning"

using namespace mlir;

namespace memplan {

std::string SpaceProblem::getKey() const {
  return "@" + functionName + "/" + std::to_string(spaceIndex);
}

ModuleBuffers analyzeModule(ModuleOp module, const SpaceLimits &limits,
                            function_ref<bool(FunctionOpInterface)> filter) {
  ModuleBuffers result;
  BufferAliasAnalysis aliasAnalysis;
  module->walk([&](FunctionOpInterface func) {
    if (func.isExternal() || (filter && !filter(func)))
      return;
    result.functions.push_back(
        {func,
         analyzeFunctionBuffers(func, aliasAnalysis, limits.defaultAlignment)});
  });

  // The spaces point into the functions' buffers, which stay where they are
  // from here on.
  for (FunctionBuffers &function : result.functions) {
    llvm::MapVector<Attribute, SmallVector<const FunctionBuffer *>> bySpace;
    for (FunctionBuffer &buffer : function.buffers) {
      if (buffer.leftAlone)
        continue;
      buffer.alignment =
          std::max(buffer.alignment, limits.getAlignment(buffer.memorySpace));
      bySpace[buffer.memorySpace].push_back(&buffer);
    }
    auto name = function.func->getAttrOfType<StringAttr>(
        SymbolTable::getSymbolAttrName());
    function.firstSpace = result.spaces.size();
    for (auto &[memorySpace, buffers] : bySpace) {
      SpaceProblem &space = result.spaces.emplace_back();
      space.func = function.func;
      space.functionName = name ? name.getValue().str() : "";
      space.spaceIndex = result.spaces.size() - function.firstSpace - 1;
      space.memorySpace = memorySpace;
      space.buffers = buffers;
      for (const FunctionBuffer *buffer : buffers)
        space.problem.push_back(
            {buffer->size, buffer->alignment, buffer->start, buffer->end});
      if (limits.isSharedByGroup(memorySpace)) {
        SpaceProblem::GroupSharing sharing;
        sharing.barriers = findGroupBarriers(function.func);
        sharing.programOrder = space.problem;
        space.problem = toBarrierEpochs(space.problem, sharing.barriers);
        space.sharing = std::move(sharing);
      }
      LLVM_DEBUG(llvm::dbgs() << "memplan: " << space.getKey() << ": "
                              << space.problem.size() << " buffers\n");
    }
    function.endSpace = result.spaces.size();
  }
  return result;
}

} // namespace memplan
