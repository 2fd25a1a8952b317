//===- ValidatorTest.cpp - Tests of the plan validator --------------------===//

#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <cstdint>
#include <limits>
#include <random>

using namespace memplan;

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

std::string validate(llvm::ArrayRef<Buffer> buffers, const Plan &plan) {
  return errorMessage(validatePlan(buffers, plan));
}

TEST(ValidatorTest, EmptyProblem) { EXPECT_EQ(validate({}, Plan()), ""); }

TEST(ValidatorTest, AcceptsResidualBlockPlan) {
  // The greedy-size plan of the residual block (see GreedyBySizeTest).
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  EXPECT_EQ(validate(buffers, makePlan({64, 0, 32, 0, 32}, 80)), "");
  // A slab larger than needed is wasteful but valid.
  EXPECT_EQ(validate(buffers, makePlan({64, 0, 32, 0, 32}, 100)), "");
}

TEST(ValidatorTest, TouchingIntervalsMayShareBytes) {
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 2, 4)};
  EXPECT_EQ(validate(buffers, makePlan({0, 0}, 8)), "");
}

TEST(ValidatorTest, AdjacentBytesDoNotOverlap) {
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 0, 2)};
  EXPECT_EQ(validate(buffers, makePlan({0, 8}, 16)), "");
  EXPECT_EQ(validate(buffers, makePlan({8, 0}, 16)), "");
}

TEST(ValidatorTest, ZeroSizeBuffersShareNoByte) {
  // Inside another live buffer, at its end, and at the same offset.
  Buffer buffers[] = {makeBuffer(16, 0, 4), makeBuffer(0, 0, 4),
                      makeBuffer(0, 1, 2), makeBuffer(0, 0, 4, 8)};
  EXPECT_EQ(validate(buffers, makePlan({0, 4, 16, 0}, 16)), "");
}

TEST(ValidatorTest, RejectsWrongOffsetCount) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(8, 1, 2)};
  EXPECT_EQ(validate(buffers, makePlan({0}, 8)),
            "the plan has 1 offsets for 2 buffers");
  EXPECT_EQ(validate(buffers, makePlan({0, 0, 0}, 8)),
            "the plan has 3 offsets for 2 buffers");
}

TEST(ValidatorTest, RejectsBadAlignment) {
  Buffer three[] = {makeBuffer(8, 0, 1, 3)};
  EXPECT_EQ(validate(three, makePlan({0}, 8)),
            "buffer 0 has alignment 3, which is not a power of two");
  Buffer zero[] = {makeBuffer(8, 0, 1), makeBuffer(8, 0, 1, 0)};
  EXPECT_EQ(validate(zero, makePlan({0, 8}, 16)),
            "buffer 1 has alignment 0, which is not a power of two");
}

TEST(ValidatorTest, RejectsEmptyLifetime) {
  Buffer empty[] = {makeBuffer(8, 3, 3)};
  EXPECT_EQ(validate(empty, makePlan({0}, 8)),
            "buffer 0 has an empty lifetime [3, 3)");
  Buffer reversed[] = {makeBuffer(8, 0, 1), makeBuffer(8, 5, 2)};
  EXPECT_EQ(validate(reversed, makePlan({0, 8}, 16)),
            "buffer 1 has an empty lifetime [5, 2)");
}

TEST(ValidatorTest, RejectsMisalignment) {
  Buffer buffers[] = {makeBuffer(4, 0, 1), makeBuffer(8, 0, 1, 8)};
  EXPECT_EQ(validate(buffers, makePlan({0, 4}, 12)),
            "buffer 1 is at offset 4, which is not a multiple of its "
            "alignment 8");
}

TEST(ValidatorTest, RejectsBufferOutsideSlab) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(8, 0, 1)};
  EXPECT_EQ(validate(buffers, makePlan({0, 8}, 15)),
            "buffer 1 occupies bytes [8, 16), beyond the slab of 15 bytes");
}

TEST(ValidatorTest, RejectsOverflow) {
  Buffer buffers[] = {makeBuffer(4, 0, 1)};
  EXPECT_EQ(validate(buffers, makePlan({kMax - 1}, kMax)),
            "buffer 0 at offset 18446744073709551614 of size 4 ends beyond "
            "64 bits");
  // Ending exactly at 2^64 - 1 is fine.
  EXPECT_EQ(validate(buffers, makePlan({kMax - 4}, kMax)), "");
}

TEST(ValidatorTest, RejectsOverlapInBytes) {
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(validate(buffers, makePlan({0, 4}, 12)),
            "buffers 0 and 1 overlap in time [1, 2) and share bytes [4, 8)");
  // The lower index is named first whichever buffer is lower in memory.
  EXPECT_EQ(validate(buffers, makePlan({4, 0}, 12)),
            "buffers 0 and 1 overlap in time [1, 2) and share bytes [4, 8)");
}

TEST(ValidatorTest, RejectsSameOffset) {
  Buffer buffers[] = {makeBuffer(1, 0, 9), makeBuffer(8, 0, 1),
                      makeBuffer(8, 4, 9)};
  EXPECT_EQ(validate(buffers, makePlan({16, 0, 0}, 17)), "");
  Buffer overlapping[] = {makeBuffer(4, 0, 9), makeBuffer(8, 3, 5)};
  EXPECT_EQ(validate(overlapping, makePlan({0, 0}, 8)),
            "buffers 0 and 1 overlap in time [3, 5) and share bytes [0, 4)");
}

