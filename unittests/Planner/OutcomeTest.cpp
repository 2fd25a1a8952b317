//===- OutcomeTest.cpp - What strategies say about their plans -----------===//
//
// PlanOutcome is what tools read instead of the details: which strategy made
// a plan, whether it is proven optimal, the bound proven and whether a clock
// cut the search short. These tests hold every strategy of both kinds to it
// and check that it agrees with the details, which stay for people.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ObjectStrategy.h"

#include "PlannerTestUtils.h"

#include <random>

using namespace memplan;

namespace {

/// greedy-size gives 12, the bound 11 is reachable (HillClimbTest).
llvm::SmallVector<Buffer> greedyMissesBound() {
  return {makeBuffer(5, 1, 3), makeBuffer(4, 2, 4), makeBuffer(3, 3, 4),
          makeBuffer(4, 3, 6), makeBuffer(1, 1, 2)};
}

/// The live bound is 5, the optimum 6 (ExactTest).
llvm::SmallVector<Buffer> optimumAboveMaxLive() {
  return {makeBuffer(3, 0, 1), makeBuffer(2, 0, 3), makeBuffer(1, 2, 5),
          makeBuffer(2, 2, 4), makeBuffer(1, 3, 5), makeBuffer(3, 4, 6),
          makeBuffer(2, 5, 6)};
}

StrategyOptions withTimeLimit(double seconds) {
  StrategyOptions options;
  options.timeLimitSeconds = seconds;
  return options;
}

/// The winner `best` names in its details: "best: NAME won (...)" for
/// offsets, "best: NAME (...)" for objects.
std::string winnerInDetails(llvm::StringRef details) {
  if (!details.consume_front("best: "))
    return "";
  return details.take_until([](char c) { return c == ' '; }).str();
}

TEST(OutcomeTest, EveryStrategyNamesItself) {
  llvm::SmallVector<Buffer> buffers = greedyMissesBound();
  for (llvm::StringRef name : getOffsetStrategyNames()) {
    if (name == "best")
      continue;
    std::optional<Plan> plan = runStrategy(name, buffers, withTimeLimit(0.05));
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->outcome.strategy, name.str());
  }
  for (llvm::StringRef name : getObjectStrategyNames()) {
    if (name == "best")
      continue;
    llvm::Expected<ObjectPlan> plan = createObjectStrategy(name)->plan(buffers);
    ASSERT_TRUE(bool(plan)) << errorMessage(plan.takeError());
    EXPECT_EQ(plan->outcome.strategy, name.str());
  }
}

TEST(OutcomeTest, ExactProvesTheOptimum) {
  for (llvm::SmallVector<Buffer> buffers :
       {greedyMissesBound(), optimumAboveMaxLive()}) {
    std::optional<Plan> plan = runStrategy("exact", buffers, withTimeLimit(0));
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->outcome.strategy, "exact");
    EXPECT_TRUE(plan->outcome.provenOptimal);
    EXPECT_EQ(plan->outcome.provenBound, plan->slabSize);
    EXPECT_FALSE(plan->outcome.stoppedByClock);
    EXPECT_TRUE(llvm::StringRef(plan->details).starts_with("optimal (proven)"))
        << plan->details;
  }
  // Above the live bound: the proof is the search's.
  std::optional<Plan> plan =
      runStrategy("exact", optimumAboveMaxLive(), withTimeLimit(0));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->outcome.provenBound, 6u);
}

TEST(OutcomeTest, ExactStoppedEarlyGivesItsBound) {
  // A budget far too small to finish: the details give the bound and the
  // gap, the outcome the same bound.
  std::mt19937 rng(11);
  RandomProblemShape shape;
  shape.minBuffers = 150;
  shape.maxBuffers = 150;
  shape.horizonPerBuffer = 1;
  shape.someZeroSized = false;
  unsigned stopped = 0;
  for (int problem = 0; problem < 5; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    std::optional<Plan> plan =
        runStrategy("exact", buffers, withTimeLimit(1e-6));
    ASSERT_TRUE(plan);
    uint64_t live = llvm::cantFail(computeLowerBound(buffers));
    EXPECT_GE(plan->outcome.provenBound, live);
    EXPECT_LE(plan->outcome.provenBound, plan->slabSize);
    llvm::StringRef details = plan->details;
    EXPECT_EQ(plan->outcome.provenOptimal, details.starts_with("optimal"))
        << plan->details;
    EXPECT_EQ(plan->outcome.stoppedByClock,
              details.contains("stopped by the clock"))
        << plan->details;
    if (!plan->outcome.provenOptimal) {
      ++stopped;
      EXPECT_TRUE(details.starts_with(
          "lower bound " + std::to_string(plan->outcome.provenBound) + " "))
          << plan->details;
    }
  }
  EXPECT_GT(stopped, 0u);
}

