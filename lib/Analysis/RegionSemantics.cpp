//===- RegionSemantics.cpp - When a region op's body runs -----------------===//

#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memplan {

bool mayRunAfterReturning(Operation *op) {
  return op->getNumRegions() != 0 &&
         op->getName().getDialectNamespace() == "async";
}

Operation *getEnclosingAsynchronousOp(Operation *op, Operation *func) {
  Operation *found = nullptr;
  for (Operation *parent = op->getParentOp(); parent && parent != func;
       parent = parent->getParentOp())
    if (mayRunAfterReturning(parent))
      found = parent;
  return found;
}

bool mayRunRegionsConcurrently(Operation *op) {
  if (op->getNumRegions() == 0 || op->hasTrait<OpTrait::SymbolTable>())
    return false;
  if (op->hasTrait<OpTrait::HasParallelRegion>() || mayRunAfterReturning(op))
    return true;
  // No interface says that an op's regions run on many threads or
  // work-items: OpenMP and GPU ops are known by their dialects.
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "omp" || dialect == "gpu")
    return true;
  return !isa<FunctionOpInterface, RegionBranchOpInterface>(op);
}

Operation *getEnclosingConcurrentOp(Operation *op, Operation *root) {
  for (Operation *parent = op->getParentOp(); parent && parent != root;
       parent = parent->getParentOp())
    if (mayRunRegionsConcurrently(parent))
      return parent;
  return nullptr;
}

} // namespace memplan
