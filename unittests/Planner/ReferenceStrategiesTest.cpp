//===- ReferenceStrategiesTest.cpp - Fast strategies against oracles ------===//
//
// strip-best-fit, gergov and path-cover keep their skylines and unplaced
// buffers in trees; ReferenceStrategies.cpp keeps the plain scans they
// replaced. Both
// must give the same plan (offsets, slab and details) or the same error on
// every problem. The random problems vary what the tie-breaks and the trees
// are sensitive to: many equal starts, sizes and lifetimes, zero sizes,
// alignments, short and long lifetimes, and a few hundred buffers.
//
//===----------------------------------------------------------------------===//

#include "ReferenceStrategies.h"

#include "PlannerTestUtils.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <random>

using namespace memplan;

namespace {

/// The shape of random problem number `problem`, cycling through short and
/// long horizons and lifetimes, few and many distinct sizes, and small and
/// large problems.
RandomProblemShape shapeOf(int problem) {
  RandomProblemShape shape;
  shape.maxBuffers = problem % 10 == 0 ? 300 : problem % 10 == 1 ? 8 : 60;
  shape.horizonPerBuffer = problem % 3 == 0 ? 1 : problem % 3 == 1 ? 2 : 8;
  shape.maxLifetime = problem % 7 == 0 ? 200 : problem % 3 == 0 ? 40 : 6;
  // Few distinct sizes: many ties on size, and on lifetime too.
  if (problem % 4 == 0)
    shape.maxSize = 4;
  shape.maxAlignmentLog2 = problem % 5 == 0 ? 0 : 6;
  // Sizes near 2^63: the plans overflow, and the errors must agree.
  if (problem % 97 == 0)
    shape.sizeScale = uint64_t(1) << 55;
  return shape;
}

/// A random problem for `problem`; with `emptyLifetimes`, some buffers of
/// some problems live on an empty interval.
llvm::SmallVector<Buffer> randomProblem(std::mt19937 &rng, int problem,
                                        bool emptyLifetimes) {
  llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shapeOf(problem));
  auto oneIn = [&](unsigned n) {
    return std::uniform_int_distribution<unsigned>(0, n - 1)(rng) == 0;
  };
  bool manyZeroSized = problem % 6 == 0;
  bool someEmpty = emptyLifetimes && problem % 2 == 0;
  for (Buffer &buffer : buffers) {
    if (manyZeroSized && oneIn(3))
      buffer.size = 0;
    if (someEmpty && oneIn(8))
      buffer.end = buffer.start;
  }
  return buffers;
}

/// Checks that `fast` and `reference` give the same plan or the same error;
/// returns whether they failed.
bool expectSamePlans(llvm::Expected<Plan> fast,
                     llvm::Expected<Plan> reference) {
  if (!fast || !reference) {
    std::string fastError = fast ? "" : errorMessage(fast.takeError());
    std::string referenceError =
        reference ? "" : errorMessage(reference.takeError());
    EXPECT_EQ(fastError, referenceError);
    EXPECT_NE(fastError, "");
    return true;
  }
  EXPECT_EQ(offsetsOf(*fast), offsetsOf(*reference));
  EXPECT_EQ(fast->slabSize, reference->slabSize);
  EXPECT_EQ(fast->details, reference->details);
  return false;
}

constexpr int kProblems = 5000;

/// Plans kProblems random problems with the strategy and with its reference
/// and expects the same plans and errors; returns how many failed (alike).
int countFailuresAgainstReference(
    llvm::StringRef name,
    llvm::function_ref<llvm::Expected<Plan>(llvm::ArrayRef<Buffer>)> reference,
    unsigned seed, bool emptyLifetimes) {
  std::unique_ptr<OffsetStrategy> strategy = createOffsetStrategy(name);
  EXPECT_TRUE(strategy);
  if (!strategy)
    return 0;
  std::mt19937 rng(seed);
  int failed = 0;
  for (int problem = 0; problem < kProblems; ++problem) {
    llvm::SmallVector<Buffer> buffers =
        randomProblem(rng, problem, emptyLifetimes);
    SCOPED_TRACE("problem " + std::to_string(problem));
    failed += expectSamePlans(strategy->plan(buffers), reference(buffers));
    if (::testing::Test::HasFailure())
      break;
  }
  return failed;
}

