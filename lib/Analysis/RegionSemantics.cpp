//===- RegionSemantics.cpp - When a region op's body runs -----------------===//

#include "memplan/Analysis/RegionSemantics.h"

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

} // namespace memplan
