//===- BestTest.cpp - Tests of the best strategy --------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"
#include "Strategies/Strategies.h"

#include <random>
#include <vector>

using namespace memplan;

namespace {

/// Runs `name` with a small time budget, as best would be run in tests:
/// enough for hill-climb's capped moves, short for exact's search.
std::optional<Plan> runWith(llvm::StringRef name,
                            llvm::ArrayRef<Buffer> buffers) {
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  return runStrategy(name, buffers, options);
}

/// The strategy best should pick: the first in the registry with the
/// smallest slab, and that slab.
std::pair<std::string, uint64_t>
expectedWinner(llvm::ArrayRef<Buffer> buffers) {
  std::pair<std::string, uint64_t> winner;
  for (llvm::StringRef name : getOffsetStrategyNames()) {
    if (name == "best")
      continue;
    std::optional<Plan> plan = runWith(name, buffers);
    if (plan && (winner.first.empty() || plan->slabSize < winner.second))
      winner = {name.str(), plan->slabSize};
  }
  return winner;
}

/// ExactTest's optimumAboveMaxLive: no plan meets the bound of 5; the
/// optimum is 6.
llvm::SmallVector<Buffer> aboveTheBound() {
  return {makeBuffer(3, 0, 1), makeBuffer(2, 0, 3), makeBuffer(1, 2, 5),
          makeBuffer(2, 2, 4), makeBuffer(1, 3, 5), makeBuffer(3, 4, 6),
          makeBuffer(2, 5, 6)};
}

TEST(BestTest, TakesTheSmallestAndStopsAtTheBound) {
  // greedy-size gives 12, hill-climb the bound 11 (see HillClimbTest), and so
  // do strategies listed before it; the first of them wins, and at the bound
  // nothing can do better, so the strategies after it, hill-climb and exact
  // among them, do not run.
  Buffer buffers[] = {makeBuffer(5, 1, 3), makeBuffer(4, 2, 4),
                      makeBuffer(3, 3, 4), makeBuffer(4, 3, 6),
                      makeBuffer(1, 1, 2)};
  std::optional<Plan> plan = runWith("best", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  EXPECT_EQ(plan->slabSize, 11u);
  auto [winner, slab] = expectedWinner(buffers);
  EXPECT_EQ(slab, 11u);
  llvm::StringRef details = plan->details;
  EXPECT_TRUE(details.starts_with("best: " + winner +
                                  " won (11); naive 17, "
                                  "greedy-size 12, "))
      << plan->details;
  EXPECT_TRUE(details.contains(winner + " 11; at the lower bound, so "))
      << plan->details;
  EXPECT_TRUE(details.contains("hill-climb, exact did not run; "))
      << plan->details;
  // How long the run took.
  EXPECT_TRUE(details.ends_with(" ms")) << plan->details;
  EXPECT_TRUE(plan->outcome.provenOptimal);
  for (llvm::StringRef name : getOffsetStrategyNames())
    if (name != "best") {
      EXPECT_TRUE(details.contains(name)) << name.str();
    }
}

TEST(BestTest, RunsEveryStrategyAboveTheBound) {
  // No plan meets the bound, so every strategy runs and exact proves 6.
  llvm::SmallVector<Buffer> buffers = aboveTheBound();
  std::optional<Plan> plan = runWith("best", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->slabSize, 6u);
  llvm::StringRef details = plan->details;
  EXPECT_FALSE(details.contains("did not run")) << plan->details;
  EXPECT_TRUE(details.contains("exact 6 (proven optimal)")) << plan->details;
}

TEST(BestTest, TiesGoToTheEarlierStrategy) {
  // Disjoint lifetimes: every strategy but naive reaches 16; the first of
  // them in the registry (greedy-size as the table stands) wins.
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(16, 1, 2)};
  std::optional<Plan> plan = runWith("best", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->slabSize, 16u);
  auto [winner, slab] = expectedWinner(buffers);
  EXPECT_EQ(slab, 16u);
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .starts_with("best: " + winner + " won (16); naive 24, "))
      << plan->details;
}

