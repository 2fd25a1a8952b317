//===- ExactTest.cpp - Tests of the exact solver against brute force ------===//
//
// The exact solver claims optimality, so it is held against an exhaustive
// search (BruteForcePlanner.h) on problems small enough to enumerate, and
// against the contract of ExactSolver.h on the rest.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/Validator.h"

#include "BruteForcePlanner.h"
#include "PlannerTestUtils.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdint>
#include <limits>
#include <random>
#include <string>

using namespace memplan;

namespace {

/// The buffers as "{size, alignment, [start, end)}" items, so that a failing
/// random problem can be copied into a test.
std::string describe(llvm::ArrayRef<Buffer> buffers) {
  std::string text = "buffers:";
  for (const Buffer &buffer : buffers)
    text += " {" + std::to_string(buffer.size) + ", " +
            std::to_string(buffer.alignment) + ", [" +
            std::to_string(buffer.start) + ", " + std::to_string(buffer.end) +
            ")}";
  return text;
}

/// Options whose runs start from the heuristics the exact strategy starts
/// from, unless given an initial plan.
ExactOptions fromHeuristics() {
  static const std::vector<std::unique_ptr<OffsetStrategy>> starters =
      createExactStartingStrategies();
  ExactOptions options;
  options.startingStrategies = getStrategyPointers(starters);
  return options;
}

/// Options with no time limit: every run ends with a proof.
ExactOptions untimed() {
  ExactOptions options = fromHeuristics();
  options.timeLimitSeconds = 0;
  return options;
}

ExactOptions withCapacity(uint64_t capacity, double timeLimitSeconds = 0) {
  ExactOptions options = fromHeuristics();
  options.timeLimitSeconds = timeLimitSeconds;
  options.capacity = capacity;
  return options;
}

/// Runs the solver; records a failure and returns nullopt if it fails. The
/// plan, if any, must pass the validator.
std::optional<ExactResult> runExact(llvm::ArrayRef<Buffer> buffers,
                                    const ExactOptions &options) {
  llvm::Expected<ExactResult> result = solveExact(buffers, options);
  if (!result) {
    ADD_FAILURE() << "solveExact failed: " << errorMessage(result.takeError());
    return std::nullopt;
  }
  if (result->plan) {
    EXPECT_EQ(result->plan->offsets.size(), buffers.size());
    EXPECT_EQ(errorMessage(validatePlan(buffers, *result->plan)), "");
  }
  return std::move(*result);
}

/// The smallest slab by brute force, after checking the brute force's own
/// plan: it must be valid and no lower than the max-live bound.
uint64_t bruteForceSlab(llvm::ArrayRef<Buffer> buffers) {
  Plan plan = bruteForceMinimum(buffers);
  EXPECT_EQ(errorMessage(validatePlan(buffers, plan)), "");
  EXPECT_GE(plan.slabSize, llvm::cantFail(computeLowerBound(buffers)));
  return plan.slabSize;
}

/// Greedy-size misses the max-live bound of 11 here, but 11 is reachable
/// (see HillClimbTest.cpp).
llvm::SmallVector<Buffer> greedyMissesBound() {
  return {makeBuffer(5, 1, 3), makeBuffer(4, 2, 4), makeBuffer(3, 3, 4),
          makeBuffer(4, 3, 6), makeBuffer(1, 1, 2)};
}

/// No alignment, and still no plan reaches the max-live bound of 5:
///   t=0: A(3) and B(2) fill [0,5), so B is at 0 or 3.
///   t=5: F(3) and G(2) fill it, so F is at 0 or 2; then at t=4, C and E
///        fill the other two bytes: {3,4} when F is at 0, {0,1} when at 2.
///   t=2: B, C and D fill it. B at 0 leaves [2,5), so C is at 4 (the only
///        choice in {3,4} that leaves D two bytes) and D at [2,4); then E is
///        at 3, inside D at t=3. B at 3 leaves [0,3), so C is at 0 and D at
///        [1,3); then E is at 1, inside D at t=3.
/// So the optimum is 6.
llvm::SmallVector<Buffer> optimumAboveMaxLive() {
  return {makeBuffer(3, 0, 1),  // A
          makeBuffer(2, 0, 3),  // B
          makeBuffer(1, 2, 5),  // C
          makeBuffer(2, 2, 4),  // D
          makeBuffer(1, 3, 5),  // E
          makeBuffer(3, 4, 6),  // F
          makeBuffer(2, 5, 6)}; // G
}

/// A random problem of 1 to 7 buffers, alignments 1 to 16, in four shapes:
/// dense and small, sparse and medium, multiples of 16 (where the search may
/// work in coarser units), and large sizes.
llvm::SmallVector<Buffer> tinyRandomProblem(std::mt19937 &rng, int index) {
  RandomProblemShape shape;
  shape.minBuffers = 1;
  shape.maxBuffers = 7;
  shape.maxAlignmentLog2 = 4;
  switch (index % 4) {
  case 0:
    shape.horizonPerBuffer = 1;
    shape.maxSize = 8;
    shape.maxLifetime = 4;
    break;
  case 1:
    shape.horizonPerBuffer = 2;
    shape.maxSize = 64;
    shape.maxLifetime = 6;
    break;
  case 2:
    shape.horizonPerBuffer = 1;
    shape.maxSize = 6;
    shape.sizeScale = 16;
    shape.maxLifetime = 5;
    break;
  default:
    shape.horizonPerBuffer = 1;
    shape.maxSize = 1000;
    shape.maxLifetime = 3;
    break;
  }
  return makeRandomProblem(rng, shape);
}

//===----------------------------------------------------------------------===//
// The reference itself
//===----------------------------------------------------------------------===//

TEST(ExactBruteForceTest, KnownMinimums) {
  EXPECT_EQ(bruteForceSlab({}), 0u);
  EXPECT_EQ(bruteForceSlab(greedyMissesBound()), 11u);
  llvm::SmallVector<Buffer> gap = optimumAboveMaxLive();
  EXPECT_EQ(llvm::cantFail(computeLowerBound(gap)), 5u);
  EXPECT_EQ(bruteForceSlab(gap), 6u);
  EXPECT_FALSE(bruteForceFit(gap, 5));
  EXPECT_FALSE(gridSearchFits(gap, 5));
  EXPECT_TRUE(gridSearchFits(gap, 6));
  // Two live buffers of 3 bytes aligned to 4: the second starts at 4.
  Buffer aligned[] = {makeBuffer(3, 0, 1, 4), makeBuffer(3, 0, 1, 4)};
  EXPECT_EQ(bruteForceSlab(aligned), 7u);
}

/// The order search rests on an argument (BruteForcePlanner.cpp); the grid
/// search tries every offset. They must agree where the grid is affordable.
TEST(ExactBruteForceTest, OrderSearchAgreesWithGridSearch) {
  std::mt19937 rng(4242);
  RandomProblemShape shape;
  shape.minBuffers = 1;
  shape.maxBuffers = 5;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 2;
  shape.maxSize = 4;
  shape.maxLifetime = 3;
  for (int problem = 0; problem < 150; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    SCOPED_TRACE(describe(buffers));
    uint64_t minimum = bruteForceSlab(buffers);
    EXPECT_TRUE(gridSearchFits(buffers, minimum));
    std::optional<Plan> fit = bruteForceFit(buffers, minimum);
    ASSERT_TRUE(fit);
    EXPECT_EQ(errorMessage(validatePlan(buffers, *fit)), "");
    EXPECT_LE(fit->slabSize, minimum);
    if (minimum > 0) {
      EXPECT_FALSE(gridSearchFits(buffers, minimum - 1));
      EXPECT_FALSE(bruteForceFit(buffers, minimum - 1));
    }
  }
}

//===----------------------------------------------------------------------===//
// Minimising
//===----------------------------------------------------------------------===//

TEST(ExactSolverTest, MatchesBruteForceOnRandomProblems) {
  std::mt19937 rng(20261121);
  for (int problem = 0; problem < 400; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE("problem " + std::to_string(problem) + ", " +
                 describe(buffers));
    uint64_t minimum = bruteForceSlab(buffers);
    std::optional<ExactResult> result = runExact(buffers, untimed());
    ASSERT_TRUE(result && result->plan);
    EXPECT_TRUE(result->isOptimal());
    EXPECT_EQ(result->plan->slabSize, minimum);
    EXPECT_EQ(result->lowerBound, minimum);
    EXPECT_FALSE(result->stoppedBySteps);
    EXPECT_FALSE(result->stoppedByClock);
  }
}

TEST(ExactSolverTest, Empty) {
  std::optional<ExactResult> result = runExact({}, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_TRUE(result->plan->offsets.empty());
  EXPECT_EQ(result->plan->slabSize, 0u);
  EXPECT_EQ(result->lowerBound, 0u);
  EXPECT_TRUE(result->isOptimal());
}

TEST(ExactSolverTest, AllZeroSize) {
  Buffer buffers[] = {makeBuffer(0, 0, 4, 1), makeBuffer(0, 1, 3, 8),
                      makeBuffer(0, 2, 5, 16)};
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  // Inside a slab of 0 bytes, the only offset is 0.
  EXPECT_EQ(offsetsOf(*result->plan), (std::vector<uint64_t>{0, 0, 0}));
  EXPECT_EQ(result->plan->slabSize, 0u);
  EXPECT_TRUE(result->isOptimal());
}

TEST(ExactSolverTest, SingleBuffer) {
  Buffer buffers[] = {makeBuffer(24, 3, 9, 16)};
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_EQ(offsetsOf(*result->plan), (std::vector<uint64_t>{0}));
  EXPECT_EQ(result->plan->slabSize, 24u);
  EXPECT_EQ(result->lowerBound, 24u);
  EXPECT_TRUE(result->isOptimal());
}

/// The validator rejects buffers that are never live, and every plan of the
/// solver passes it, so the solver rejects them too (as greedy-in-order and
/// mincost-flow do), in both modes and even at size zero.
TEST(ExactSolverTest, EmptyLifetimesAreAnError) {
  Buffer mixed[] = {makeBuffer(8, 0, 2), makeBuffer(4, 3, 3, 4),
                    makeBuffer(8, 1, 3, 8)};
  Buffer reversed[] = {makeBuffer(16, 5, 2, 16)};
  Buffer zeroSized[] = {makeBuffer(8, 0, 2), makeBuffer(0, 7, 7)};
  for (llvm::ArrayRef<Buffer> buffers :
       {llvm::ArrayRef<Buffer>(mixed), llvm::ArrayRef<Buffer>(reversed),
        llvm::ArrayRef<Buffer>(zeroSized)}) {
    SCOPED_TRACE(describe(buffers));
    for (const ExactOptions &options : {untimed(), withCapacity(64)}) {
      llvm::Expected<ExactResult> result = solveExact(buffers, options);
      EXPECT_FALSE(result);
      EXPECT_TRUE(llvm::StringRef(errorMessage(result.takeError()))
                      .contains("empty lifetime"));
    }
  }
}

TEST(ExactSolverTest, OptimumAboveTheMaxLiveBound) {
  llvm::SmallVector<Buffer> buffers = optimumAboveMaxLive();
  uint64_t maxLive = llvm::cantFail(computeLowerBound(buffers));
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_EQ(result->plan->slabSize, 6u);
  EXPECT_EQ(result->lowerBound, 6u);
  EXPECT_GT(result->lowerBound, maxLive);
  EXPECT_TRUE(result->isOptimal());
  EXPECT_TRUE(llvm::StringRef(describeExactResult(*result)).contains("optimal"))
      << describeExactResult(*result);
}

TEST(ExactSolverTest, AlignmentForcesAGap) {
  // Live together, 6 bytes, but the second must start at 4.
  Buffer buffers[] = {makeBuffer(3, 0, 2, 4), makeBuffer(3, 1, 3, 4)};
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  // The bound counts the padding under the lower one.
  EXPECT_EQ(llvm::cantFail(computeLowerBound(buffers)), 7u);
  EXPECT_EQ(result->plan->slabSize, 7u);
  EXPECT_EQ(result->lowerBound, 7u);
  std::vector<uint64_t> offsets = offsetsOf(*result->plan);
  EXPECT_TRUE(offsets == (std::vector<uint64_t>{0, 4}) ||
              offsets == (std::vector<uint64_t>{4, 0}));

  // A big aligned buffer with small ones below and above it in time: the
  // small ones pad up to 16 unless they go above.
  Buffer mixed[] = {makeBuffer(1, 0, 4, 1), makeBuffer(16, 1, 3, 16),
                    makeBuffer(5, 2, 6, 1)};
  result = runExact(mixed, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_EQ(result->plan->slabSize, bruteForceSlab(mixed));
  EXPECT_TRUE(result->isOptimal());
}

TEST(ExactSolverTest, PaddedBoundNeedsNoSearch) {
  // Four 10-byte buffers aligned to 16, live together: the starting plan,
  // 58 bytes, meets the bound that counts padding (16 * 3 + 10), so nothing
  // is searched.
  Buffer buffers[] = {makeBuffer(10, 0, 2, 16), makeBuffer(10, 0, 2, 16),
                      makeBuffer(10, 0, 2, 16), makeBuffer(10, 1, 3, 16)};
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_EQ(result->plan->slabSize, 58u);
  EXPECT_EQ(result->lowerBound, 58u);
  EXPECT_TRUE(result->isOptimal());
  EXPECT_EQ(result->nodes, 0u);
}

TEST(ExactSolverTest, HugeSizesThatFit) {
  constexpr uint64_t kHalf = uint64_t(1) << 63;
  // Together they end exactly at the largest 64-bit value.
  Buffer buffers[] = {makeBuffer(kHalf, 0, 2), makeBuffer(kHalf - 1, 1, 3)};
  std::optional<ExactResult> result = runExact(buffers, untimed());
  ASSERT_TRUE(result && result->plan);
  EXPECT_EQ(result->plan->slabSize, std::numeric_limits<uint64_t>::max());
  EXPECT_TRUE(result->isOptimal());
}

TEST(ExactSolverTest, OverflowIsAnError) {
  constexpr uint64_t kHalf = uint64_t(1) << 63;
  Buffer buffers[] = {makeBuffer(kHalf, 0, 2), makeBuffer(kHalf, 1, 3)};
  llvm::Expected<ExactResult> result = solveExact(buffers, untimed());
  EXPECT_FALSE(result);
  EXPECT_NE(errorMessage(result.takeError()), "");
}

TEST(ExactSolverTest, InvalidAlignmentIsAnError) {
  for (uint64_t alignment : {0, 3, 12}) {
    SCOPED_TRACE("alignment " + std::to_string(alignment));
    Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 1, 3, alignment)};
    llvm::Expected<ExactResult> result = solveExact(buffers, untimed());
    EXPECT_FALSE(result);
    EXPECT_NE(errorMessage(result.takeError()), "");
    llvm::Expected<ExactResult> decided =
        solveExact(buffers, withCapacity(100));
    EXPECT_FALSE(decided);
    EXPECT_NE(errorMessage(decided.takeError()), "");
  }
}

TEST(ExactSolverTest, NothingToStartFromIsAnError) {
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 1, 3)};
  ExactOptions options;
  options.timeLimitSeconds = 0;
  llvm::Expected<ExactResult> result = solveExact(buffers, options);
  EXPECT_FALSE(result);
  EXPECT_EQ(errorMessage(result.takeError()),
            "no starting plan: neither an initial plan nor starting "
            "strategies were given");
  // Any strategy will do, and an initial plan needs none.
  std::unique_ptr<OffsetStrategy> naive = createOffsetStrategy("naive");
  options.startingStrategies = {naive.get()};
  std::optional<ExactResult> fromNaive = runExact(buffers, options);
  ASSERT_TRUE(fromNaive && fromNaive->plan);
  EXPECT_EQ(fromNaive->plan->slabSize, 16u);
  ExactOptions fromPlan;
  fromPlan.initialPlan = fromNaive->plan;
  std::optional<ExactResult> again = runExact(buffers, fromPlan);
  ASSERT_TRUE(again && again->plan);
  EXPECT_EQ(again->plan->slabSize, 16u);
}

