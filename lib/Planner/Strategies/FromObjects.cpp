//===- FromObjects.cpp - Offsets from a shared-objects strategy -----------===//
//
// Pisarchyk & Lee compare the prior shared-object strategies of Lee et al.
// 2019 as offset strategies too (their Table 2) by laying the objects back to
// back. `greedy-in-order` and `mincost-flow` are offered that way: the object
// strategy of the same name runs, and every buffer gets its object's offset.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "../ObjectLayout.h"
#include "../ObjectStrategies/ObjectStrategies.h"

#include "memplan/Planner/ObjectStrategy.h"

using namespace llvm;

namespace memplan {

namespace {
class FromObjectsStrategy final : public OffsetStrategy {
public:
  explicit FromObjectsStrategy(std::unique_ptr<ObjectStrategy> objects)
      : objects(std::move(objects)) {}

  StringRef getName() const override { return objects->getName(); }

  /// The objects take lifetimes whole (the registry lets the plan down into
  /// the gaps, where another's bytes may hold a buffer).
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override {
    Expected<ObjectPlan> objectPlan = objects->plan(buffers);
    if (!objectPlan)
      return objectPlan.takeError();
    Expected<Plan> plan = layOutObjects(buffers, *objectPlan, getName());
    if (plan)
      plan->outcome.strategy = getName().str();
    return plan;
  }

private:
  std::unique_ptr<ObjectStrategy> objects;
};
} // namespace

// The object strategies come from the registry, which empties their
// objects into the gaps of gapped lifetimes before they are laid out.
std::unique_ptr<OffsetStrategy>
createGreedyInOrderStrategy(const StrategyOptions &options) {
  return std::make_unique<FromObjectsStrategy>(
      createObjectStrategy("greedy-in-order", options));
}

std::unique_ptr<OffsetStrategy>
createMinCostFlowStrategy(const StrategyOptions &options) {
  return std::make_unique<FromObjectsStrategy>(
      createObjectStrategy("mincost-flow", options));
}

} // namespace memplan
