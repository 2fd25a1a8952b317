//===- SearchBudgetTest.cpp - The one budget of every search --------------===//

#include "SearchBudget.h"

#include "PlannerTestUtils.h"

using namespace memplan;
using detail::SearchBudget;

namespace {

TEST(SearchBudgetTest, NodesAllowExactlyThatMany) {
  SearchBudget budget = SearchBudget::forNodes(3, 0);
  EXPECT_TRUE(budget.pay(1));
  EXPECT_TRUE(budget.pay(1));
  EXPECT_TRUE(budget.pay(1));
  EXPECT_FALSE(budget.pay(1));
  EXPECT_TRUE(budget.stoppedBySteps());
  EXPECT_FALSE(budget.stoppedByClock());
  // The node refused is counted, as the searches count what they tried.
  EXPECT_EQ(budget.getUsed(), 4u);
  EXPECT_FALSE(budget.pay(1));
  // No node at all.
  EXPECT_FALSE(SearchBudget::forNodes(0, 0).pay(1));
}

TEST(SearchBudgetTest, NoLimitIsNeverSpent) {
  SearchBudget steps = SearchBudget::forSeconds(0, Deadline());
  EXPECT_TRUE(steps.pay(uint64_t(1) << 40));
  EXPECT_EQ(steps.getLeft(), UINT64_MAX);
  SearchBudget nodes = SearchBudget::forNodes(UINT64_MAX, 0);
  for (int i = 0; i != 1000; ++i)
    EXPECT_TRUE(nodes.pay(1));
  SearchBudget clock = SearchBudget::forWallClock(0, Deadline());
  EXPECT_FALSE(clock.hasPassed());
}

TEST(SearchBudgetTest, SecondsBecomeSteps) {
  SearchBudget budget = SearchBudget::forSeconds(1e-6, Deadline());
  uint64_t steps = budget.getLeft();
  EXPECT_EQ(steps, uint64_t(1e-6 * SearchBudget::kStepsPerSecond) + 1);
  EXPECT_TRUE(budget.pay(steps - 1));
  EXPECT_FALSE(budget.pay(1));
  EXPECT_TRUE(budget.stoppedBySteps());
}

TEST(SearchBudgetTest, ThePassDeadlineStopsEveryKind) {
  Deadline passed = passedDeadline();
  SearchBudget clock = SearchBudget::forWallClock(100, passed);
  EXPECT_TRUE(clock.hasPassed());
  EXPECT_TRUE(clock.stoppedByClock());
  // Steps look at the clock once per 2^16 of them.
  SearchBudget steps = SearchBudget::forSeconds(100, passed);
  EXPECT_TRUE(steps.pay(1));
  EXPECT_FALSE(steps.pay(1 << 16));
  EXPECT_TRUE(steps.stoppedByClock());
  // A wall-clock limit that has run out.
  SearchBudget shortLimit = SearchBudget::forWallClock(1e-9, Deadline());
  while (!shortLimit.hasPassed()) {
  }
  EXPECT_TRUE(shortLimit.stoppedByClock());
}

} // namespace
