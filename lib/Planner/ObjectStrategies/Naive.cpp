//===- Naive.cpp - One object per buffer ----------------------------------===//
//
// The baseline: no buffer shares an object, whatever the lifetimes.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

using namespace llvm;

namespace memplan {

namespace {
class NaiveObjectStrategy final : public ObjectStrategy {
public:
  StringRef getName() const override { return "naive"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override {
    if (Error error = detail::checkObjectProblem(buffers, getName()))
      return std::move(error);
    detail::ObjectSet objects(buffers);
    for (unsigned index = 0, e = buffers.size(); index != e; ++index)
      objects.create(index);
    return objects.takePlan(getName());
  }
};
} // namespace

std::unique_ptr<ObjectStrategy>
createNaiveObjectStrategy(const StrategyOptions &) {
  return std::make_unique<NaiveObjectStrategy>();
}

} // namespace memplan
