//===- NaiveTest.cpp - Tests of the naive strategy ------------------------===//

#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <cstdint>
#include <limits>

using namespace memplan;

namespace {

TEST(NaiveTest, Empty) {
  std::optional<Plan> plan = runStrategy("naive", {});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(NaiveTest, ChainDoesNotReuse) {
  // Disjoint lifetimes, yet every buffer gets bytes of its own: 0, 8, 24.
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(16, 1, 2),
                      makeBuffer(4, 2, 3)};
  std::optional<Plan> plan = runStrategy("naive", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 8, 24}));
  EXPECT_EQ(plan->slabSize, 28u);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
}

TEST(NaiveTest, MixedAlignments) {
  // 3 bytes at 0; the 64-aligned buffer at alignTo(3, 64) = 64 ends at 65;
  // the 4-aligned one at alignTo(65, 4) = 68 ends at 73.
  Buffer buffers[] = {makeBuffer(3, 0, 1), makeBuffer(1, 0, 1, 64),
                      makeBuffer(5, 0, 1, 4)};
  std::optional<Plan> plan = runStrategy("naive", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 68}));
  EXPECT_EQ(plan->slabSize, 73u);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
}

TEST(NaiveTest, ZeroSizeBuffersAreAlignedToo) {
  // Naive treats every buffer alike: the empty 16-aligned buffer goes to
  // alignTo(3, 16) = 16 and the next one follows it at 16.
  Buffer buffers[] = {makeBuffer(3, 0, 1), makeBuffer(0, 0, 1, 16),
                      makeBuffer(2, 0, 1)};
  std::optional<Plan> plan = runStrategy("naive", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 16, 16}));
  EXPECT_EQ(plan->slabSize, 18u);
  EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
}

TEST(NaiveTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> naive = createOffsetStrategy("naive");
  ASSERT_TRUE(naive);
  Buffer sum[] = {makeBuffer(kMax, 0, 1), makeBuffer(1, 0, 1)};
  EXPECT_EQ(errorMessage(naive->plan(sum).takeError()),
            "naive: the end of buffer 1 overflows 64 bits");
  Buffer align[] = {makeBuffer(kMax - 2, 0, 1), makeBuffer(0, 0, 1, 8)};
  EXPECT_EQ(errorMessage(naive->plan(align).takeError()),
            "naive: the end of buffer 1 overflows 64 bits");
}

} // namespace
