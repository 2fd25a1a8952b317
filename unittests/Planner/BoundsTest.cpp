//===- BoundsTest.cpp - Tests of the lower bound and the naive size -------===//

#include "memplan/Planner/Bounds.h"

#include "PlannerTestUtils.h"

#include <cstdint>
#include <limits>

using namespace memplan;

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

/// The lower bound, or kMax after recording a failure.
uint64_t lowerBound(llvm::ArrayRef<Buffer> buffers) {
  llvm::Expected<uint64_t> bound = computeLowerBound(buffers);
  if (!bound) {
    ADD_FAILURE() << errorMessage(bound.takeError());
    return kMax;
  }
  return *bound;
}

/// The naive size, or kMax after recording a failure.
uint64_t naiveSize(llvm::ArrayRef<Buffer> buffers) {
  llvm::Expected<uint64_t> size = computeNaiveSize(buffers);
  if (!size) {
    ADD_FAILURE() << errorMessage(size.takeError());
    return kMax;
  }
  return *size;
}

TEST(BoundsTest, Empty) {
  EXPECT_EQ(lowerBound({}), 0u);
  EXPECT_EQ(naiveSize({}), 0u);
}

TEST(BoundsTest, Chain) {
  // Each op reads the previous buffer and writes the next: at most two are
  // live. t=0: 32; t=1: 32+64=96; t=2: 64+16=80; t=3: 16+48=64; t=4: 48.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  EXPECT_EQ(lowerBound(buffers), 96u);
  EXPECT_EQ(naiveSize(buffers), 32u + 64 + 16 + 48);
}

TEST(BoundsTest, DisjointLifetimes) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(16, 1, 2),
                      makeBuffer(4, 2, 3)};
  EXPECT_EQ(lowerBound(buffers), 16u);
  EXPECT_EQ(naiveSize(buffers), 28u);
}

TEST(BoundsTest, TouchingIntervalsAreNotLiveTogether) {
  // [0,2) ends before [2,4) starts.
  Buffer buffers[] = {makeBuffer(5, 0, 2), makeBuffer(7, 2, 4)};
  EXPECT_EQ(lowerBound(buffers), 7u);
  EXPECT_EQ(naiveSize(buffers), 12u);
}

TEST(BoundsTest, EndsBeforeStartsWhateverTheInputOrder) {
  // The buffers starting at t=2 come first in the input.
  // t=0: 9; t=1: 9+3=12; t=2: 7+5=12 (it would be 24 if the starts at t=2
  // were counted before the ends); t=3: 7.
  Buffer buffers[] = {makeBuffer(7, 2, 4), makeBuffer(5, 2, 3),
                      makeBuffer(9, 0, 2), makeBuffer(3, 1, 2)};
  EXPECT_EQ(lowerBound(buffers), 12u);
}

TEST(BoundsTest, ResidualBlock) {
  // Buffer 0 lives across the whole block.
  // t=0: 16+32=48; t=1: 16+32+32=80; t=2: 16+32+32=80; t=3: 16+32+8=56;
  // t=4: 16+8=24.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  EXPECT_EQ(lowerBound(buffers), 80u);
  EXPECT_EQ(naiveSize(buffers), 120u);
}

TEST(BoundsTest, ZeroSizeAndEmptyLifetimes) {
  // The 100-byte buffer is never live; the naive slab still holds it.
  Buffer buffers[] = {makeBuffer(0, 0, 5), makeBuffer(8, 0, 5),
                      makeBuffer(100, 3, 3)};
  EXPECT_EQ(lowerBound(buffers), 8u);
  EXPECT_EQ(naiveSize(buffers), 108u);
}

