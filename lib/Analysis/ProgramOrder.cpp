//===- ProgramOrder.cpp - Numbers the ops of a function in order ----------===//

#include "memplan/Analysis/ProgramOrder.h"

#include <cassert>

using namespace mlir;

namespace memplan {

ProgramOrder::ProgramOrder(Operation *root) {
  uint64_t next = 0;
  for (Region &region : root->getRegions()) {
    uint64_t first = next;
    for (Block &block : region)
      for (Operation &op : block)
        next = number(&op, next);
    regionSpans[&region] = {first, next == first ? first : next - 1};
  }
}

uint64_t ProgramOrder::number(Operation *op, uint64_t next) {
  // Iterative over the op tree would avoid deep recursion, but region nesting
  // in real programs is shallow (tens of levels), while ops within a block
  // are iterated, not recursed.
  uint64_t first = next++;
  for (Region &region : op->getRegions()) {
    uint64_t regionFirst = next;
    for (Block &block : region)
      for (Operation &nested : block)
        next = number(&nested, next);
    regionSpans[&region] = {regionFirst,
                            next == regionFirst ? first : next - 1};
  }
  opSpans[op] = {first, next - 1};
  return next;
}

OrderSpan ProgramOrder::getSpan(Operation *op) const {
  auto it = opSpans.find(op);
  assert(it != opSpans.end() && "op outside the numbered function");
  return it->second;
}

OrderSpan ProgramOrder::getSpan(Region *region) const {
  auto it = regionSpans.find(region);
  assert(it != regionSpans.end() && "region outside the numbered function");
  return it->second;
}

} // namespace memplan
