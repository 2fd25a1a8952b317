//===- Exact.cpp - The smallest slab, proven when time allows -------------===//
//
// The strategy face of solveExact (memplan/Planner/ExactSolver.h): it starts
// from the cheap heuristics' plans, searches until the plan is proven optimal
// or StrategyOptions::timeLimitSeconds is spent, and says in Plan::details
// whether the slab is optimal or how far it may be above the optimum.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/ExactSolver.h"

using namespace llvm;

namespace memplan {

namespace {
class ExactStrategy final : public OffsetStrategy {
public:
  explicit ExactStrategy(const StrategyOptions &options) : options(options) {}

  StringRef getName() const override { return "exact"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override {
    ExactOptions exactOptions;
    exactOptions.timeLimitSeconds = options.timeLimitSeconds;
    return planExactly(buffers, exactOptions);
  }

private:
  StrategyOptions options;
};
} // namespace

std::unique_ptr<OffsetStrategy>
createExactStrategy(const StrategyOptions &options) {
  return std::make_unique<ExactStrategy>(options);
}

} // namespace memplan