TEST(BestTest, TwoStepsGiveThePlanOfOne) {
  // Above the bound whatever the strategy: the quick step leaves a search.
  llvm::SmallVector<Buffer> above = aboveTheBound();
  // At the bound after greedy-size: nothing is left to search.
  Buffer atBound[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3)};
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  std::unique_ptr<OffsetStrategy> best = createOffsetStrategy("best", options);
  for (auto [buffers, wantsSearch] :
       {std::pair(llvm::ArrayRef<Buffer>(above), true),
        std::pair(llvm::ArrayRef<Buffer>(atBound), false)}) {
    llvm::Expected<std::unique_ptr<StagedOffsetPlan>> staged =
        best->startPlan(buffers);
    ASSERT_TRUE(static_cast<bool>(staged));
    EXPECT_EQ((*staged)->wantsSearch(), wantsSearch);
    llvm::Expected<Plan> twoSteps = (*staged)->finish(0.05);
    PlanRequest request;
    request.timeLimitSeconds = 0.05;
    llvm::Expected<Plan> oneStep = best->plan(buffers, request);
    ASSERT_TRUE(twoSteps && oneStep);
    EXPECT_EQ(twoSteps->offsets, oneStep->offsets);
    EXPECT_EQ(twoSteps->outcome.strategy, oneStep->outcome.strategy);
  }
  // The searching strategies do all their work in the second step.
  std::unique_ptr<OffsetStrategy> exact =
      createOffsetStrategy("exact", options);
  llvm::Expected<std::unique_ptr<StagedOffsetPlan>> staged =
      exact->startPlan(atBound);
  ASSERT_TRUE(static_cast<bool>(staged));
  EXPECT_TRUE((*staged)->wantsSearch());
  EXPECT_TRUE(static_cast<bool>((*staged)->finish(0.05)));
}

TEST(BestTest, NoStrategyStartsAfterTheDeadline) {
  // A deadline already passed: the first strategy still runs, so that there
  // is a plan, and no other starts.
  llvm::SmallVector<Buffer> buffers = aboveTheBound();
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  options.deadline = passedDeadline();
  std::optional<Plan> plan = runStrategy("best", buffers, options);
  ASSERT_TRUE(plan);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  EXPECT_EQ(plan->outcome.strategy, "naive");
  EXPECT_TRUE(plan->outcome.stoppedByClock);
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .contains("; out of time, so greedy-size, "))
      << plan->details;
  EXPECT_FALSE(plan->outcome.provenOptimal);
}

