//===- GergovTest.cpp - Tests of the gergov strategy ----------------------===//
//
// Every expected plan below was worked out by hand following the phases in
// lib/Planner/Strategies/Gergov.cpp. Steps are written (l, r)@h. Phase 1:
// take the lowest step (ties: earliest l); place the first buffer, by start
// then index, that overlaps it and no other open step at alignTo(h); split
// the step; close it if no buffer qualifies. Phase 2: in phase-1 order, the
// lowest colour not used by a conflicting (time and tentative bytes)
// buffer; colour c adds c * alignTo(highest tentative top, largest
// alignment).
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <cstdint>
#include <limits>

using namespace memplan;

namespace {

/// Runs gergov and checks the plan with the validator.
std::optional<Plan> planGergov(llvm::ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = runStrategy("gergov", buffers);
  if (plan) {
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  }
  return plan;
}

TEST(GergovTest, Empty) {
  std::optional<Plan> plan = planGergov({});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(GergovTest, DisjointLifetimesReuseOffsetZero) {
  // (0,3)@0 -> 0 at 0: (0,1)@8 (1,3)@0. (1,3)@0 -> 1 at 0: (1,2)@16 (2,3)@0.
  // (2,3)@0 -> 2 at 0. No conflicts, one colour.
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(16, 1, 2),
                      makeBuffer(4, 2, 3)};
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0}));
  EXPECT_EQ(plan->slabSize, 16u);
  EXPECT_EQ(plan->details, "gergov: tentative height 16, 1 colour");
}

TEST(GergovTest, LongBufferWaitsForItsStepsToClose) {
  // By start: 0, 2 (both start 0), 1.
  //  (0,3)@0 -> 0 at 0: (0,1)@2 (1,3)@0.
  //  (1,3)@0: 2 [0,3) starts before 1; 1 [2,3) fits -> 0: (1,2)@0 (2,3)@10.
  //  (1,2)@0: 2 reaches into (2,3) -> closed.
  //  (0,1)@2: 2 reaches into (2,3) -> closed.
  //  (2,3)@10: no open neighbours; 2 overlaps it -> 10.
  Buffer buffers[] = {makeBuffer(2, 0, 1), makeBuffer(10, 2, 3),
                      makeBuffer(5, 0, 3)};
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 10}));
  EXPECT_EQ(plan->slabSize, 15u);
  EXPECT_EQ(plan->slabSize, llvm::cantFail(computeLowerBound(buffers)));
}

/// Five buffers whose tentative placement clashes: 1 and 4 both reach into
/// the step (2,3), closed at height 3, at overlapping heights.
llvm::SmallVector<Buffer> clashingProblem(uint64_t alignmentOf4) {
  return {makeBuffer(3, 2, 3), makeBuffer(6, 1, 3), makeBuffer(4, 3, 4),
          makeBuffer(4, 0, 2), makeBuffer(3, 2, 4, alignmentOf4)};
}

TEST(GergovTest, InfeasibleThenColoured) {
  // By start: 3, 1, 0, 4, 2.
  //  (0,4)@0 -> 3 at 0: (0,2)@4 (2,4)@0.
  //  (2,4)@0: 1 starts at 1 < 2; 0 fits -> 0: (2,3)@3 (3,4)@0.
  //  (3,4)@0: 1 and 4 start before 3; 2 fits -> 0: (3,4)@4.
  //  (2,3)@3: 1 reaches back to 1, 4 on to 4 -> closed.
  //  (0,2)@4 (earlier than (3,4)@4): 1 ends at 3, where the next open step
  //  starts -> 4, top 10: (0,1)@4 (1,2)@10.
  //  (0,1)@4: nothing overlaps it alone -> closed.
  //  (3,4)@4: its left neighbour (1,2) ends at 2; 4 [2,4) fits -> 4.
  // Tentative bytes: 0 [0,3), 1 [4,10), 2 [0,4), 3 [0,4), 4 [4,7). 1 and 4
  // are both live on [2,3) at overlapping bytes. Colours in phase-1 order
  // 3, 0, 2, 1: 0; 4: 1, shifted by the highest top 10 -> 14.
  llvm::SmallVector<Buffer> buffers = clashingProblem(1);
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 4, 0, 0, 14}));
  EXPECT_EQ(plan->slabSize, 17u);
  EXPECT_EQ(plan->details, "gergov: tentative height 10, 2 colours");
  // At time 2: 3 + 6 + 3. The colouring is what costs the extra 5 bytes.
  EXPECT_EQ(llvm::cantFail(computeLowerBound(buffers)), 12u);
}

TEST(GergovTest, ColourShiftKeepsAlignment) {
  // As above, with buffer 4 aligned to 4: its tentative offset alignTo(4, 4)
  // is still 4, but the colour height is alignTo(10, 4) = 12 -> 16.
  llvm::SmallVector<Buffer> buffers = clashingProblem(4);
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 4, 0, 0, 16}));
  EXPECT_EQ(plan->slabSize, 19u);
}

TEST(GergovTest, TentativeOffsetsAreAligned) {
  // (0,2)@0 -> 0 at 0: (0,2)@3. (0,2)@3 -> 1 at alignTo(3, 8) = 8.
  Buffer buffers[] = {makeBuffer(3, 0, 2), makeBuffer(4, 0, 2, 8)};
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 8}));
  EXPECT_EQ(plan->slabSize, 12u);
}

TEST(GergovTest, ZeroSizeBuffersGoToOffsetZero) {
  // The empty buffers take no part. 1 -> 0: (0,4)@16. 3 -> 16.
  Buffer buffers[] = {makeBuffer(0, 0, 4, 64), makeBuffer(16, 0, 4),
                      makeBuffer(0, 1, 2), makeBuffer(8, 1, 3)};
  std::optional<Plan> plan = planGergov(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0, 16}));
  EXPECT_EQ(plan->slabSize, 24u);

  Buffer onlyEmpty[] = {makeBuffer(0, 0, 1), makeBuffer(0, 0, 1, 8)};
  plan = planGergov(onlyEmpty);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(GergovTest, EmptyLifetimesGoToOffsetZero) {
  // No valid problem has them (the validator refuses them), but they must
  // not stop the others: they take no part. 0 -> 0: (0,2)@8. 3 -> 8.
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(4, 1, 1),
                      makeBuffer(4, 0, 0), makeBuffer(2, 1, 2)};
  std::optional<Plan> plan = runStrategy("gergov", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0, 8}));
  EXPECT_EQ(plan->slabSize, 10u);
}

TEST(GergovTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> gergov = createOffsetStrategy("gergov");
  ASSERT_TRUE(gergov);
  // 0 at 0: (0,2)@kMax-3 (2,3)@0. (2,3) closes (1 starts at 1); 1 goes on
  // top of 0, past 2^64.
  Buffer buffers[] = {makeBuffer(kMax - 3, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(errorMessage(gergov->plan(buffers).takeError()),
            "gergov: the tentative end of buffer 1 overflows 64 bits");
  Buffer apart[] = {makeBuffer(kMax - 3, 0, 1), makeBuffer(8, 1, 3)};
  std::optional<Plan> plan = planGergov(apart);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0}));
}

} // namespace