TEST(ExactSolverTest, Deterministic) {
  std::mt19937 rng(99);
  for (int problem = 0; problem < 20; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE(describe(buffers));
    std::optional<ExactResult> first = runExact(buffers, untimed());
    std::optional<ExactResult> second = runExact(buffers, untimed());
    ASSERT_TRUE(first && first->plan && second && second->plan);
    EXPECT_EQ(offsetsOf(*first->plan), offsetsOf(*second->plan));
    EXPECT_EQ(first->plan->slabSize, second->plan->slabSize);
    EXPECT_EQ(first->nodes, second->nodes);
  }
}

/// A problem too large to prove quickly, so a small budget runs out.
llvm::SmallVector<Buffer> mediumRandomProblem(std::mt19937 &rng) {
  RandomProblemShape shape;
  shape.minBuffers = 25;
  shape.maxBuffers = 40;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 4;
  shape.maxSize = 200;
  shape.maxLifetime = 6;
  return makeRandomProblem(rng, shape);
}

/// The step budget, not the clock, ends these runs, so they repeat exactly;
/// whatever ends them, the bound stays sound and the plan valid.
TEST(ExactSolverTest, BudgetedRunsAreSoundAndRepeat) {
  std::mt19937 rng(5);
  for (int problem = 0; problem < 6; ++problem) {
    llvm::SmallVector<Buffer> buffers = mediumRandomProblem(rng);
    SCOPED_TRACE(describe(buffers));
    ExactOptions options = fromHeuristics();
    options.timeLimitSeconds = 0.01;
    std::optional<ExactResult> first = runExact(buffers, options);
    std::optional<ExactResult> second = runExact(buffers, options);
    ASSERT_TRUE(first && first->plan && second && second->plan);
    EXPECT_GE(first->lowerBound, llvm::cantFail(computeLowerBound(buffers)));
    EXPECT_LE(first->lowerBound, first->plan->slabSize);
    EXPECT_FALSE(describeExactResult(*first).empty());
    if (first->stoppedByClock || second->stoppedByClock)
      continue;
    EXPECT_EQ(offsetsOf(*first->plan), offsetsOf(*second->plan));
    EXPECT_EQ(first->lowerBound, second->lowerBound);
    EXPECT_EQ(first->nodes, second->nodes);
  }
}

