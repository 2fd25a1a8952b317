//===- ObjectBoundsTest.cpp - Tests of the shared-objects lower bound -----===//

#include "memplan/Planner/Bounds.h"

#include "PlannerTestUtils.h"

#include <cstdint>
#include <limits>

using namespace memplan;

namespace {

std::vector<uint64_t> maximumsOf(llvm::ArrayRef<Buffer> buffers) {
  llvm::SmallVector<uint64_t> maximums = computePositionalMaximums(buffers);
  return std::vector<uint64_t>(maximums.begin(), maximums.end());
}

uint64_t objectBound(llvm::ArrayRef<Buffer> buffers) {
  llvm::Expected<uint64_t> bound = computeObjectLowerBound(buffers);
  if (!bound) {
    ADD_FAILURE() << errorMessage(bound.takeError());
    return 0;
  }
  return *bound;
}

TEST(ObjectBoundsTest, Empty) {
  EXPECT_EQ(maximumsOf({}), std::vector<uint64_t>());
  EXPECT_EQ(objectBound({}), 0u);
}

TEST(ObjectBoundsTest, DisjointLifetimesNeedOneObject) {
  Buffer buffers[] = {makeBuffer(32, 0, 1), makeBuffer(64, 1, 2),
                      makeBuffer(16, 2, 3)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{64}));
  EXPECT_EQ(objectBound(buffers), 64u);
}

TEST(ObjectBoundsTest, OverlappingChain) {
  // Profiles: t0 {32}, t1 {64, 32}, t2 {64, 16}, t3 {48, 16}, t4 {48}.
  // Maximums 64 and 32: 96, the same as the offset bound here.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{64, 32}));
  EXPECT_EQ(objectBound(buffers), 96u);
}

TEST(ObjectBoundsTest, ResidualBlock) {
  // Profiles: t0 {32, 16}, t1 {32, 32, 16}, t2 {32, 32, 16}, t3 {32, 16, 8},
  // t4 {16, 8}. The offset bound is 80 too.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{32, 32, 16}));
  EXPECT_EQ(objectBound(buffers), 80u);
}

TEST(ObjectBoundsTest, ExceedsTheOffsetBound) {
  // At t0 {100, 1}, at t1 {50, 50}: the offset bound is 101 (or 100), but
  // objects need 100 + 50 = 150: the second object must hold a 50.
  Buffer buffers[] = {makeBuffer(100, 0, 1), makeBuffer(1, 0, 1),
                      makeBuffer(50, 1, 2), makeBuffer(50, 1, 2)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{100, 50}));
  EXPECT_EQ(objectBound(buffers), 150u);
  EXPECT_EQ(llvm::cantFail(computeLowerBound(buffers)), 101u);
}

TEST(ObjectBoundsTest, IgnoresZeroSizesAndEmptyLifetimes) {
  Buffer buffers[] = {makeBuffer(0, 0, 4), makeBuffer(8, 1, 2),
                      makeBuffer(99, 3, 3), makeBuffer(4, 1, 3)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{8, 4}));
  EXPECT_EQ(objectBound(buffers), 12u);
}

TEST(ObjectBoundsTest, FarApartTimes) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  Buffer buffers[] = {makeBuffer(5, 0, kMax), makeBuffer(7, kMax - 1, kMax),
                      makeBuffer(3, 1000, 1001)};
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{7, 5}));
  EXPECT_EQ(objectBound(buffers), 12u);
}

TEST(ObjectBoundsTest, Overflow) {
  uint64_t half = uint64_t(1) << 63;
  Buffer buffers[] = {makeBuffer(half, 0, 2), makeBuffer(half, 1, 3)};
  llvm::Expected<uint64_t> bound = computeObjectLowerBound(buffers);
  ASSERT_FALSE(bound);
  EXPECT_EQ(errorMessage(bound.takeError()),
            "the sum of the positional maximums overflows 64 bits");
}

TEST(ObjectBoundsTest, ScalesToManyBuffers) {
  // 200000 buffers, each overlapping the next three: O(n log n) runs in
  // milliseconds where listing profiles would too, but a quadratic sweep
  // would not.
  llvm::SmallVector<Buffer> buffers;
  for (uint64_t i = 0; i < 200000; ++i)
    buffers.push_back(makeBuffer(1 + i % 7, i, i + 4));
  EXPECT_EQ(maximumsOf(buffers), (std::vector<uint64_t>{7, 6, 5, 4}));
}

} // namespace