TEST(BestTest, Empty) {
  std::optional<Plan> plan = runWith("best", {});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(BestTest, NoWorseThanAnyStrategyOnRandomProblems) {
  std::mt19937 rng(4242);
  RandomProblemShape shape;
  shape.maxBuffers = 40;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 5;
  shape.someZeroSized = false;
  shape.minSize = 0;
  shape.maxSize = 300;
  shape.maxLifetime = 6;
  for (int problem = 0; problem < 40; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    SCOPED_TRACE("problem " + std::to_string(problem));
    std::optional<Plan> best = runWith("best", buffers);
    ASSERT_TRUE(best);
    EXPECT_EQ(errorMessage(validatePlan(buffers, *best)), "");
    for (llvm::StringRef name : getOffsetStrategyNames()) {
      // exact gets half the limit inside best, and starts there from a
      // different plan, so alone it may stop lower; ExactTest covers it.
      if (name == "best" || name == "exact")
        continue;
      // Inside best, hill-climb gets what is left of the limit; on a loaded
      // machine the clock may stop it before it finds what it finds alone.
      if (name == "hill-climb" && best->outcome.stoppedByClock)
        continue;
      std::optional<Plan> other = runWith(name, buffers);
      ASSERT_TRUE(other);
      EXPECT_LE(best->slabSize, other->slabSize) << name.str();
    }
    // The winner is named, with the slab it gave.
    llvm::StringRef details = best->details;
    ASSERT_TRUE(details.consume_front("best: ")) << best->details;
    llvm::StringRef winner =
        details.take_until([](char c) { return c == ' '; });
    EXPECT_TRUE(llvm::is_contained(getOffsetStrategyNames(), winner))
        << best->details;
    EXPECT_TRUE(
        details.contains(" won (" + std::to_string(best->slabSize) + ")"))
        << best->details;
  }
}

TEST(BestTest, QuickStrategiesAtOnceGiveThePlanOfOneAfterTheOther) {
  std::mt19937 rng(777);
  RandomProblemShape shape;
  shape.maxBuffers = 30;
  shape.maxAlignmentLog2 = 4;
  shape.maxLifetime = 6;
  unsigned compared = 0, ranAtOnce = 0;
  for (int problem = 0; problem < 120; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    SCOPED_TRACE("problem " + std::to_string(problem));
    StrategyOptions options;
    options.timeLimitSeconds = 0.05;
    // Every other problem with the cheap strategies first (a deadline that
    // does not pass in the test), whose order changes which run alone.
    bool cheapFirst = problem % 2 == 1;
    if (cheapFirst) {
      options.deadline = Deadline::after(3600);
      options.cheapFirstFromOverlap = 0;
    }
    std::optional<Plan> inOrder = runStrategy("best", buffers, options);
    options.parallelFor = runOnThreadsLastFirst;
    options.parallelFromBuffers = 0;
    std::optional<Plan> atOnce = runStrategy("best", buffers, options);
    ASSERT_TRUE(inOrder && atOnce);
    // A search stopped by the clock may find something else.
    if (inOrder->outcome.stoppedByClock || atOnce->outcome.stoppedByClock)
      continue;
    ++compared;
    EXPECT_EQ(atOnce->offsets, inOrder->offsets);
    EXPECT_EQ(atOnce->slabSize, inOrder->slabSize);
    EXPECT_EQ(atOnce->outcome.strategy, inOrder->outcome.strategy);
    EXPECT_EQ(withoutTime(atOnce->details), withoutTime(inOrder->details));
    // Past naive and greedy-size (and start-best-fit), the rest ran at once.
    if (!cheapFirst &&
        !llvm::StringRef(inOrder->details)
             .contains("greedy-size " + std::to_string(inOrder->slabSize) +
                       "; at the lower bound"))
      ++ranAtOnce;
  }
  EXPECT_GT(compared, 80u);
  EXPECT_GT(ranAtOnce, 10u);
}

TEST(BestTest, CheapStrategiesFirstUnderADeadlineWhereMuchOverlaps) {
  // greedy-size and start-best-fit both meet the bound of 16; naive does
  // not. Table order runs greedy-size first, and start-best-fit never; with
  // the cheap strategies first (naive, start-best-fit), start-best-fit
  // meets the bound and greedy-size never runs.
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 1, 3),
                      makeBuffer(8, 2, 4)};
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  std::optional<Plan> tableOrder = runStrategy("best", buffers, options);
  ASSERT_TRUE(tableOrder);
  EXPECT_EQ(tableOrder->outcome.strategy, "greedy-size");
  EXPECT_TRUE(llvm::StringRef(tableOrder->details)
                  .contains(", start-best-fit, gergov, hill-climb, exact "
                            "did not run"))
      << tableOrder->details;

  // The overlap is far below the default threshold, and a threshold
  // reached without a deadline changes nothing.
  options.deadline = Deadline::after(3600);
  std::optional<Plan> smallOverlap = runStrategy("best", buffers, options);
  options.deadline = Deadline();
  options.cheapFirstFromOverlap = 0;
  std::optional<Plan> noDeadline = runStrategy("best", buffers, options);
  ASSERT_TRUE(smallOverlap && noDeadline);
  EXPECT_EQ(smallOverlap->outcome.strategy, "greedy-size");
  EXPECT_EQ(noDeadline->outcome.strategy, "greedy-size");

  options.deadline = Deadline::after(3600);
  std::optional<Plan> cheapFirst = runStrategy("best", buffers, options);
  ASSERT_TRUE(cheapFirst);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *cheapFirst)), "");
  EXPECT_EQ(cheapFirst->slabSize, 16u);
  EXPECT_EQ(cheapFirst->outcome.strategy, "start-best-fit");
  llvm::StringRef details = cheapFirst->details;
  EXPECT_TRUE(details.starts_with("best: start-best-fit won (16); naive 24, "
                                  "start-best-fit 16; at the lower bound, so "
                                  "greedy-size, "))
      << cheapFirst->details;
  EXPECT_TRUE(cheapFirst->outcome.provenOptimal);
}