TEST(BoundsTest, PaddingCountsBelowTheHighestBuffer) {
  // Three 10-byte buffers aligned to 16 live together: two lie below the
  // third and each takes 16 bytes, so 16 + 16 + 10.
  Buffer three[] = {makeBuffer(10, 0, 2, 16), makeBuffer(10, 0, 2, 16),
                    makeBuffer(10, 1, 3, 16)};
  EXPECT_EQ(lowerBound(three), 42u);
  // The more padded buffer goes on top: 16 + 17 is the rounded sum 16 + 32
  // less its padding of 15.
  Buffer mixed[] = {makeBuffer(16, 0, 1, 16), makeBuffer(17, 0, 1, 16)};
  EXPECT_EQ(lowerBound(mixed), 33u);
  // Sizes that are multiples of the alignment pad nothing.
  Buffer whole[] = {makeBuffer(32, 0, 2, 16), makeBuffer(48, 1, 3, 16)};
  EXPECT_EQ(lowerBound(whole), 80u);
}

TEST(BoundsTest, PaddingUsesTheLeastAlignment) {
  // One buffer may sit at any byte, so only multiples of 1 are known and
  // nothing is padded: 3 + 3.
  Buffer looseAndAligned[] = {makeBuffer(3, 0, 1, 1), makeBuffer(3, 0, 1, 8)};
  EXPECT_EQ(lowerBound(looseAndAligned), 6u);
  // Both at multiples of 4: the lower one takes 4, so 4 + 3.
  Buffer bothAligned[] = {makeBuffer(3, 0, 1, 4), makeBuffer(3, 0, 1, 8)};
  EXPECT_EQ(lowerBound(bothAligned), 7u);
  // A buffer that is never live, or holds nothing, sets no alignment.
  Buffer withIdle[] = {makeBuffer(3, 0, 1, 4), makeBuffer(3, 0, 1, 4),
                       makeBuffer(0, 0, 1, 1), makeBuffer(5, 2, 2, 1)};
  EXPECT_EQ(lowerBound(withIdle), 7u);
}

TEST(BoundsTest, PaddingOfDeadBuffersIsForgotten) {
  // The 1-byte buffer (padding 15) is dead when the last two are live
  // together, so only the 9-byte one's padding of 7 is taken off: 16 + 9.
  Buffer buffers[] = {makeBuffer(1, 0, 1, 16), makeBuffer(16, 1, 3, 16),
                      makeBuffer(9, 2, 3, 16)};
  EXPECT_EQ(lowerBound(buffers), 25u);
}

TEST(BoundsTest, NaiveSizeAlignsEveryOffset) {
  // 3 bytes at 0; 64-aligned at alignTo(3, 64) = 64, ends at 65; 4-aligned at
  // alignTo(65, 4) = 68, ends at 73. The lower bound ignores alignment.
  Buffer buffers[] = {makeBuffer(3, 0, 1), makeBuffer(1, 0, 1, 64),
                      makeBuffer(5, 0, 1, 4)};
  EXPECT_EQ(naiveSize(buffers), 73u);
  EXPECT_EQ(lowerBound(buffers), 9u);
}

TEST(BoundsTest, LowerBoundOverflow) {
  uint64_t half = uint64_t(1) << 63;
  Buffer together[] = {makeBuffer(half, 0, 2), makeBuffer(half, 1, 3)};
  EXPECT_NE(errorMessage(computeLowerBound(together).takeError())
                .find("overflows 64 bits"),
            std::string::npos);
  // The same sizes one after the other fit.
  Buffer apart[] = {makeBuffer(half, 0, 1), makeBuffer(half, 1, 2)};
  EXPECT_EQ(lowerBound(apart), half);
}

TEST(BoundsTest, NaiveSizeOverflow) {
  Buffer sum[] = {makeBuffer(kMax, 0, 1), makeBuffer(1, 0, 1)};
  EXPECT_NE(
      errorMessage(computeNaiveSize(sum).takeError()).find("overflows 64 bits"),
      std::string::npos);
  // Only the alignment of the last offset overflows here.
  Buffer align[] = {makeBuffer(kMax - 2, 0, 1), makeBuffer(0, 0, 1, 8)};
  EXPECT_NE(errorMessage(computeNaiveSize(align).takeError())
                .find("overflows 64 bits"),
            std::string::npos);
  // Exactly 2^64 - 1 bytes is representable.
  Buffer exact[] = {makeBuffer(kMax - 1, 0, 1), makeBuffer(1, 0, 1)};
  EXPECT_EQ(naiveSize(exact), kMax);
}

} // namespace
