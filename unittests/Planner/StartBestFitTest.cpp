//===- StartBestFitTest.cpp - Tests of the start-best-fit strategy --------===//
//
// Every expected plan below was worked out by hand following the rules in
// lib/Planner/Strategies/StartBestFit.cpp: buffers by start (ties: larger
// size, then lower index), each into the smallest fitting gap among the
// placed buffers still live at its start, else above them.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <limits>

using namespace memplan;

namespace {

std::optional<Plan> planByStart(llvm::ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = runStrategy("start-best-fit", buffers);
  if (plan) {
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  }
  return plan;
}

TEST(StartBestFitTest, Empty) {
  std::optional<Plan> plan = planByStart({});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(StartBestFitTest, Chain) {
  //  0 [0,2) -> 0.   1 [1,3): above 0 -> 32.
  //  2 [2,4): 1 [32,96) is live; the gap [0,32) fits -> 0.
  //  3 [3,5): 2 [0,16) is live -> above it, 16.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 32, 0, 16}));
  EXPECT_EQ(plan->slabSize, 96u);
}

TEST(StartBestFitTest, ResidualBlock) {
  // Order: 1 (start 0, 32 bytes), 0 (start 0, 16), 2, 3, 4.
  //  1 [0,2) -> 0.   0 [0,5): above 1 -> 32.
  //  2 [1,3): above 1 and 0 -> 48.
  //  3 [2,4): 0 [32,48) and 2 [48,80) are live; the gap [0,32) -> 0.
  //  4 [3,5): 3 [0,32) and 0 [32,48) are live, no gap -> 48.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{32, 0, 48, 0, 48}));
  EXPECT_EQ(plan->slabSize, 80u);
}

TEST(StartBestFitTest, EqualSizesBreakTiesByIndex) {
  // All 16 bytes. Order: 1, 3 (both start 0), 2, 0.
  //  1 [0,4) -> 0.   3 [0,2) -> 16.   2 [1,3) -> 32.
  //  0 [2,4): 1 [0,16), 2 [32,48) are live; the gap [16,32) -> 16.
  Buffer buffers[] = {makeBuffer(16, 2, 4), makeBuffer(16, 0, 4),
                      makeBuffer(16, 1, 3), makeBuffer(16, 0, 2)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{16, 0, 32, 16}));
  EXPECT_EQ(plan->slabSize, 48u);
}

TEST(StartBestFitTest, SmallestFittingGapWins) {
  // Order at start 0 by size: 0 -> 0, 1 -> 20, 2 -> 32, 3 -> 42.
  //  4 [2,4): 1 [20,32) and 3 [42,50) are live. Gaps [0,20) (20 bytes) and
  //  [32,42) (10 bytes) both fit 9; the smaller wins -> 32.
  Buffer buffers[] = {makeBuffer(20, 0, 2), makeBuffer(12, 0, 5),
                      makeBuffer(10, 0, 2), makeBuffer(8, 0, 5),
                      makeBuffer(9, 2, 4)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 20, 32, 42, 32}));
  EXPECT_EQ(plan->slabSize, 50u);
}

TEST(StartBestFitTest, StartOrderLosesToGreedySize) {
  //  2 [0,3) -> 0.   0 [1,4): above 2 -> 24.
  //  1 [3,6): 0 [24,72) is live; the gap [0,24) is too small -> 72.
  // greedy-size places 0 first, then 1 above it at 48 and 2 there too: 88.
  Buffer buffers[] = {makeBuffer(48, 1, 4), makeBuffer(40, 3, 6),
                      makeBuffer(24, 0, 3)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{24, 72, 0}));
  EXPECT_EQ(plan->slabSize, 112u);
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(greedy->slabSize, 88u);
}

TEST(StartBestFitTest, MixedAlignments) {
  //  0 (3 bytes) -> 0.   1 (2 bytes, 64-aligned): above 0 at 64.
  //  2 (1 byte, 4-aligned) [1,3): the gap [3,64) at alignTo(3, 4) = 4.
  Buffer buffers[] = {makeBuffer(3, 0, 2), makeBuffer(2, 0, 2, 64),
                      makeBuffer(1, 1, 3, 4)};
  std::optional<Plan> plan = planByStart(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 4}));
  EXPECT_EQ(plan->slabSize, 66u);
}

TEST(StartBestFitTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("start-best-fit");
  ASSERT_TRUE(strategy);
  Buffer buffers[] = {makeBuffer(kMax - 3, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(errorMessage(strategy->plan(buffers).takeError()),
            "start-best-fit: the end of buffer 1 overflows 64 bits");
}

} // namespace
