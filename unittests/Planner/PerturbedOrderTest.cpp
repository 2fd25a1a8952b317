//===- PerturbedOrderTest.cpp - The exact search's perturbed orders -------===//
//
// A perturbed order is only worth trying if the search stays complete under
// it and it is really another order. Both are checked on the private
// CapacitySearch: against the brute force of BruteForcePlanner.h on tiny
// problems, and by the offsets of runs on larger ones.
//
//===----------------------------------------------------------------------===//

#include "Exact/CapacitySearch.h"
#include "Exact/ExactModel.h"
#include "SearchBudget.h"

#include "memplan/Planner/Validator.h"

#include "BruteForcePlanner.h"
#include "PlannerTestUtils.h"

#include "llvm/ADT/STLExtras.h"

#include <random>
#include <set>
#include <string>
#include <utility>

using namespace memplan;
using namespace memplan::detail;

namespace {

/// What every component's search says about `capacityUnits` with `order`
/// and `perturbation`, with neither a node limit nor a budget: Found with a
/// plan when all fit, else Refuted (never Stopped).
std::pair<SearchOutcome, Plan>
decideAll(llvm::ArrayRef<Buffer> buffers, const ExactModel &model,
          uint64_t capacityUnits, SearchOrder order, uint64_t perturbation) {
  SearchBudget budget = SearchBudget::forSeconds(0, Deadline());
  Plan plan;
  plan.offsets.assign(buffers.size(), 0);
  for (const ExactComponent &component : model.components) {
    CapacitySearch search(component, order, perturbation);
    SearchOutcome outcome = search.run(capacityUnits, 0, budget);
    if (outcome != SearchOutcome::Found)
      return {outcome, Plan()};
    for (auto [local, offset] : llvm::enumerate(search.getOffsets()))
      plan.offsets[component.original[local]] = offset * model.unit;
  }
  // Buffers in no component (zero bytes) stay at 0.
  for (auto [buffer, offset] : llvm::zip(buffers, plan.offsets))
    plan.slabSize = std::max(plan.slabSize, offset + buffer.size);
  return {SearchOutcome::Found, plan};
}

TEST(PerturbedOrderTest, CompleteOnTinyProblems) {
  std::mt19937 rng(4242);
  RandomProblemShape shape;
  shape.maxBuffers = 7;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 3;
  shape.maxSize = 12;
  shape.maxLifetime = 4;
  for (int problem = 0; problem < 150; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    SCOPED_TRACE("problem " + std::to_string(problem));
    uint64_t minimum = bruteForceMinimum(buffers).slabSize;
    llvm::Expected<ExactModel> model = buildExactModel(buffers);
    ASSERT_TRUE(static_cast<bool>(model));
    for (uint64_t perturbation : {1, 2, 3, 1000003}) {
      for (SearchOrder order : getSearchOrders()) {
        auto [fits, plan] = decideAll(buffers, *model, minimum / model->unit,
                                      order, perturbation);
        ASSERT_EQ(fits, SearchOutcome::Found);
        EXPECT_LE(plan.slabSize, minimum);
        EXPECT_EQ(errorMessage(validatePlan(buffers, plan)), "");
        if (minimum == 0)
          continue;
        EXPECT_EQ(decideAll(buffers, *model, (minimum - 1) / model->unit, order,
                            perturbation)
                      .first,
                  SearchOutcome::Refuted);
      }
    }
  }
}

TEST(PerturbedOrderTest, RepeatsAndDiffersFromTheStaticOrder) {
  // Problems with many buffers of close sizes in crowded times, where the
  // rank decides much: each perturbation repeats itself exactly, and the
  // perturbations between them find plans the static order does not.
  std::mt19937 rng(99);
  RandomProblemShape shape;
  shape.minBuffers = 30;
  shape.maxBuffers = 40;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 0;
  shape.someZeroSized = false;
  shape.minSize = 20;
  shape.maxSize = 40;
  shape.maxLifetime = 8;
  unsigned differing = 0;
  for (int problem = 0; problem < 10; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    llvm::Expected<ExactModel> model = buildExactModel(buffers);
    ASSERT_TRUE(static_cast<bool>(model));
    // Room enough that the first descent fits: its offsets show the order.
    uint64_t capacity = UINT64_MAX / 4;
    SearchOrder order = getSearchOrders()[0];
    std::set<std::vector<uint64_t>> plans;
    for (uint64_t perturbation = 0; perturbation != 8; ++perturbation) {
      auto [fits, plan] =
          decideAll(buffers, *model, capacity, order, perturbation);
      ASSERT_EQ(fits, SearchOutcome::Found);
      auto [again, planAgain] =
          decideAll(buffers, *model, capacity, order, perturbation);
      ASSERT_EQ(again, SearchOutcome::Found);
      EXPECT_EQ(plan.offsets, planAgain.offsets);
      plans.insert(
          std::vector<uint64_t>(plan.offsets.begin(), plan.offsets.end()));
    }
    differing += plans.size() > 1;
  }
  EXPECT_GE(differing, 8u);
}

} // namespace
