//===- OffsetsMode.cpp - Every buffer at a byte offset of one slab --------===//

#include "SolveMode.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

using namespace llvm;

namespace memplan {

namespace {
class OffsetsMode final : public SolveMode {
public:
  StringRef getName() const override { return "offsets"; }
  StringRef getBytesLabel() const override { return "slab"; }

  SmallVector<StringRef> getStrategyNames() const override {
    return SmallVector<StringRef>(getOffsetStrategyNames());
  }

  Expected<uint64_t>
  computeLowerBound(ArrayRef<Buffer> buffers) const override {
    return memplan::computeLowerBound(buffers);
  }

  Expected<uint64_t> computeNaive(ArrayRef<Buffer> buffers) const override {
    return computeNaiveSize(buffers);
  }

  Expected<Solution> solve(StringRef name, ArrayRef<Buffer> buffers,
                           const StrategyOptions &options) const override {
    std::unique_ptr<OffsetStrategy> strategy =
        createOffsetStrategy(name, options);
    assert(strategy && "the driver checks strategy names");
    Expected<Plan> plan = strategy->plan(buffers);
    if (!plan)
      return plan.takeError();
    Solution solution;
    solution.bytes = plan->slabSize;
    solution.details = std::move(plan->details);
    solution.offsets = std::move(plan->offsets);
    return solution;
  }

  Error validate(ArrayRef<Buffer> buffers,
                 const Solution &solution) const override {
    Plan plan;
    plan.offsets = solution.offsets;
    plan.slabSize = solution.bytes;
    return validatePlan(buffers, plan);
  }

  void write(raw_ostream &os, const CsvProblem &problem,
             const Solution &solution) const override {
    writeOffsetsCsv(os, problem, solution.offsets);
  }
};
} // namespace

std::unique_ptr<SolveMode> createOffsetsMode() {
  return std::make_unique<OffsetsMode>();
}

} // namespace memplan
