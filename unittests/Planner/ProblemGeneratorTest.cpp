//===- ProblemGeneratorTest.cpp - Tests of the synthetic problems ---------===//

#include "memplan/Tooling/ProblemGenerator.h"

#include "memplan/Planner/Bounds.h"

#include "PlannerTestUtils.h"

using namespace memplan;

namespace {

TEST(ProblemGeneratorTest, ShapedAsDocumented) {
  llvm::SmallVector<Buffer> buffers = generateProblem(100000, 1);
  ASSERT_EQ(buffers.size(), 100000u);
  unsigned shortLived = 0, skip = 0, longLived = 0;
  uint64_t smallest = UINT64_MAX, largest = 0;
  for (const Buffer &buffer : buffers) {
    ASSERT_LT(buffer.start, buffer.end);
    EXPECT_EQ(buffer.alignment, 1u);
    smallest = std::min(smallest, buffer.size);
    largest = std::max(largest, buffer.size);
    uint64_t lifetime = buffer.end - buffer.start;
    if (lifetime <= 3)
      ++shortLived;
    else if (lifetime <= 64)
      ++skip;
    else
      ++longLived;
  }
  // Sizes span 64 B to 6 MiB.
  EXPECT_EQ(smallest, 64u);
  EXPECT_EQ(largest, 3u << 21);
  // Mostly short lifetimes; about one in ten produced buffers a skip
  // connection and a few hundred long ones (scratch buffers are short).
  EXPECT_GT(shortLived, 85000u);
  EXPECT_GT(skip, 7000u);
  EXPECT_LT(skip, 13000u);
  EXPECT_GT(longLived, 150u);
  EXPECT_LT(longLived, 500u);
}

TEST(ProblemGeneratorTest, LongLivedShapedAsDocumented) {
  constexpr unsigned n = 60000;
  llvm::SmallVector<Buffer> buffers =
      generateProblem(n, 1, ProblemShape::LongLived);
  ASSERT_EQ(buffers.size(), n);
  uint64_t numOps = n / 4, smallest = UINT64_MAX, largest = 0;
  unsigned shortLived = 0, sixth = 0;
  for (const Buffer &buffer : buffers) {
    ASSERT_LT(buffer.start, buffer.end);
    ASSERT_LE(buffer.end, numOps);
    smallest = std::min(smallest, buffer.size);
    largest = std::max(largest, buffer.size);
    uint64_t lifetime = buffer.end - buffer.start;
    shortLived += lifetime <= 4;
    sixth += lifetime > numOps / 12 && lifetime <= numOps / 6 + 1;
  }
  // Sizes span 4 B to 384 MiB.
  EXPECT_EQ(smallest, 4u);
  EXPECT_EQ(largest, 3u << 27);
  // Half the buffers and the short activations of the backward half are
  // short; long ones reach a sixth of the program.
  EXPECT_GT(shortLived, n / 2);
  EXPECT_GT(sixth, n / 60);
  // The activations of the forward half nest: thousands live in the middle
  // (the bound of one byte each counts the buffers live at once).
  llvm::SmallVector<Buffer> ones(buffers);
  for (Buffer &buffer : ones)
    buffer.size = 1;
  EXPECT_GT(llvm::cantFail(computeLowerBound(ones)), n / 15);
  EXPECT_EQ(getProblemShapeName(*parseProblemShape("long-lived")),
            "long-lived");
  EXPECT_FALSE(parseProblemShape("wide"));
}

TEST(ProblemGeneratorTest, TheSeedPicksTheProblem) {
  auto fields = [](llvm::ArrayRef<Buffer> buffers) {
    std::vector<uint64_t> values;
    for (const Buffer &buffer : buffers)
      values.insert(values.end(), {buffer.size, buffer.start, buffer.end});
    return values;
  };
  EXPECT_EQ(fields(generateProblem(500, 9)), fields(generateProblem(500, 9)));
  EXPECT_NE(fields(generateProblem(500, 9)), fields(generateProblem(500, 10)));
  EXPECT_TRUE(generateProblem(0, 1).empty());
  EXPECT_EQ(generateProblem(1, 1).size(), 1u);
}

} // namespace
