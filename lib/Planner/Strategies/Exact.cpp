//===- Exact.cpp - The smallest slab, proven when time allows -------------===//
//
// The strategy face of solveExact (memplan/Planner/ExactSolver.h): it starts
// from the plans of the heuristics it is given (or from a plan it is asked
// to improve), searches until the plan is proven optimal or the time limit
// is spent, and says in Plan::details whether the slab is optimal or how far
// it may be above the optimum.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/ExactSolver.h"

using namespace llvm;

namespace memplan {

namespace {
class ExactStrategy final : public OffsetStrategy {
public:
  ExactStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                const StrategyOptions &options)
      : starters(std::move(starters)), options(options) {}

  StringRef getName() const override { return "exact"; }

  /// From `request.start` when given, else from the smallest plan of the
  /// starters.
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &request) const override {
    ExactOptions exactOptions;
    exactOptions.timeLimitSeconds =
        request.timeLimitSeconds.value_or(options.timeLimitSeconds);
    exactOptions.deadline = options.deadline;
    if (request.start)
      exactOptions.initialPlan = *request.start;
    exactOptions.startingStrategies = getStrategyPointers(starters);
    Expected<Plan> plan = planExactly(buffers, exactOptions);
    if (plan)
      plan->outcome.strategy = getName().str();
    return plan;
  }

private:
  std::vector<std::unique_ptr<OffsetStrategy>> starters;
  StrategyOptions options;
};
} // namespace

std::unique_ptr<OffsetStrategy>
createExactStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                    const StrategyOptions &options) {
  return std::make_unique<ExactStrategy>(std::move(starters), options);
}

} // namespace memplan