TEST(ExactSolverTest, InitialPlanIsAcceptedAndNeverMadeWorse) {
  std::mt19937 rng(31);
  for (int problem = 0; problem < 60; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE("problem " + std::to_string(problem) + ", " +
                 describe(buffers));
    Plan best = bruteForceMinimum(buffers);

    // From a poor start with no limit: still the optimum.
    std::optional<Plan> naive = runStrategy("naive", buffers);
    ASSERT_TRUE(naive);
    ExactOptions fromNaive = untimed();
    fromNaive.initialPlan = *naive;
    std::optional<ExactResult> result = runExact(buffers, fromNaive);
    ASSERT_TRUE(result && result->plan);
    EXPECT_TRUE(result->isOptimal());
    EXPECT_EQ(result->plan->slabSize, best.slabSize);

    // From the optimum with next to no budget: never worse than the start.
    ExactOptions fromBest = fromHeuristics();
    fromBest.timeLimitSeconds = 1e-9;
    fromBest.initialPlan = best;
    result = runExact(buffers, fromBest);
    ASSERT_TRUE(result && result->plan);
    EXPECT_EQ(result->plan->slabSize, best.slabSize);
    EXPECT_LE(result->lowerBound, best.slabSize);
  }

  // On larger problems, a start from hill-climb survives a tiny budget.
  StrategyOptions climbOptions;
  climbOptions.timeLimitSeconds = 0;
  std::unique_ptr<OffsetStrategy> climb =
      createOffsetStrategy("hill-climb", climbOptions);
  ASSERT_TRUE(climb);
  for (int problem = 0; problem < 5; ++problem) {
    llvm::SmallVector<Buffer> buffers = mediumRandomProblem(rng);
    SCOPED_TRACE(describe(buffers));
    Plan start = llvm::cantFail(climb->plan(buffers));
    ExactOptions options = fromHeuristics();
    options.timeLimitSeconds = 1e-9;
    options.initialPlan = start;
    std::optional<ExactResult> result = runExact(buffers, options);
    ASSERT_TRUE(result && result->plan);
    EXPECT_LE(result->plan->slabSize, start.slabSize);
  }
}