TEST(ReferenceStrategiesTest, StripBestFitMatchesReference) {
  int failed = countFailuresAgainstReference("strip-best-fit",
                                             planStripBestFitReference, 2018,
                                             /*emptyLifetimes=*/true);
  // The huge sizes overflow in some problems, not in most.
  EXPECT_GT(failed, 0);
  EXPECT_LT(failed, kProblems / 50);
}

TEST(ReferenceStrategiesTest, GergovMatchesReference) {
  // The reference cannot place a buffer with an empty lifetime.
  int failed = countFailuresAgainstReference("gergov", planGergovReference,
                                             1999, /*emptyLifetimes=*/false);
  EXPECT_GT(failed, 0);
  EXPECT_LT(failed, kProblems / 50);
}

TEST(ReferenceStrategiesTest, PathCoverMatchesReference) {
  int failed = countFailuresAgainstReference(
      "path-cover", planPathCoverReference, 2021, /*emptyLifetimes=*/true);
  EXPECT_LT(failed, kProblems / 50);
}

TEST(ReferenceStrategiesTest, GergovLeavesOutEmptyLifetimes) {
  // The reference cannot take a buffer of nonzero size with an empty
  // lifetime; gergov leaves it out at offset 0, as the reference does a
  // zero-size one.
  std::unique_ptr<OffsetStrategy> strategy = createOffsetStrategy("gergov");
  ASSERT_TRUE(strategy);
  std::mt19937 rng(2024);
  for (int problem = 0; problem < kProblems; problem += 2) {
    llvm::SmallVector<Buffer> buffers =
        randomProblem(rng, problem, /*emptyLifetimes=*/true);
    llvm::SmallVector<Buffer> zeroSized = buffers;
    for (Buffer &buffer : zeroSized)
      if (buffer.start == buffer.end)
        buffer.size = 0;
    SCOPED_TRACE("problem " + std::to_string(problem));
    expectSamePlans(strategy->plan(buffers), planGergovReference(zeroSized));
    if (HasFailure())
      return;
  }
}

TEST(ReferenceStrategiesTest, EdgeCases) {
  // Empty, only zero sizes or empty lifetimes, one buffer, equal buffers.
  llvm::SmallVector<llvm::SmallVector<Buffer>> problems = {
      {},
      {makeBuffer(0, 0, 3), makeBuffer(0, 1, 2, 8)},
      {makeBuffer(5, 2, 9, 4)},
      {makeBuffer(4, 0, 2), makeBuffer(4, 0, 2), makeBuffer(4, 0, 2)},
      {makeBuffer(4, 0, 2), makeBuffer(4, 2, 4), makeBuffer(4, 1, 3)},
  };
  std::unique_ptr<OffsetStrategy> strip =
      createOffsetStrategy("strip-best-fit");
  std::unique_ptr<OffsetStrategy> gergov = createOffsetStrategy("gergov");
  std::unique_ptr<OffsetStrategy> pathCover =
      createOffsetStrategy("path-cover");
  ASSERT_TRUE(strip && gergov && pathCover);
  for (auto [number, buffers] : llvm::enumerate(problems)) {
    SCOPED_TRACE("problem " + std::to_string(number));
    expectSamePlans(strip->plan(buffers), planStripBestFitReference(buffers));
    expectSamePlans(gergov->plan(buffers), planGergovReference(buffers));
    expectSamePlans(pathCover->plan(buffers), planPathCoverReference(buffers));
  }
  Buffer emptyLifetimes[] = {makeBuffer(8, 3, 3), makeBuffer(4, 0, 2),
                             makeBuffer(2, 5, 5)};
  expectSamePlans(strip->plan(emptyLifetimes),
                  planStripBestFitReference(emptyLifetimes));
}

} // namespace
