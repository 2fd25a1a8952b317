//===- HillClimbTest.cpp - Tests of the hill-climb strategy ---------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include "llvm/ADT/StringMap.h"

#include <random>

using namespace memplan;

namespace {

/// Runs hill-climb with `options` and checks the plan with the validator.
std::optional<Plan> planHillClimb(llvm::ArrayRef<Buffer> buffers,
                                  const StrategyOptions &options) {
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("hill-climb", options);
  if (!strategy) {
    ADD_FAILURE() << "hill-climb is not registered";
    return std::nullopt;
  }
  llvm::Expected<Plan> plan = strategy->plan(buffers);
  if (!plan) {
    ADD_FAILURE() << errorMessage(plan.takeError());
    return std::nullopt;
  }
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  return std::move(*plan);
}

/// No time limit: runs stop at the iteration cap or the lower bound, so they
/// are reproducible.
StrategyOptions untimed(uint64_t seed = 1) {
  StrategyOptions options;
  options.timeLimitSeconds = 0;
  options.seed = seed;
  return options;
}

/// Greedy-size misses the bound here.
/// Order 0, 1, 3, 2, 4 (by size, then start):
///  0 [1,3) -> 0.  1 [2,4): above 0 -> 5.  3 [3,6): 0 has ended, the gap
///  [0,5) under 1 fits -> 0.  2 [3,4): 3 [0,4) and 1 [5,9) leave [4,5), too
///  small -> 9, ending at 12.  4 [1,2): overlaps only 0 -> above it, 5.
/// The bound is 11 (at time 3: 4 + 3 + 4). Placing 1 before 0 reaches it:
///  1 -> 0, 0 -> 4, 3 -> 4 (0 has ended), 2 -> 8 (ends at 11), 4 -> 0.
llvm::SmallVector<Buffer> greedyMissesBound() {
  return {makeBuffer(5, 1, 3), makeBuffer(4, 2, 4), makeBuffer(3, 3, 4),
          makeBuffer(4, 3, 6), makeBuffer(1, 1, 2)};
}

TEST(HillClimbTest, ReachesTheBoundWhereGreedyDoesNot) {
  llvm::SmallVector<Buffer> buffers = greedyMissesBound();
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(offsetsOf(*greedy), (std::vector<uint64_t>{0, 5, 9, 0, 5}));
  EXPECT_EQ(greedy->slabSize, 12u);
  EXPECT_EQ(llvm::cantFail(computeLowerBound(buffers)), 11u);

  std::optional<Plan> plan = planHillClimb(buffers, untimed());
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->slabSize, 11u);
  // Other greedy strategies may already start lower; either way the details
  // name the start and end at the bound.
  EXPECT_TRUE(llvm::StringRef(plan->details).starts_with("hill-climb: start "))
      << plan->details;
  EXPECT_TRUE(llvm::StringRef(plan->details).contains("greedy-size 12"))
      << plan->details;
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .ends_with(", final 11, reached the lower bound"))
      << plan->details;
}

TEST(HillClimbTest, StopsAtOnceWhenGreedyReachesTheBound) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(16, 1, 2)};
  std::optional<Plan> plan = planHillClimb(buffers, untimed());
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0}));
  llvm::StringRef details = plan->details;
  EXPECT_TRUE(details.starts_with("hill-climb: start greedy-size 16"))
      << plan->details;
  EXPECT_TRUE(details.ends_with(", 0 moves tried, 0 improvements, final 16, "
                                "reached the lower bound"))
      << plan->details;
}

// A stack of buffers live at once starts at the bound, and the search, whose
// neighbours in time would be all pairs, is not set up.
TEST(HillClimbTest, StackStopsAtOnce) {
  llvm::SmallVector<Buffer> buffers(20000, makeBuffer(64, 2, 5));
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  std::optional<Plan> plan = planHillClimb(buffers, untimed());
  ASSERT_TRUE(greedy && plan);
  EXPECT_EQ(offsetsOf(*plan), offsetsOf(*greedy));
  EXPECT_EQ(plan->slabSize, 64u * 20000);
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .ends_with(", 0 moves tried, 0 improvements, final 1280000, "
                             "reached the lower bound"))
      << plan->details;
}

