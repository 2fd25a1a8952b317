//===- StripBestFitTest.cpp - Tests of the strip-best-fit strategy --------===//
//
// Every expected plan below was worked out by hand following the rules in
// lib/Planner/Strategies/StripBestFit.cpp. A skyline is written as segments
// [begin,end)@height. Each step takes the lowest segment (ties: earliest);
// among the unplaced buffers whose lifetime lies inside it, the largest
// (ties: longest lifetime, lower index) goes to its height, aligned; if none
// fits, the segment rises to its lower neighbour.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <limits>

using namespace memplan;

namespace {

std::optional<Plan> planStrip(llvm::ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = runStrategy("strip-best-fit", buffers);
  if (plan) {
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  }
  return plan;
}

uint64_t lowerBound(llvm::ArrayRef<Buffer> buffers) {
  return llvm::cantFail(computeLowerBound(buffers));
}

TEST(StripBestFitTest, Empty) {
  std::optional<Plan> plan = planStrip({});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(StripBestFitTest, Chain) {
  //  [0,5)@0: all fit, 1 is the largest -> 0.
  //  [0,1)@0 | [1,3)@64 | [3,5)@0: [0,1) is lowest and earliest; nothing
  //  fits; it rises to 64: [0,3)@64 | [3,5)@0.
  //  [3,5)@0: 3 -> 0. [3,5)@48: nothing fits; rises: [0,5)@64.
  //  [0,5)@64: 0 (32) -> 64: [0,2)@96 | [2,5)@64; then 2 [2,4) -> 64.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 64, 0}));
  EXPECT_EQ(plan->slabSize, 96u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
}

TEST(StripBestFitTest, ResidualBlock) {
  //  [0,5)@0: 1, 2, 3 are largest with equal lifetimes; 1 (lowest index)
  //  -> 0: [0,2)@32 | [2,5)@0.
  //  [2,5)@0: 3 [2,4) beats 4 -> 0: [0,4)@32 (merged) | [4,5)@0.
  //  [4,5)@0: nothing fits; rises: [0,5)@32.
  //  [0,5)@32: 2 (32) -> 32: [0,1)@32 | [1,3)@64 | [3,5)@32.
  //  [0,1)@32: nothing fits; rises: [0,3)@64 | [3,5)@32.
  //  [3,5)@32: 4 -> 32: [3,5)@40; nothing fits; rises: [0,5)@64.
  //  [0,5)@64: 0 -> 64.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 32, 0, 32}));
  EXPECT_EQ(plan->slabSize, 80u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
}

TEST(StripBestFitTest, EqualSizesPreferLongerLifetimes) {
  // All 16 bytes.
  //  [0,4)@0: 1 lives longest -> 0: [0,4)@16.
  //  [0,4)@16: 0, 2, 3 live 2 each; 0 (lowest index) -> 16:
  //  [0,2)@16 | [2,4)@32.
  //  [0,2)@16: 3 -> 16: [0,4)@32 (merged).   [0,4)@32: 2 -> 32.
  Buffer buffers[] = {makeBuffer(16, 2, 4), makeBuffer(16, 0, 4),
                      makeBuffer(16, 1, 3), makeBuffer(16, 0, 2)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{16, 0, 32, 16}));
  EXPECT_EQ(plan->slabSize, 48u);
}

TEST(StripBestFitTest, BeatsGreedySize) {
  // The problem of GreedyByBreadthTest.BusiestMomentFirstBeatsGreedySize.
  //  [1,6)@0: 3 (48) -> 0: [1,4)@48 | [4,6)@0.
  //  [4,6)@0: 1 and 2 fit; equal sizes, 1 lives longer -> 0: [4,6)@32.
  //  [4,6)@32: 2 -> 32: [1,4)@48 | [4,5)@64 | [5,6)@32.
  //  [5,6)@32: nothing fits; rises to 64: [1,4)@48 | [4,6)@64.
  //  [1,4)@48: nothing fits; rises: [1,6)@64.   0 -> 64.
  Buffer buffers[] = {makeBuffer(40, 3, 6), makeBuffer(32, 4, 6),
                      makeBuffer(32, 4, 5), makeBuffer(48, 1, 4)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 32, 0}));
  EXPECT_EQ(plan->slabSize, 104u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(greedy->slabSize, 120u);
}

TEST(StripBestFitTest, RaisingGivesUpSpaceBelow) {
  //  [0,3)@0: 0 (3 bytes) -> 0: [0,2)@3 | [2,3)@0.
  //  [2,3)@0: nothing fits; rises: [0,3)@3.
  //  [0,3)@3: 1 (2 bytes, 64-aligned) -> alignTo(3, 64) = 64:
  //  [0,2)@66 | [2,3)@3.
  //  [2,3)@3: nothing fits; rises: [0,3)@66.
  //  2 (1 byte, 4-aligned) -> alignTo(66, 4) = 68, where greedy-size finds
  //  the gap [3,64) and ends at 66.
  Buffer buffers[] = {makeBuffer(3, 0, 2), makeBuffer(2, 0, 2, 64),
                      makeBuffer(1, 1, 3, 4)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 68}));
  EXPECT_EQ(plan->slabSize, 69u);
}

TEST(StripBestFitTest, ZeroSizeBuffersGoToOffsetZero) {
  //  [0,4)@0: 1 -> 0: [0,4)@16.   3 -> 16.   The empty ones -> 0.
  Buffer buffers[] = {makeBuffer(0, 0, 4, 64), makeBuffer(16, 0, 4),
                      makeBuffer(0, 1, 2), makeBuffer(8, 1, 3)};
  std::optional<Plan> plan = planStrip(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0, 16}));
  EXPECT_EQ(plan->slabSize, 24u);
}

TEST(StripBestFitTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("strip-best-fit");
  ASSERT_TRUE(strategy);
  Buffer buffers[] = {makeBuffer(kMax - 3, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(errorMessage(strategy->plan(buffers).takeError()),
            "strip-best-fit: the end of buffer 1 overflows 64 bits");
}

} // namespace
