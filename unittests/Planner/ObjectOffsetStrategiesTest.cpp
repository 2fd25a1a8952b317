//===- ObjectOffsetStrategiesTest.cpp - Offsets from shared objects -------===//

#include "PlannerTestUtils.h"

using namespace memplan;

namespace {

/// The residual block of GreedyBySizeTest.
const Buffer kResidual[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                            makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                            makeBuffer(8, 3, 5)};

TEST(ObjectOffsetStrategiesTest, ObjectsBackToBack) {
  // Both strategies give the residual block the objects {0}, {1, 3},
  // {2, 4} of 16, 32, 32 bytes (see ObjectStrategiesTest.ResidualBlock).
  for (llvm::StringRef name : {"greedy-in-order", "mincost-flow"}) {
    SCOPED_TRACE(name.str());
    std::optional<Plan> plan = runStrategy(name, kResidual);
    ASSERT_TRUE(plan);
    EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 16, 48, 16, 48}));
    EXPECT_EQ(plan->slabSize, 80u);
  }
}

TEST(ObjectOffsetStrategiesTest, ObjectsAlignToTheirLargestAlignment) {
  // Buffer 3 needs 64: object 1 ({1, 3}) moves from 16 to 64, object 2 follows
  // at 96.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4, 64),
                      makeBuffer(8, 3, 5, 8)};
  std::optional<Plan> plan = runStrategy("greedy-in-order", buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 96, 64, 96}));
  EXPECT_EQ(plan->slabSize, 128u);
}

} // namespace
