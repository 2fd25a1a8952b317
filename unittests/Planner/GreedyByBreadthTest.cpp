//===- GreedyByBreadthTest.cpp - Tests of the greedy-breadth strategy -----===//
//
// Every expected plan below was worked out by hand following the rules in
// lib/Planner/Strategies/GreedyByBreadth.cpp: each distinct start time t is
// an operator whose profile is the buffers with start <= t < end; operators
// by breadth, largest first (ties: earlier); within one, unplaced buffers by
// size (ties: earlier start, lower index); each into the smallest fitting gap
// among the placed buffers that overlap it, else above them.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"
#include "ReferenceGreedyByBreadth.h"

#include <limits>

using namespace memplan;

namespace {

std::optional<Plan> planBreadth(llvm::ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = runStrategy("greedy-breadth", buffers);
  if (plan) {
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  }
  return plan;
}

uint64_t lowerBound(llvm::ArrayRef<Buffer> buffers) {
  return llvm::cantFail(computeLowerBound(buffers));
}

TEST(GreedyByBreadthTest, Empty) {
  std::optional<Plan> plan = planBreadth({});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(GreedyByBreadthTest, Chain) {
  // Breadths: t0 32, t1 96, t2 80, t3 64. Order: t1, t2, t3, t0.
  //  t1 {1, 0}: 1 [1,3) -> 0; 0 [0,2) above 1 -> 64.
  //  t2 {2}: 2 [2,4) overlaps 1 [0,64) only -> 64.
  //  t3 {3}: 3 [3,5) overlaps 2 [64,80); the gap [0,64) fits -> 0.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 64, 0}));
  EXPECT_EQ(plan->slabSize, 96u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
}

TEST(GreedyByBreadthTest, ResidualBlock) {
  // Buffer 0 lives across the block. Breadths: t0 48, t1 80, t2 80, t3 56.
  // Order: t1, t2 (a tie, later), t3, t0.
  //  t1 {1, 2, 0}: 1 [0,2) -> 0; 2 [1,3) above 1 -> 32; 0 [0,5) above both
  //  -> 64.
  //  t2 {3}: 3 [2,4) overlaps 2 [32,64), 0 [64,80); the gap [0,32) -> 0.
  //  t3 {4}: 4 [3,5) overlaps 3 [0,32), 0 [64,80); the gap [32,64) -> 32.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 32, 0, 32}));
  EXPECT_EQ(plan->slabSize, 80u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
}

TEST(GreedyByBreadthTest, EqualSizes) {
  // All 16 bytes. Breadths: t0 32, t1 48, t2 48. Order: t1, t2, t0.
  //  t1 {1, 3, 2} (equal sizes: earlier start, then index): 1 [0,4) -> 0;
  //  3 [0,2) -> 16; 2 [1,3) -> 32.
  //  t2 {0}: 0 [2,4) overlaps 1 [0,16), 2 [32,48); the gap [16,32) -> 16.
  Buffer buffers[] = {makeBuffer(16, 2, 4), makeBuffer(16, 0, 4),
                      makeBuffer(16, 1, 3), makeBuffer(16, 0, 2)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{16, 0, 32, 16}));
  EXPECT_EQ(plan->slabSize, 48u);
}

TEST(GreedyByBreadthTest, BusiestMomentFirstBeatsGreedySize) {
  // Breadths: t1 48, t3 88, t4 104. Order: t4, t3, t1.
  //  t4 {0, 1, 2}: 0 [3,6) -> 0; 1 [4,6) -> 40; 2 [4,5) -> 72.
  //  t3 {3}: 3 [1,4) overlaps 0 [0,40) only -> 40.
  // greedy-size puts 3 (the largest) first at 0 and 0 above it at 48; 2 then
  // finds no gap and ends at 120.
  Buffer buffers[] = {makeBuffer(40, 3, 6), makeBuffer(32, 4, 6),
                      makeBuffer(32, 4, 5), makeBuffer(48, 1, 4)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 40, 72, 40}));
  EXPECT_EQ(plan->slabSize, 104u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(greedy->slabSize, 120u);
}

TEST(GreedyByBreadthTest, MixedAlignments) {
  // Breadths: t0 5, t1 6. Order: t1, t0.
  //  t1 {0, 1, 2}: 0 (3 bytes) -> 0; 1 (2 bytes, 64-aligned) above 0 at
  //  alignTo(3, 64) = 64; 2 (1 byte, 4-aligned) in the gap [3,64) at 4.
  Buffer buffers[] = {makeBuffer(3, 0, 2), makeBuffer(2, 0, 2, 64),
                      makeBuffer(1, 1, 3, 4)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 4}));
  EXPECT_EQ(plan->slabSize, 66u);
}

