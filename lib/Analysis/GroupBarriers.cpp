//===- GroupBarriers.cpp - Barriers a whole GPU group executes ------------===//

#include "memplan/Analysis/GroupBarriers.h"
#include "memplan/Analysis/ProgramOrder.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;

namespace memplan {

llvm::SmallVector<uint64_t> findGroupBarriers(FunctionOpInterface func) {
  llvm::SmallVector<uint64_t> barriers;
  Region &body = func.getFunctionBody();
  if (!body.hasOneBlock())
    return barriers;
  ProgramOrder order(func);
  for (Operation &op : body.front())
    if (isa<gpu::BarrierOp>(op))
      barriers.push_back(order.getSpan(&op).first);
  return barriers;
}

} // namespace memplan
