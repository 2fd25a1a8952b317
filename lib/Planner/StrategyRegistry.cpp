//===- StrategyRegistry.cpp - Every strategy, from Strategies.def ---------===//
//
// The one registry of both kinds of strategy. Names, descriptions and
// factories all come from include/memplan/Planner/Strategies.def, so they
// cannot disagree.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Planner.h"
#include "memplan/Planner/Strategy.h"

#include "ObjectStrategies/ObjectStrategies.h"
#include "Strategies/Strategies.h"

#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace memplan {

// Out of line to anchor the vtables in this library.
OffsetStrategy::~OffsetStrategy() = default;
ObjectStrategy::~ObjectStrategy() = default;

StagedOffsetPlan::~StagedOffsetPlan() = default;

Expected<Plan> OffsetStrategy::planWithin(ArrayRef<Buffer> buffers,
                                          double) const {
  return plan(buffers);
}

Expected<Plan> OffsetStrategy::planReusing(ArrayRef<Buffer> buffers,
                                           double timeLimitSeconds,
                                           KnownPlans) const {
  return planWithin(buffers, timeLimitSeconds);
}

namespace {
/// The default two steps: a plan made already, or a search still to run.
class DefaultStagedPlan final : public StagedOffsetPlan {
public:
  DefaultStagedPlan(const OffsetStrategy &strategy, ArrayRef<Buffer> buffers,
                    std::optional<Plan> made)
      : strategy(strategy), buffers(buffers), made(std::move(made)) {}

  bool wantsSearch() const override { return !made; }

  Expected<Plan> finish(double searchSeconds) override {
    if (made)
      return std::move(*made);
    return strategy.planWithin(buffers, searchSeconds);
  }

private:
  const OffsetStrategy &strategy;
  ArrayRef<Buffer> buffers;
  std::optional<Plan> made;
};
} // namespace

Expected<std::unique_ptr<StagedOffsetPlan>>
OffsetStrategy::startPlan(ArrayRef<Buffer> buffers) const {
  if (searches())
    return std::make_unique<DefaultStagedPlan>(*this, buffers, std::nullopt);
  Expected<Plan> made = plan(buffers);
  if (!made)
    return made.takeError();
  return std::make_unique<DefaultStagedPlan>(*this, buffers, std::move(*made));
}

uint64_t ObjectPlan::getTotalSize() const {
  uint64_t total = 0;
  for (uint64_t size : objectSizes)
    total = SaturatingAdd(total, size);
  return total;
}

namespace {
/// One row of Strategies.def; `StrategyT` is OffsetStrategy or
/// ObjectStrategy.
template <typename StrategyT> struct StrategyEntry {
  StringRef name;
  std::unique_ptr<StrategyT> (*create)(const StrategyOptions &);
  StringRef description;
};
} // namespace

static const StrategyEntry<OffsetStrategy> offsetStrategyTable[] = {
#define MEMPLAN_OFFSET_STRATEGY(NAME, FACTORY, DESCRIPTION)                    \
  {NAME, FACTORY, DESCRIPTION},
#include "memplan/Planner/Strategies.def"
};

static const StrategyEntry<ObjectStrategy> objectStrategyTable[] = {
#define MEMPLAN_OBJECT_STRATEGY(NAME, FACTORY, DESCRIPTION)                    \
  {NAME, FACTORY, DESCRIPTION},
#include "memplan/Planner/Strategies.def"
};

//===----------------------------------------------------------------------===//
// The strategies made of others, assembled from the table
//===----------------------------------------------------------------------===//

std::vector<std::unique_ptr<OffsetStrategy>> createExactStartingStrategies() {
  // None of them searches, so none needs a time limit.
  StrategyOptions unlimited;
  unlimited.timeLimitSeconds = 0;
  std::vector<std::unique_ptr<OffsetStrategy>> starters;
  for (auto *create :
       {createGreedyBySizeStrategy, createGreedyByBreadthStrategy,
        createStripBestFitStrategy, createStartBestFitStrategy,
        createGergovStrategy})
    starters.push_back(create(unlimited));
  return starters;
}