TEST(OutcomeTest, HillClimbAtTheBoundIsProvenOptimal) {
  std::optional<Plan> plan =
      runStrategy("hill-climb", greedyMissesBound(), withTimeLimit(0));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->outcome.strategy, "hill-climb");
  EXPECT_EQ(plan->slabSize, 11u);
  EXPECT_TRUE(plan->outcome.provenOptimal);
  EXPECT_EQ(plan->outcome.provenBound, 11u);
  EXPECT_FALSE(plan->outcome.stoppedByClock);

  // The bound of 5 cannot be reached, so nothing is proven.
  plan = runStrategy("hill-climb", optimumAboveMaxLive(), withTimeLimit(0));
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->slabSize, 6u);
  EXPECT_FALSE(plan->outcome.provenOptimal);
  EXPECT_EQ(plan->outcome.provenBound, 0u);
}

TEST(OutcomeTest, HillClimbStoppedByATinyTimeLimit) {
  // Many short overlapping buffers, as in HillClimbTest.StopsAtTheTimeLimit:
  // greedy misses the bound and no move reaches it at once.
  std::mt19937 rng(3);
  llvm::SmallVector<Buffer> buffers(3000);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    buffer.size = 1 + rng() % 1000;
    buffer.start = index / 4 + rng() % 3;
    buffer.end = buffer.start + 1 + rng() % 8;
  }
  std::optional<Plan> plan =
      runStrategy("hill-climb", buffers, withTimeLimit(1e-9));
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->outcome.stoppedByClock);
  EXPECT_TRUE(llvm::StringRef(plan->details).contains("machine speed"))
      << plan->details;
  EXPECT_FALSE(plan->outcome.provenOptimal);

  // Without a limit the cap stops it, which any machine reproduces.
  plan = runStrategy("hill-climb", buffers, withTimeLimit(0));
  ASSERT_TRUE(plan);
  EXPECT_FALSE(plan->outcome.stoppedByClock);
}

TEST(OutcomeTest, BestNamesTheWinnerOfItsDetailsAndTakesExactsProof) {
  for (llvm::SmallVector<Buffer> buffers :
       {greedyMissesBound(), optimumAboveMaxLive()}) {
    std::optional<Plan> plan = runStrategy("best", buffers, withTimeLimit(1));
    std::optional<Plan> exact = runStrategy("exact", buffers, withTimeLimit(0));
    ASSERT_TRUE(plan && exact);
    EXPECT_EQ(plan->outcome.strategy, winnerInDetails(plan->details))
        << plan->details;
    EXPECT_NE(plan->outcome.strategy, "best");
    // A plan at the lower bound proves itself, and the rest do not run;
    // above it, exact, last, proves the smallest slab optimal. The details
    // say which.
    EXPECT_EQ(plan->outcome.provenBound, exact->outcome.provenBound);
    EXPECT_TRUE(plan->outcome.provenOptimal);
    bool atBound = plan->slabSize == llvm::cantFail(computeLowerBound(buffers));
    EXPECT_EQ(llvm::StringRef(plan->details)
                  .contains("exact " + std::to_string(plan->slabSize) +
                            " (proven optimal)"),
              !atBound)
        << plan->details;
    EXPECT_EQ(llvm::StringRef(plan->details).contains("did not run"), atBound)
        << plan->details;
  }
}