//===----------------------------------------------------------------------===//
// Deciding a capacity
//===----------------------------------------------------------------------===//

/// Checks the answer for `capacity` against the brute-force minimum.
void expectCapacityAnswer(llvm::ArrayRef<Buffer> buffers, uint64_t capacity,
                          uint64_t minimum) {
  SCOPED_TRACE("capacity " + std::to_string(capacity) + ", minimum " +
               std::to_string(minimum));
  std::optional<ExactResult> result = runExact(buffers, withCapacity(capacity));
  ASSERT_TRUE(result);
  EXPECT_LE(result->lowerBound, minimum);
  if (capacity >= minimum) {
    EXPECT_EQ(result->answer, CapacityAnswer::Fits);
    ASSERT_TRUE(result->plan);
    EXPECT_LE(result->plan->slabSize, capacity);
  } else {
    EXPECT_EQ(result->answer, CapacityAnswer::DoesNotFit);
    EXPECT_FALSE(result->plan);
    // Refuting the capacity proves a bound above it.
    EXPECT_GT(result->lowerBound, capacity);
  }
}

TEST(ExactCapacityTest, RandomProblemsAtAndBelowTheMinimum) {
  std::mt19937 rng(777);
  for (int problem = 0; problem < 250; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE("problem " + std::to_string(problem) + ", " +
                 describe(buffers));
    uint64_t minimum = bruteForceSlab(buffers);
    // The reference agrees with itself.
    EXPECT_TRUE(bruteForceFit(buffers, minimum));
    expectCapacityAnswer(buffers, minimum, minimum);
    if (minimum > 0) {
      EXPECT_FALSE(bruteForceFit(buffers, minimum - 1));
      expectCapacityAnswer(buffers, minimum - 1, minimum);
    }
    if (problem % 5 == 0) {
      expectCapacityAnswer(buffers, minimum + 1 + problem % 7, minimum);
      if (minimum > 1)
        expectCapacityAnswer(buffers, minimum / 2, minimum);
    }
  }
}

