//===- ProgramOrder.cpp - Numbers the ops of a function in order ----------===//

#include "memplan/Analysis/ProgramOrder.h"

#include <cassert>

using namespace mlir;

namespace memplan {

ProgramOrder::ProgramOrder(Operation *root) {
  // Counted first so that the map is sized once, not regrown (and rehashed)
  // a dozen times on a network's thousands of ops.
  size_t numOps = 0;
  root->walk([&](Operation *) { ++numOps; });
  opSpans.reserve(numOps - 1);
  uint64_t next = 0;
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        next = number(&op, next);
}

uint64_t ProgramOrder::number(Operation *op, uint64_t next) {
  // Iterative over the op tree would avoid deep recursion, but region nesting
  // in real programs is shallow (tens of levels), while ops within a block
  // are iterated, not recursed.
  uint64_t first = next++;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        next = number(&nested, next);
  opSpans[op] = {first, next - 1};
  return next;
}

OrderSpan ProgramOrder::getSpan(Operation *op) const {
  auto it = opSpans.find(op);
  assert(it != opSpans.end() && "op outside the numbered function");
  return it->second;
}

} // namespace memplan