TEST(OutcomeTest, BestIsStoppedByTheClockWhenACandidateIs) {
  // The hill-climb of HillClimbStoppedByATinyTimeLimit, inside a best whose
  // time is spent before hill-climb runs.
  std::mt19937 rng(3);
  llvm::SmallVector<Buffer> buffers(3000);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    buffer.size = 1 + rng() % 1000;
    buffer.start = index / 4 + rng() % 3;
    buffer.end = buffer.start + 1 + rng() % 8;
  }
  std::optional<Plan> plan = runStrategy("best", buffers, withTimeLimit(1e-9));
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->outcome.stoppedByClock);
  EXPECT_TRUE(llvm::StringRef(plan->details).contains("(stopped by the clock)"))
      << plan->details;
}

TEST(OutcomeTest, ObjectBestNamesTheWinnerAndProvesWhatItCan) {
  // At the positional-maximum bound: proven optimal.
  llvm::SmallVector<Buffer> buffers = {
      makeBuffer(48, 2, 5), makeBuffer(32, 0, 3), makeBuffer(16, 1, 2),
      makeBuffer(8, 3, 4), makeBuffer(16, 4, 6)};
  llvm::Expected<ObjectPlan> plan = createObjectStrategy("best")->plan(buffers);
  ASSERT_TRUE(bool(plan)) << errorMessage(plan.takeError());
  EXPECT_EQ(plan->outcome.strategy, winnerInDetails(plan->details))
      << plan->details;
  uint64_t bound = llvm::cantFail(computeObjectLowerBound(buffers));
  EXPECT_EQ(plan->getTotalSize(), bound);
  EXPECT_TRUE(plan->outcome.provenOptimal);
  EXPECT_EQ(plan->outcome.provenBound, bound);
  EXPECT_FALSE(plan->outcome.stoppedByClock);
}

/// On random problems, every strategy of both kinds: the outcome names a
/// strategy of the table, a proven bound is below the plan, a plan proven
/// optimal is at it, and the clock is reported as the details report it.
TEST(OutcomeTest, ConsistentOnRandomProblems) {
  std::mt19937 rng(1405);
  RandomProblemShape shape;
  shape.maxBuffers = 40;
  shape.someZeroSized = false;
  for (int problem = 0; problem < 40; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    SCOPED_TRACE("problem " + std::to_string(problem));
    uint64_t live = llvm::cantFail(computeLowerBound(buffers));
    for (llvm::StringRef name : getOffsetStrategyNames()) {
      SCOPED_TRACE(name.str());
      std::optional<Plan> plan =
          runStrategy(name, buffers, withTimeLimit(0.02));
      ASSERT_TRUE(plan);
      const PlanOutcome &outcome = plan->outcome;
      if (name == "best")
        EXPECT_EQ(outcome.strategy, winnerInDetails(plan->details));
      else
        EXPECT_EQ(outcome.strategy, name.str());
      EXPECT_LE(outcome.provenBound, plan->slabSize);
      if (outcome.provenOptimal) {
        EXPECT_EQ(outcome.provenBound, plan->slabSize);
        EXPECT_GE(outcome.provenBound, live);
      }
      // The pass reuses a live bound a strategy hands over: it must be the
      // problem's. best always computes it.
      if (outcome.liveBound || name == "best") {
        EXPECT_EQ(outcome.liveBound, std::optional<uint64_t>(live));
      }
      llvm::StringRef details = plan->details;
      EXPECT_EQ(outcome.stoppedByClock,
                details.contains("depend on machine speed") ||
                    details.contains("stopped by the clock"))
          << plan->details;
    }
    for (llvm::StringRef name : getObjectStrategyNames()) {
      SCOPED_TRACE("objects " + name.str());
      llvm::Expected<ObjectPlan> plan =
          createObjectStrategy(name)->plan(buffers);
      if (!plan) {
        // Empty lifetimes are for offsets only.
        llvm::consumeError(plan.takeError());
        continue;
      }
      const PlanOutcome &outcome = plan->outcome;
      EXPECT_EQ(outcome.strategy,
                name == "best" ? winnerInDetails(plan->details) : name.str());
      EXPECT_LE(outcome.provenBound, plan->getTotalSize());
      if (outcome.provenOptimal) {
        EXPECT_EQ(outcome.provenBound, plan->getTotalSize());
      }
      EXPECT_FALSE(outcome.stoppedByClock);
    }
  }
}

} // namespace