TEST(BestTest, CheapStrategiesFirstUnderADeadlineOnManyBuffers) {
  // The problem of the test above, whose overlap is far below the default
  // threshold: from cheapFirstFromBuffers buffers on, the cheap strategies
  // go first under a deadline all the same, and below it, or without a
  // deadline, table order stays.
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 1, 3),
                      makeBuffer(8, 2, 4)};
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  options.deadline = Deadline::after(3600);
  options.cheapFirstFromBuffers = 4;
  std::optional<Plan> fewBuffers = runStrategy("best", buffers, options);
  options.cheapFirstFromBuffers = 3;
  std::optional<Plan> manyBuffers = runStrategy("best", buffers, options);
  options.deadline = Deadline();
  std::optional<Plan> noDeadline = runStrategy("best", buffers, options);
  ASSERT_TRUE(fewBuffers && manyBuffers && noDeadline);
  EXPECT_EQ(fewBuffers->outcome.strategy, "greedy-size");
  EXPECT_EQ(noDeadline->outcome.strategy, "greedy-size");
  EXPECT_EQ(errorMessage(validatePlan(buffers, *manyBuffers)), "");
  EXPECT_EQ(manyBuffers->outcome.strategy, "start-best-fit");
  EXPECT_TRUE(llvm::StringRef(manyBuffers->details)
                  .starts_with("best: start-best-fit won (16); naive 24, "
                               "start-best-fit 16; at the lower bound, so "
                               "greedy-size, "))
      << manyBuffers->details;
}

using FixedPlanStrategy = FixedPlanStrategyOf<OffsetStrategy, Plan>;

TEST(BestTest, InvalidPlansNeitherWinNorStopTheRun) {
  // Two buffers live together: the bound is 12. "overlapping" puts both at
  // 0 in 8 bytes, below the bound; "at-bound" meets it but overlaps too;
  // "valid" gives 12, and "larger" 16.
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(8, 1, 3)};
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("larger", makePlan({0, 8}, 16)));
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("overlapping", makePlan({0, 0}, 8)));
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("at-bound", makePlan({4, 0}, 12)));
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("valid", makePlan({8, 0}, 12)));
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("after", makePlan({0, 4}, 12)));
  StrategyOptions options;
  std::unique_ptr<OffsetStrategy> best =
      createBestStrategy(std::move(candidates), nullptr, options);
  llvm::Expected<Plan> plan = best->plan(buffers);
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  EXPECT_EQ(plan->outcome.strategy, "valid");
  llvm::StringRef details = plan->details;
  EXPECT_TRUE(details.starts_with("best: valid won (12); larger 16, "
                                  "overlapping (invalid: "))
      << plan->details;
  EXPECT_TRUE(details.contains("at-bound (invalid: ")) << plan->details;
  // The invalid plan at the bound did not stop the run; the valid one did.
  EXPECT_TRUE(
      details.contains("valid 12; at the lower bound, so after did not run"))
      << plan->details;
  EXPECT_TRUE(plan->outcome.provenOptimal);
}

TEST(BestTest, AWinnerStoppedByTheClockKeepsItsStackedCount) {
  // A quick strategy cut short by the deadline stacks what it had not
  // placed (ClockedPlacement.h); best passes the count on with the plan.
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(8, 1, 3)};
  Plan stacked = makePlan({0, 4}, 12);
  stacked.outcome.stoppedByClock = true;
  stacked.outcome.stackedByClock = 2;
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("larger", makePlan({0, 8}, 16)));
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("stopped", std::move(stacked)));
  std::unique_ptr<OffsetStrategy> best =
      createBestStrategy(std::move(candidates), nullptr, StrategyOptions());
  llvm::Expected<Plan> plan = best->plan(buffers);
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(plan->outcome.strategy, "stopped");
  EXPECT_TRUE(plan->outcome.stoppedByClock);
  EXPECT_EQ(plan->outcome.stackedByClock, 2u);
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .contains("stopped 12 (stopped by the clock, 2 buffers "
                            "stacked)"))
      << plan->details;
}

TEST(BestTest, NoValidPlanIsAnError) {
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(8, 1, 3)};
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  candidates.push_back(
      std::make_unique<FixedPlanStrategy>("overlapping", makePlan({0, 0}, 8)));
  std::unique_ptr<OffsetStrategy> best =
      createBestStrategy(std::move(candidates), nullptr, StrategyOptions());
  llvm::Expected<Plan> plan = best->plan(buffers);
  ASSERT_FALSE(static_cast<bool>(plan));
  std::string message = llvm::toString(plan.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "best: no strategy gave a valid plan; overlapping (invalid: "))
      << message;
}

} // namespace