TEST(HillClimbTest, Empty) {
  std::optional<Plan> plan = planHillClimb({}, untimed());
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

/// A random problem of 2 to 40 buffers, mixed alignments.
llvm::SmallVector<Buffer> randomProblem(std::mt19937 &rng) {
  RandomProblemShape shape;
  shape.minBuffers = 2;
  shape.maxBuffers = 40;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 4;
  shape.someZeroSized = false;
  shape.maxSize = 200;
  shape.maxLifetime = 6;
  return makeRandomProblem(rng, shape);
}

TEST(HillClimbTest, NeverWorseThanGreedyAndReproducible) {
  std::mt19937 rng(77);
  unsigned better = 0;
  for (int problem = 0; problem < 60; ++problem) {
    llvm::SmallVector<Buffer> buffers = randomProblem(rng);
    SCOPED_TRACE("problem " + std::to_string(problem));
    std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
    std::optional<Plan> plan = planHillClimb(buffers, untimed(problem));
    std::optional<Plan> again = planHillClimb(buffers, untimed(problem));
    ASSERT_TRUE(greedy && plan && again);
    EXPECT_LE(plan->slabSize, greedy->slabSize);
    EXPECT_GE(plan->slabSize, llvm::cantFail(computeLowerBound(buffers)));
    EXPECT_EQ(offsetsOf(*again), offsetsOf(*plan));
    EXPECT_EQ(again->details, plan->details);
    better += plan->slabSize < greedy->slabSize;
  }
  // The search finds something in a fair share of these problems.
  EXPECT_GT(better, 5u);
}

TEST(HillClimbTest, SeedsGiveValidPlans) {
  llvm::SmallVector<Buffer> buffers = greedyMissesBound();
  for (uint64_t seed : {0, 1, 2, 12345}) {
    std::optional<Plan> plan = planHillClimb(buffers, untimed(seed));
    ASSERT_TRUE(plan);
    EXPECT_LE(plan->slabSize, 12u);
  }
}

// Plans handed over by name stand for the strategies that would make them:
// the same plans give the same search, and a different one (here naive's
// in place of greedy-breadth's) is the one the details name.
TEST(HillClimbTest, ReusesKnownPlans) {
  llvm::SmallVector<Buffer> buffers = greedyMissesBound();
  std::unique_ptr<OffsetStrategy> hillClimb =
      createOffsetStrategy("hill-climb", untimed());
  std::optional<Plan> alone = planHillClimb(buffers, untimed());
  ASSERT_TRUE(hillClimb && alone);

  llvm::StringMap<Plan> made;
  for (llvm::StringRef name :
       {"greedy-size", "greedy-breadth", "greedy-in-order", "naive"}) {
    std::optional<Plan> plan = runStrategy(name, buffers);
    ASSERT_TRUE(plan) << name.str();
    made[name] = std::move(*plan);
  }
  auto lookUp = [&](llvm::StringRef name) -> const Plan * {
    auto it = made.find(name);
    return it == made.end() ? nullptr : &it->second;
  };
  PlanRequest request;
  request.timeLimitSeconds = 0;
  request.known = lookUp;
  llvm::Expected<Plan> reused = hillClimb->plan(buffers, request);
  ASSERT_TRUE(bool(reused)) << errorMessage(reused.takeError());
  EXPECT_EQ(offsetsOf(*reused), offsetsOf(*alone));
  EXPECT_EQ(reused->details, alone->details);

  uint64_t naiveSlab = made["naive"].slabSize;
  ASSERT_NE(naiveSlab, made["greedy-breadth"].slabSize);
  made["greedy-breadth"] = made["naive"];
  llvm::Expected<Plan> substituted = hillClimb->plan(buffers, request);
  ASSERT_TRUE(bool(substituted)) << errorMessage(substituted.takeError());
  EXPECT_TRUE(llvm::StringRef(substituted->details)
                  .contains("greedy-breadth " + std::to_string(naiveSlab)))
      << substituted->details;
}

TEST(HillClimbTest, StopsAtTheTimeLimit) {
  // Many short overlapping buffers: no move finishes the search quickly.
  std::mt19937 rng(3);
  llvm::SmallVector<Buffer> buffers(3000);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    buffer.size = 1 + rng() % 1000;
    buffer.start = index / 4 + rng() % 3;
    buffer.end = buffer.start + 1 + rng() % 8;
  }
  StrategyOptions options;
  options.timeLimitSeconds = 0.001;
  std::optional<Plan> plan = planHillClimb(buffers, options);
  ASSERT_TRUE(plan);
  EXPECT_TRUE(llvm::StringRef(plan->details)
                  .ends_with("stopped by time limit (the result may depend on "
                             "machine speed)"))
      << plan->details;
  EXPECT_TRUE(plan->outcome.stoppedByClock);
}

} // namespace