TEST(ExactCapacityTest, HandMade) {
  expectCapacityAnswer({}, 0, 0);

  Buffer zeroSized[] = {makeBuffer(0, 0, 3, 16), makeBuffer(0, 1, 2)};
  expectCapacityAnswer(zeroSized, 0, 0);

  Buffer single[] = {makeBuffer(24, 0, 1, 16)};
  expectCapacityAnswer(single, 24, 24);
  expectCapacityAnswer(single, 23, 24);
  expectCapacityAnswer(single, 0, 24);

  // At the max-live bound, yet no plan fits.
  llvm::SmallVector<Buffer> gap = optimumAboveMaxLive();
  expectCapacityAnswer(gap, 5, 6);
  expectCapacityAnswer(gap, 6, 6);
  Buffer aligned[] = {makeBuffer(3, 0, 2, 4), makeBuffer(3, 1, 3, 4)};
  expectCapacityAnswer(aligned, 6, 7);
  expectCapacityAnswer(aligned, 7, 7);
}

/// Sizes and alignments all multiples of 8, so a search may count in units of
/// 8 bytes; capacities that are not multiples of 8 must round the right way.
TEST(ExactCapacityTest, CapacitiesBetweenWholeUnits) {
  std::mt19937 rng(88);
  RandomProblemShape shape;
  shape.minBuffers = 2;
  shape.maxBuffers = 7;
  shape.horizonPerBuffer = 1;
  shape.maxAlignmentLog2 = 5;
  shape.maxSize = 6;
  shape.sizeScale = 8;
  shape.maxLifetime = 4;
  for (int problem = 0; problem < 60; ++problem) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    for (Buffer &buffer : buffers)
      buffer.alignment = std::max<uint64_t>(buffer.alignment, 8);
    SCOPED_TRACE("problem " + std::to_string(problem) + ", " +
                 describe(buffers));
    uint64_t minimum = bruteForceSlab(buffers);
    std::optional<ExactResult> result = runExact(buffers, untimed());
    ASSERT_TRUE(result && result->plan);
    EXPECT_EQ(result->plan->slabSize, minimum);
    EXPECT_TRUE(result->isOptimal());
    for (uint64_t delta : {1, 3, 7}) {
      expectCapacityAnswer(buffers, minimum + delta, minimum);
      if (minimum >= delta)
        expectCapacityAnswer(buffers, minimum - delta, minimum);
    }
  }
}

