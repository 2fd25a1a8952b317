//===- StrategyRegistry.cpp - The list of offset strategies ---------------===//
//
// Adding a strategy means adding its file under Strategies/, its factory to
// Strategies/Strategies.h and one row to the table below.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Strategy.h"

#include "Strategies/Strategies.h"

#include "llvm/ADT/SmallVectorExtras.h"

using namespace llvm;

namespace memplan {

// Out of line to anchor the vtable in this library.
OffsetStrategy::~OffsetStrategy() = default;

namespace {
struct StrategyEntry {
  StringRef name;
  std::unique_ptr<OffsetStrategy> (*create)(const StrategyOptions &);
};
} // namespace

/// In the order they are documented. Each name must match the strategy's
/// getName().
static const StrategyEntry strategyTable[] = {
    {"naive", createNaiveStrategy},
    {"greedy-size", createGreedyBySizeStrategy},
    {"greedy-breadth", createGreedyByBreadthStrategy},
    {"greedy-in-order", createGreedyInOrderStrategy},
    {"mincost-flow", createMinCostFlowStrategy},
    {"strip-best-fit", createStripBestFitStrategy},
    {"path-cover", createPathCoverStrategy},
    {"start-best-fit", createStartBestFitStrategy},
    {"gergov", createGergovStrategy},
    {"hill-climb", createHillClimbStrategy},
    {"exact", createExactStrategy},
    {"best", createBestStrategy},
};

ArrayRef<StringRef> getOffsetStrategyNames() {
  // Built once from the table so that the two cannot disagree.
  static const SmallVector<StringRef> names = llvm::map_to_vector(
      strategyTable, [](const StrategyEntry &entry) { return entry.name; });
  return names;
}

std::unique_ptr<OffsetStrategy>
createOffsetStrategy(StringRef name, const StrategyOptions &options) {
  for (const StrategyEntry &entry : strategyTable)
    if (entry.name == name)
      return entry.create(options);
  return nullptr;
}

} // namespace memplan