TEST(GreedyByBreadthTest, PaperExampleNetwork) {
  // The records of GreedyBySizeTest.PaperExampleNetwork. Breadths by start
  // time 0..7: 32, 60, 64, 80, 88, 124, 74, 114. Order: t5, t7, t4, t3, t6,
  // t2, t1, t0.
  //  t5 {5, 2, 3, 4}: 5 [5,8) -> 0; 2 [2,6) -> 64; 3 [3,6) -> 100;
  //  4 [4,6) -> 116.
  //  t7 {7, 6}: 7 [7,9) above 5 -> 64; 6 [6,9) above 5 and 7 -> 104.
  //  t4 {1}: 1 [1,5) overlaps 2 [64,100), 3, 4; the gap [0,64) -> 0.
  //  t3, t6, t2, t1: nothing left.
  //  t0 {0}: 0 [0,2) overlaps 1 [0,28) only -> 28.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(28, 1, 5),
                      makeBuffer(36, 2, 6), makeBuffer(16, 3, 6),
                      makeBuffer(8, 4, 6),  makeBuffer(64, 5, 8),
                      makeBuffer(10, 6, 9), makeBuffer(40, 7, 9)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan),
            (std::vector<uint64_t>{28, 0, 64, 100, 116, 0, 104, 64}));
  EXPECT_EQ(plan->slabSize, 124u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
}

TEST(GreedyByBreadthTest, ZeroSizeBuffersGoToOffsetZero) {
  Buffer buffers[] = {makeBuffer(0, 0, 4, 64), makeBuffer(16, 0, 4),
                      makeBuffer(0, 1, 2), makeBuffer(8, 1, 3)};
  std::optional<Plan> plan = planBreadth(buffers);
  ASSERT_TRUE(plan);
  // t1 (24) first: 1 -> 0, 3 -> 16; the empty ones -> 0.
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0, 16}));
  EXPECT_EQ(plan->slabSize, 24u);
}

TEST(GreedyByBreadthTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-breadth");
  ASSERT_TRUE(strategy);
  // The breadth at t1 saturates; buffer 1 has to go above buffer 0.
  Buffer buffers[] = {makeBuffer(kMax - 3, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(errorMessage(strategy->plan(buffers).takeError()),
            "greedy-breadth: the end of buffer 1 overflows 64 bits");
}

TEST(GreedyByBreadthTest, MatchesTheTextbookFormOnRandomProblems) {
  // The strategy orders buffers by a sweep and range minimums; the reference
  // builds every profile. Some problems have empty lifetimes, and some sizes
  // near 2^62 so that breadths saturate and ties of saturated breadths are
  // broken by time.
  std::mt19937 rng(8128);
  for (int problem = 0; problem < 3000; ++problem) {
    RandomProblemShape shape;
    shape.maxBuffers = problem % 10 == 0 ? 300 : 50;
    shape.maxLifetime = problem % 3 == 0 ? 40 : 5;
    shape.maxSize = problem % 4 == 0 ? 4 : 256;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    for (Buffer &buffer : buffers) {
      if (problem % 5 == 0 && rng() % 8 == 0)
        buffer.end = buffer.start;
      if (problem % 50 == 7 && rng() % 4 == 0)
        buffer.size = (uint64_t(1) << 62) + buffer.size;
    }
    SCOPED_TRACE("problem " + std::to_string(problem));
    std::optional<Plan> reference = planGreedyByBreadthReference(buffers);
    std::unique_ptr<OffsetStrategy> strategy =
        createOffsetStrategy("greedy-breadth", StrategyOptions());
    llvm::Expected<Plan> plan = strategy->plan(buffers);
    if (!reference) {
      EXPECT_FALSE(static_cast<bool>(plan));
      llvm::consumeError(plan.takeError());
      continue;
    }
    ASSERT_TRUE(static_cast<bool>(plan)) << errorMessage(plan.takeError());
    ASSERT_EQ(offsetsOf(*plan), offsetsOf(*reference));
    ASSERT_EQ(plan->slabSize, reference->slabSize);
  }
}

} // namespace