std::unique_ptr<OffsetStrategy>
assembleExactStrategy(const StrategyOptions &options) {
  return createExactStrategy(createExactStartingStrategies(), options);
}

/// hill-climb starts from greedy-size, whose order it searches, and every
/// other greedy-* strategy of the table, in table order.
std::unique_ptr<OffsetStrategy>
assembleHillClimbStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<OffsetStrategy>> starters;
  starters.push_back(createGreedyBySizeStrategy(options));
  for (const StrategyEntry<OffsetStrategy> &entry : offsetStrategyTable)
    if (entry.name.starts_with("greedy-") &&
        entry.create != createGreedyBySizeStrategy)
      starters.push_back(entry.create(options));
  return createHillClimbStrategy(std::move(starters), options);
}

/// best runs every other strategy of the table in table order, exact last
/// from the smallest plan of the others.
std::unique_ptr<OffsetStrategy>
assembleBestStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  for (const StrategyEntry<OffsetStrategy> &entry : offsetStrategyTable)
    if (entry.create != assembleBestStrategy &&
        entry.create != assembleExactStrategy)
      candidates.push_back(entry.create(options));
  return createBestStrategy(
      std::move(candidates),
      createExactStrategy(createExactStartingStrategies(), options), options);
}

std::unique_ptr<ObjectStrategy>
assembleBestObjectStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<ObjectStrategy>> candidates;
  for (const StrategyEntry<ObjectStrategy> &entry : objectStrategyTable)
    if (entry.create != assembleBestObjectStrategy)
      candidates.push_back(entry.create(options));
  return createBestObjectStrategy(std::move(candidates), options);
}

//===----------------------------------------------------------------------===//
// Names, descriptions and creation by name
//===----------------------------------------------------------------------===//

template <typename StrategyT>
static SmallVector<StringRef>
getNames(ArrayRef<StrategyEntry<StrategyT>> table) {
  return map_to_vector(
      table, [](const StrategyEntry<StrategyT> &entry) { return entry.name; });
}

template <typename StrategyT>
static const StrategyEntry<StrategyT> *
findEntry(ArrayRef<StrategyEntry<StrategyT>> table, StringRef name) {
  for (const StrategyEntry<StrategyT> &entry : table)
    if (entry.name == name)
      return &entry;
  return nullptr;
}

ArrayRef<StringRef> getOffsetStrategyNames() {
  static const SmallVector<StringRef> names =
      getNames<OffsetStrategy>(offsetStrategyTable);
  return names;
}

ArrayRef<StringRef> getObjectStrategyNames() {
  static const SmallVector<StringRef> names =
      getNames<ObjectStrategy>(objectStrategyTable);
  return names;
}

ArrayRef<StringRef> getStrategyNames(PlanKind kind) {
  return kind == PlanKind::Offsets ? getOffsetStrategyNames()
                                   : getObjectStrategyNames();
}

StringRef getStrategyDescription(PlanKind kind, StringRef name) {
  if (kind == PlanKind::Offsets) {
    if (const auto *entry =
            findEntry<OffsetStrategy>(offsetStrategyTable, name))
      return entry->description;
    return "";
  }
  if (const auto *entry = findEntry<ObjectStrategy>(objectStrategyTable, name))
    return entry->description;
  return "";
}

std::unique_ptr<OffsetStrategy>
createOffsetStrategy(StringRef name, const StrategyOptions &options) {
  if (const auto *entry = findEntry<OffsetStrategy>(offsetStrategyTable, name))
    return entry->create(options);
  return nullptr;
}

std::unique_ptr<ObjectStrategy>
createObjectStrategy(StringRef name, const StrategyOptions &options) {
  if (const auto *entry = findEntry<ObjectStrategy>(objectStrategyTable, name))
    return entry->create(options);
  return nullptr;
}

} // namespace memplan