TEST(ValidatorTest, RejectsLargeBufferOverSmallOnes) {
  // Three small live buffers at 0, 20 and 40, then one that starts later.
  Buffer buffers[] = {makeBuffer(10, 0, 10), makeBuffer(10, 0, 10),
                      makeBuffer(10, 0, 10), makeBuffer(100, 5, 6)};
  // Spans all three: its lower neighbour is buffer 0.
  EXPECT_EQ(validate(buffers, makePlan({0, 20, 40, 5}, 105)),
            "buffers 0 and 3 overlap in time [5, 6) and share bytes [5, 10)");
  // Starts in the gap [10,20) and runs into buffer 1.
  EXPECT_EQ(validate(buffers, makePlan({0, 20, 40, 12}, 112)),
            "buffers 1 and 3 overlap in time [5, 6) and share bytes [20, 30)");
  Buffer small[] = {makeBuffer(10, 0, 10), makeBuffer(10, 0, 10),
                    makeBuffer(10, 0, 10), makeBuffer(8, 5, 6)};
  // Fits in the gap [10,20).
  EXPECT_EQ(validate(small, makePlan({0, 20, 40, 12}, 50)), "");
}

TEST(ValidatorTest, RejectsOverlapAfterAnotherBufferEnds) {
  // 0 and 1 share bytes at different times; 2 clashes with 0 at time 1.
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(8, 2, 4),
                      makeBuffer(8, 1, 3)};
  EXPECT_EQ(validate(buffers, makePlan({0, 0, 8}, 16)), "");
  EXPECT_EQ(validate(buffers, makePlan({0, 0, 4}, 12)),
            "buffers 0 and 2 overlap in time [1, 2) and share bytes [4, 8)");
}

TEST(ValidatorTest, ScalesToManyBuffers) {
  // 100000 buffers live at once, back to back, then one clash at the top. A
  // quadratic check would take minutes.
  constexpr uint64_t kCount = 100000;
  llvm::SmallVector<Buffer> buffers;
  Plan plan;
  for (uint64_t i = 0; i < kCount; ++i) {
    buffers.push_back(makeBuffer(4, i % 7, kCount + 10, 4));
    plan.offsets.push_back(4 * i);
  }
  plan.slabSize = 4 * kCount;
  EXPECT_EQ(validate(buffers, plan), "");
  plan.offsets.back() = 4 * (kCount - 2);
  EXPECT_NE(validate(buffers, plan).find("buffers 99998 and 99999 overlap"),
            std::string::npos);
}

/// Whether some pair of buffers overlaps in time and shares a byte, checked
/// pair by pair.
bool hasClashingPair(llvm::ArrayRef<Buffer> buffers, const Plan &plan) {
  for (size_t i = 0; i < buffers.size(); ++i)
    for (size_t j = i + 1; j < buffers.size(); ++j)
      if (buffers[i].overlapsInTime(buffers[j]) && buffers[i].size != 0 &&
          buffers[j].size != 0 &&
          plan.offsets[i] < plan.offsets[j] + buffers[j].size &&
          plan.offsets[j] < plan.offsets[i] + buffers[i].size)
        return true;
  return false;
}

/// Plans random offsets on a small grid for 500 random problems, so that
/// about half the plans clash, and checks that the validator and the
/// pairwise check agree on each; `withGaps` makes a third of the buffers
/// live on two intervals. Returns how many plans clashed and how many
/// buffers had gaps.
std::pair<int, int> compareWithPairwiseCheck(std::mt19937 &rng, bool withGaps) {
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };
  int rejected = 0, gapped = 0;
  for (int problem = 0; problem < 500; ++problem) {
    llvm::SmallVector<Buffer> buffers(uniform(1, 12));
    Plan plan;
    for (Buffer &buffer : buffers) {
      buffer = makeBuffer(uniform(0, 8), uniform(0, 20), 0);
      uint64_t length = withGaps ? uniform(1, 8) : uniform(1, 6);
      buffer.end = buffer.start + length;
      if (withGaps && length >= 3 && uniform(0, 2) == 0) {
        uint64_t gapStart = buffer.start + uniform(1, length - 2);
        setLiveRanges(buffer,
                      {{buffer.start, gapStart}, {gapStart + 1, buffer.end}});
        gapped += buffer.hasGaps();
      }
      plan.offsets.push_back(4 * uniform(0, 3 * buffers.size()));
      plan.slabSize =
          std::max(plan.slabSize, plan.offsets.back() + buffer.size);
    }
    bool clashes = hasClashingPair(buffers, plan);
    std::string message = validate(buffers, plan);
    EXPECT_EQ(message.empty(), !clashes)
        << "problem " << problem << ": " << message;
    rejected += clashes;
  }
  return {rejected, gapped};
}

TEST(ValidatorTest, AgreesWithPairwiseCheck) {
  std::mt19937 rng(7);
  int rejected = compareWithPairwiseCheck(rng, false).first;
  // Both outcomes are exercised.
  EXPECT_GT(rejected, 50);
  EXPECT_LT(rejected, 450);
}

/// The same where a third of the buffers are live on two intervals: the
/// sweep enters them twice, the pairwise check compares their intervals
/// (Buffer::overlapsInTime).
TEST(ValidatorTest, AgreesWithPairwiseCheckOnGappedLifetimes) {
  std::mt19937 rng(8);
  auto [rejected, gapped] = compareWithPairwiseCheck(rng, true);
  EXPECT_GT(gapped, 300);
  EXPECT_GT(rejected, 50);
  EXPECT_LT(rejected, 450);
}

} // namespace