/// Under a tiny budget the answer may be Unknown, but never wrong.
TEST(ExactCapacityTest, AnswersUnderATinyBudgetAreNeverWrong) {
  std::mt19937 rng(2026);
  for (int problem = 0; problem < 60; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE("problem " + std::to_string(problem) + ", " +
                 describe(buffers));
    uint64_t minimum = bruteForceSlab(buffers);
    for (uint64_t capacity : {minimum, minimum ? minimum - 1 : 0}) {
      std::optional<ExactResult> result =
          runExact(buffers, withCapacity(capacity, 1e-9));
      ASSERT_TRUE(result);
      EXPECT_LE(result->lowerBound, minimum);
      switch (result->answer) {
      case CapacityAnswer::Fits:
        ASSERT_TRUE(result->plan);
        EXPECT_LE(result->plan->slabSize, capacity);
        break;
      case CapacityAnswer::DoesNotFit:
        EXPECT_LT(capacity, minimum);
        EXPECT_FALSE(result->plan);
        break;
      case CapacityAnswer::Unknown:
        EXPECT_FALSE(result->plan);
        break;
      }
    }
  }
}

/// A start plan within the capacity answers the question by itself.
TEST(ExactCapacityTest, InitialPlanWithinTheCapacityFits) {
  std::mt19937 rng(8);
  for (int problem = 0; problem < 30; ++problem) {
    llvm::SmallVector<Buffer> buffers = tinyRandomProblem(rng, problem);
    SCOPED_TRACE(describe(buffers));
    Plan best = bruteForceMinimum(buffers);
    ExactOptions options = withCapacity(best.slabSize, 1e-9);
    options.initialPlan = best;
    std::optional<ExactResult> result = runExact(buffers, options);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->answer, CapacityAnswer::Fits);
    ASSERT_TRUE(result->plan);
    EXPECT_LE(result->plan->slabSize, best.slabSize);
  }
}

//===----------------------------------------------------------------------===//
// The registered strategy
//===----------------------------------------------------------------------===//

TEST(ExactStrategyTest, RegisteredAndOptimal) {
  EXPECT_TRUE(llvm::is_contained(getOffsetStrategyNames(), "exact"));
  StrategyOptions options;
  options.timeLimitSeconds = 0;
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("exact", options);
  ASSERT_TRUE(strategy);
  EXPECT_EQ(strategy->getName(), "exact");
  for (llvm::SmallVector<Buffer> buffers :
       {greedyMissesBound(), optimumAboveMaxLive()}) {
    SCOPED_TRACE(describe(buffers));
    llvm::Expected<Plan> plan = strategy->plan(buffers);
    ASSERT_TRUE(bool(plan)) << errorMessage(plan.takeError());
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
    EXPECT_EQ(plan->slabSize, bruteForceSlab(buffers));
  }
}

} // namespace
