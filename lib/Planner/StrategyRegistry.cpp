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

#include <cassert>

using namespace llvm;

namespace memplan {

// Out of line to anchor the vtables in this library.
OffsetStrategy::~OffsetStrategy() = default;
ObjectStrategy::~ObjectStrategy() = default;

StagedOffsetPlan::~StagedOffsetPlan() = default;

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
    PlanRequest request;
    request.timeLimitSeconds = searchSeconds;
    return strategy.plan(buffers, request);
  }

private:
  const OffsetStrategy &strategy;
  ArrayRef<Buffer> buffers;
  std::optional<Plan> made;
};
} // namespace

Expected<std::unique_ptr<StagedOffsetPlan>>
OffsetStrategy::startPlan(ArrayRef<Buffer> buffers) const {
  if (hasTraits(getTraits(), StrategyTraits::Searches))
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
  StrategyTraits traits;
  StringRef description;
};
} // namespace

static const StrategyEntry<OffsetStrategy> offsetStrategyTable[] = {
#define MEMPLAN_OFFSET_STRATEGY(NAME, FACTORY, TRAITS, DESCRIPTION)            \
  {NAME, FACTORY, TRAITS, DESCRIPTION},
#include "memplan/Planner/Strategies.def"
};

static const StrategyEntry<ObjectStrategy> objectStrategyTable[] = {
#define MEMPLAN_OBJECT_STRATEGY(NAME, FACTORY, TRAITS, DESCRIPTION)            \
  {NAME, FACTORY, TRAITS, DESCRIPTION},
#include "memplan/Planner/Strategies.def"
};

//===----------------------------------------------------------------------===//
// The strategies made of others, assembled from the table
//===----------------------------------------------------------------------===//

/// The strategy of `entry` with what its traits ask of it: the plans of one
/// whose rule takes hulls let down into the gaps of gapped lifetimes.
static std::unique_ptr<OffsetStrategy>
createFromEntry(const StrategyEntry<OffsetStrategy> &entry,
                const StrategyOptions &options) {
  std::unique_ptr<OffsetStrategy> strategy = entry.create(options);
  if (hasTraits(entry.traits, StrategyTraits::PlansHulls))
    return createGapLoweringStrategy(std::move(strategy));
  return strategy;
}

/// The same for objects: the objects of one whose rule takes hulls are
/// emptied into the gaps.
static std::unique_ptr<ObjectStrategy>
createFromEntry(const StrategyEntry<ObjectStrategy> &entry,
                const StrategyOptions &options) {
  std::unique_ptr<ObjectStrategy> strategy = entry.create(options);
  if (hasTraits(entry.traits, StrategyTraits::PlansHulls))
    return createObjectEmptyingStrategy(std::move(strategy));
  return strategy;
}

/// The offset strategies that declare `traits`, in table order.
static std::vector<std::unique_ptr<OffsetStrategy>>
createWithTraits(StrategyTraits traits, const StrategyOptions &options) {
  std::vector<std::unique_ptr<OffsetStrategy>> strategies;
  for (const StrategyEntry<OffsetStrategy> &entry : offsetStrategyTable)
    if (hasTraits(entry.traits, traits))
      strategies.push_back(createFromEntry(entry, options));
  return strategies;
}

std::vector<std::unique_ptr<OffsetStrategy>> createExactStartingStrategies() {
  // None of them searches, so none needs a time limit.
  StrategyOptions unlimited;
  unlimited.timeLimitSeconds = 0;
  return createWithTraits(StrategyTraits::StartsExact, unlimited);
}

std::unique_ptr<OffsetStrategy>
assembleExactStrategy(const StrategyOptions &options) {
  return createExactStrategy(createExactStartingStrategies(), options);
}

/// hill-climb starts from every strategy that declares
/// StrategyTraits::StartsHillClimb, in table order; greedy-size, whose order
/// it searches, comes first in the table.
std::unique_ptr<OffsetStrategy>
assembleHillClimbStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<OffsetStrategy>> starters =
      createWithTraits(StrategyTraits::StartsHillClimb, options);
  assert(!starters.empty() && starters.front()->getName() == "greedy-size" &&
         "hill-climb searches greedy-size's order");
  return createHillClimbStrategy(std::move(starters), options);
}

/// best runs every other strategy of the table, the one that declares
/// StrategyTraits::FinishesBest last from the smallest plan of the others.
std::unique_ptr<OffsetStrategy>
assembleBestStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  std::unique_ptr<OffsetStrategy> finisher;
  for (const StrategyEntry<OffsetStrategy> &entry : offsetStrategyTable) {
    if (hasTraits(entry.traits, StrategyTraits::RunsAllOthers))
      continue;
    if (!finisher && hasTraits(entry.traits, StrategyTraits::FinishesBest))
      finisher = createFromEntry(entry, options);
    else
      candidates.push_back(createFromEntry(entry, options));
  }
  return createBestStrategy(std::move(candidates), std::move(finisher),
                            options);
}

std::unique_ptr<ObjectStrategy>
assembleBestObjectStrategy(const StrategyOptions &options) {
  std::vector<std::unique_ptr<ObjectStrategy>> candidates;
  for (const StrategyEntry<ObjectStrategy> &entry : objectStrategyTable)
    if (!hasTraits(entry.traits, StrategyTraits::RunsAllOthers))
      candidates.push_back(createFromEntry(entry, options));
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

StrategyTraits getOffsetStrategyTraits(StringRef name) {
  if (const auto *entry = findEntry<OffsetStrategy>(offsetStrategyTable, name))
    return entry->traits;
  return StrategyTraits::None;
}

StrategyTraits getObjectStrategyTraits(StringRef name) {
  if (const auto *entry = findEntry<ObjectStrategy>(objectStrategyTable, name))
    return entry->traits;
  return StrategyTraits::None;
}

StrategyTraits OffsetStrategy::getTraits() const {
  return getOffsetStrategyTraits(getName());
}

StrategyTraits ObjectStrategy::getTraits() const {
  return getObjectStrategyTraits(getName());
}

std::unique_ptr<OffsetStrategy>
createOffsetStrategy(StringRef name, const StrategyOptions &options) {
  if (const auto *entry = findEntry<OffsetStrategy>(offsetStrategyTable, name))
    return createFromEntry(*entry, options);
  return nullptr;
}

std::unique_ptr<ObjectStrategy>
createObjectStrategy(StringRef name, const StrategyOptions &options) {
  if (const auto *entry = findEntry<ObjectStrategy>(objectStrategyTable, name))
    return createFromEntry(*entry, options);
  return nullptr;
}

} // namespace memplan
