//===- ObjectStrategyRegistry.cpp - The list of object strategies ---------===//
//
// Adding an object strategy means adding its file under ObjectStrategies/,
// its factory to ObjectStrategies/ObjectStrategies.h and one row to the table
// below.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ObjectStrategy.h"

#include "ObjectStrategies/ObjectStrategies.h"

#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace memplan {

// Out of line to anchor the vtable in this library.
ObjectStrategy::~ObjectStrategy() = default;

uint64_t ObjectPlan::getTotalSize() const {
  uint64_t total = 0;
  for (uint64_t size : objectSizes)
    total = SaturatingAdd(total, size);
  return total;
}

namespace {
struct ObjectStrategyEntry {
  StringRef name;
  std::unique_ptr<ObjectStrategy> (*create)(const StrategyOptions &);
};
} // namespace

/// In the order they are documented; `best` runs all the others, so it comes
/// last. Each name must match the strategy's getName().
static const ObjectStrategyEntry objectStrategyTable[] = {
    {"naive", createNaiveObjectStrategy},
    {"greedy-size", createGreedyBySizeObjectStrategy},
    {"greedy-size-improved", createGreedyBySizeImprovedObjectStrategy},
    {"greedy-breadth", createGreedyByBreadthObjectStrategy},
    {"greedy-in-order", createGreedyInOrderObjectStrategy},
    {"mincost-flow", createMinCostFlowObjectStrategy},
    {"best", createBestObjectStrategy},
};

ArrayRef<StringRef> getObjectStrategyNames() {
  // Built once from the table so that the two cannot disagree.
  static const SmallVector<StringRef> names = llvm::map_to_vector(
      objectStrategyTable, [](const ObjectStrategyEntry &e) { return e.name; });
  return names;
}

std::unique_ptr<ObjectStrategy>
createObjectStrategy(StringRef name, const StrategyOptions &options) {
  for (const ObjectStrategyEntry &entry : objectStrategyTable)
    if (entry.name == name)
      return entry.create(options);
  return nullptr;
}

} // namespace memplan
