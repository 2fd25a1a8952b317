//===- GappedLifetimesTest.cpp - Buffers live on several intervals --------===//
//
// A buffer live on disjoint intervals may share bytes with buffers live only
// in its gaps. The validator and the bounds count such a buffer only where it
// is live, and every strategy gives a valid plan of it; those that compare
// lifetimes pair by pair also use the gaps.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/Validator.h"

#include "BruteForcePlanner.h"
#include "ObjectStrategies/ObjectStrategies.h"
#include "OverlapGraph.h"
#include "PlannerTestUtils.h"
#include "Strategies/GapLowering.h"

#include "llvm/Support/raw_ostream.h"

using namespace memplan;

namespace {

/// A buffer of `size` bytes live on `intervals`.
Buffer makeGapped(uint64_t size, std::initializer_list<LiveRange> intervals,
                  uint64_t alignment = 1) {
  Buffer buffer;
  buffer.size = size;
  buffer.alignment = alignment;
  setLiveRanges(buffer, llvm::ArrayRef(intervals.begin(), intervals.size()));
  return buffer;
}

/// `a` is live before and after `b`, which fits in its gap; `c` overlaps the
/// second interval of `a`. The hulls need 16 + 16 + 8 bytes; the lives, 24.
llvm::SmallVector<Buffer> makeGapProblem() {
  return {makeGapped(16, {{0, 2}, {6, 8}}), makeBuffer(16, 2, 6),
          makeBuffer(8, 5, 9)};
}

/// A random problem in which about one buffer in three is live on two to
/// four intervals, cut out of a lifetime drawn as makeRandomProblem draws.
llvm::SmallVector<Buffer> makeRandomGappedProblem(std::mt19937 &rng) {
  RandomProblemShape shape;
  shape.maxBuffers = 40;
  shape.maxLifetime = 16;
  llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
  for (Buffer &buffer : buffers) {
    uint64_t length = buffer.end - buffer.start;
    if (length < 5 || std::uniform_int_distribution<int>(0, 2)(rng) != 0)
      continue;
    // Keep every other piece of a cut into up to 7 pieces.
    unsigned pieces = std::uniform_int_distribution<unsigned>(
        3, std::min<uint64_t>(7, length))(rng);
    llvm::SmallVector<LiveRange> kept;
    for (unsigned piece = 0; piece < pieces; piece += 2)
      kept.push_back({buffer.start + length * piece / pieces,
                      buffer.start + length * (piece + 1) / pieces});
    setLiveRanges(buffer, kept);
  }
  return buffers;
}

TEST(GappedLifetimesTest, SetLiveRangesJoinsAndSorts) {
  Buffer buffer = makeGapped(4, {{6, 8}, {0, 2}, {2, 3}, {7, 9}, {5, 5}});
  EXPECT_EQ(buffer.start, 0u);
  EXPECT_EQ(buffer.end, 9u);
  ASSERT_EQ(buffer.ranges.size(), 2u);
  EXPECT_EQ(buffer.ranges[0], (LiveRange{0, 3}));
  EXPECT_EQ(buffer.ranges[1], (LiveRange{6, 9}));
  // One interval left is no gap at all.
  Buffer joined = makeGapped(4, {{0, 2}, {2, 5}});
  EXPECT_FALSE(joined.hasGaps());
  EXPECT_EQ(joined.start, 0u);
  EXPECT_EQ(joined.end, 5u);
}

TEST(GappedLifetimesTest, OverlapIsIntervalByInterval) {
  Buffer gapped = makeGapped(4, {{0, 2}, {6, 8}});
  EXPECT_FALSE(gapped.overlapsInTime(makeBuffer(4, 2, 6)));
  EXPECT_FALSE(makeBuffer(4, 3, 5).overlapsInTime(gapped));
  EXPECT_TRUE(gapped.overlapsInTime(makeBuffer(4, 1, 3)));
  EXPECT_TRUE(makeBuffer(4, 5, 7).overlapsInTime(gapped));
  Buffer other = makeGapped(4, {{2, 4}, {8, 9}});
  EXPECT_FALSE(gapped.overlapsInTime(other));
  EXPECT_TRUE(gapped.overlapsInTime(makeGapped(4, {{3, 4}, {7, 9}})));
  EXPECT_TRUE(gapped.isLiveAt(7));
  EXPECT_FALSE(gapped.isLiveAt(4));
  EXPECT_FALSE(gapped.isLiveAt(8));
}

TEST(GappedLifetimesTest, ValidatorChecksOnlyWhereBothAreLive) {
  llvm::SmallVector<Buffer> buffers = makeGapProblem();
  // b in a's gap shares a's bytes; c above them.
  EXPECT_EQ(errorMessage(validatePlan(buffers, makePlan({0, 0, 16}, 24))), "");
  // c on a's bytes clashes in a's second interval only.
  EXPECT_EQ(errorMessage(validatePlan(buffers, makePlan({0, 16, 8}, 32))),
            "buffers 0 and 2 overlap in time [6, 8) and share bytes [8, 16)");
  // Ranges that are not two or more disjoint intervals within the hull.
  Buffer bad = makeBuffer(4, 0, 8);
  bad.ranges = {{0, 2}, {2, 8}};
  EXPECT_EQ(errorMessage(validatePlan({bad}, makePlan({0}, 4))),
            "buffer 0's live range 1 [2, 8) is empty or does not lie after "
            "the one before it");
  bad.ranges = {{0, 2}, {4, 7}};
  EXPECT_EQ(errorMessage(validatePlan({bad}, makePlan({0}, 4))),
            "buffer 0's live ranges are not two or more with the hull [0, 8)");
}

TEST(GappedLifetimesTest, ObjectValidatorChecksEveryInterval) {
  // a's second interval meets c, past b, which lies between them by start.
  llvm::SmallVector<Buffer> buffers = {makeGapped(8, {{0, 2}, {8, 10}}),
                                       makeBuffer(8, 3, 4),
                                       makeBuffer(8, 5, 9)};
  ObjectPlan plan;
  plan.objectOf = {0, 0, 0};
  plan.objectSizes = {8};
  EXPECT_EQ(errorMessage(validateObjectPlan(buffers, plan)),
            "buffers 0 and 2 of object 0 overlap in time [8, 9)");
  buffers[2] = makeBuffer(8, 5, 8);
  EXPECT_EQ(errorMessage(validateObjectPlan(buffers, plan)), "");
}

TEST(GappedLifetimesTest, BoundsCountOnlyLiveIntervals) {
  llvm::SmallVector<Buffer> buffers = makeGapProblem();
  EXPECT_EQ(cantFail(computeLowerBound(buffers)), 24u);
  EXPECT_EQ(cantFail(computeLowerBound(getHulls(buffers))), 40u);
  EXPECT_EQ(computePositionalMaximums(buffers),
            (llvm::SmallVector<uint64_t>{16, 8}));
  // Padding to the least alignment, counted again when a buffer is live
  // again after its gap.
  llvm::SmallVector<Buffer> padded = {makeGapped(5, {{0, 1}, {2, 3}}, 8),
                                      makeBuffer(8, 0, 3, 8)};
  EXPECT_EQ(cantFail(computeLowerBound(padded)), 13u);
}

TEST(GappedLifetimesTest, OverlapGraphDropsPairsInGaps) {
  detail::OverlapGraph graph(makeGapProblem());
  EXPECT_TRUE(graph.getNeighbours(0).equals({2}));
  EXPECT_TRUE(graph.getNeighbours(1).equals({2}));
  EXPECT_EQ(graph.getNumPairs(), 2u);
}

/// The strategies that compare lifetimes pair by pair place b in a's gap.
TEST(GappedLifetimesTest, PairwiseStrategiesUseTheGap) {
  for (llvm::StringRef name :
       {"greedy-size", "greedy-breadth", "start-best-fit", "hill-climb",
        "exact", "best"}) {
    std::optional<Plan> plan = runStrategy(name, makeGapProblem());
    ASSERT_TRUE(plan) << name.str();
    EXPECT_EQ(plan->slabSize, 24u) << name.str();
  }
  std::unique_ptr<ObjectStrategy> objects = createObjectStrategy("greedy-size");
  ObjectPlan plan = cantFail(objects->plan(makeGapProblem()));
  EXPECT_EQ(plan.getTotalSize(), 24u);
}

/// Every strategy of both modes gives a valid plan of gapped lifetimes, no
/// smaller than the bound, and whatever it claims to have proven holds for
/// the optimum, which brute force finds.
TEST(GappedLifetimesTest, EveryStrategyPlansValidlyAndProvesOnlyTheTruth) {
  std::mt19937 rng(46);
  for (int round = 0; round != 60; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomGappedProblem(rng);
    if (buffers.size() > 9)
      buffers.truncate(9);
    uint64_t bound = cantFail(computeLowerBound(buffers));
    uint64_t optimum = bruteForceMinimum(buffers).slabSize;
    StrategyOptions options;
    options.timeLimitSeconds = 0.05;
    for (llvm::StringRef name : getOffsetStrategyNames()) {
      std::optional<Plan> plan = runStrategy(name, buffers, options);
      ASSERT_TRUE(plan) << name.str();
      EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "")
          << name.str() << " in round " << round;
      EXPECT_GE(plan->slabSize, optimum) << name.str();
      EXPECT_LE(plan->outcome.provenBound, optimum)
          << name.str() << " in round " << round;
      if (plan->outcome.provenOptimal) {
        EXPECT_EQ(plan->slabSize, optimum) << name.str();
      }
    }
    EXPECT_LE(bound, optimum);
    for (llvm::StringRef name : getObjectStrategyNames()) {
      std::unique_ptr<ObjectStrategy> strategy =
          createObjectStrategy(name, options);
      llvm::Expected<ObjectPlan> plan = strategy->plan(buffers);
      ASSERT_TRUE(bool(plan)) << errorMessage(plan.takeError());
      EXPECT_EQ(errorMessage(validateObjectPlan(buffers, *plan)), "")
          << name.str() << " in round " << round;
      EXPECT_GE(plan->getTotalSize(),
                cantFail(computeObjectLowerBound(buffers)));
    }
  }
}

/// Every strategy of both modes gives a valid plan of problems of up to 40
/// buffers, too many for brute force.
TEST(GappedLifetimesTest, EveryStrategyPlansLargerProblemsValidly) {
  std::mt19937 rng(4747);
  StrategyOptions options;
  options.timeLimitSeconds = 0.05;
  for (int round = 0; round != 40; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomGappedProblem(rng);
    uint64_t bound = cantFail(computeLowerBound(buffers));
    for (llvm::StringRef name : getOffsetStrategyNames()) {
      std::optional<Plan> plan = runStrategy(name, buffers, options);
      ASSERT_TRUE(plan) << name.str();
      EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "")
          << name.str() << " in round " << round;
      EXPECT_GE(plan->slabSize, bound) << name.str();
      EXPECT_LE(plan->outcome.provenBound, plan->slabSize) << name.str();
    }
    for (llvm::StringRef name : getObjectStrategyNames()) {
      llvm::Expected<ObjectPlan> plan =
          createObjectStrategy(name, options)->plan(buffers);
      ASSERT_TRUE(bool(plan)) << errorMessage(plan.takeError());
      EXPECT_EQ(errorMessage(validateObjectPlan(buffers, *plan)), "")
          << name.str() << " in round " << round;
    }
  }
}

/// Plans of the hulls, let down into the gaps: no buffer rises, the plan
/// stays valid, and a buffer live in another's gap takes its bytes. Objects
/// emptied into the gaps: the total never grows.
TEST(GappedLifetimesTest, HullPlansLetDownAndObjectsEmptied) {
  std::mt19937 rng(4848);
  uint64_t hullBytes = 0, loweredBytes = 0, hullObjects = 0, emptied = 0;
  for (int round = 0; round != 60; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomGappedProblem(rng);
    llvm::SmallVector<Buffer> hulls = getHulls(buffers);
    for (llvm::StringRef name : {"strip-best-fit", "path-cover", "gergov"}) {
      std::optional<Plan> hullPlan = runStrategy(name, hulls);
      ASSERT_TRUE(hullPlan);
      Plan lowered = cantFail(detail::lowerIntoGaps(buffers, Plan(*hullPlan)));
      EXPECT_EQ(errorMessage(validatePlan(buffers, lowered)), "")
          << name.str() << " in round " << round;
      for (auto [before, after] :
           llvm::zip_equal(hullPlan->offsets, lowered.offsets))
        EXPECT_LE(after, before) << name.str() << " in round " << round;
      hullBytes += hullPlan->slabSize;
      loweredBytes += lowered.slabSize;
    }
    for (llvm::StringRef name : {"greedy-in-order", "mincost-flow"}) {
      ObjectPlan hullPlan = cantFail(createObjectStrategy(name)->plan(hulls));
      ObjectPlan fewer =
          cantFail(detail::emptyObjectsIntoGaps(buffers, ObjectPlan(hullPlan)));
      EXPECT_EQ(errorMessage(validateObjectPlan(buffers, fewer)), "")
          << name.str() << " in round " << round;
      EXPECT_LE(fewer.getTotalSize(), hullPlan.getTotalSize());
      hullObjects += hullPlan.getTotalSize();
      emptied += fewer.getTotalSize();
    }
  }
  // The gaps are used, not only kept valid.
  EXPECT_LT(loweredBytes, hullBytes);
  EXPECT_LT(emptied, hullObjects);
}

/// On larger problems, where greedy-size places by the segment tree only
/// past kGappedScanLimit, every plan is still valid.
TEST(GappedLifetimesTest, LargeProblemsStayValid) {
  std::mt19937 rng(9);
  llvm::SmallVector<Buffer> buffers;
  while (buffers.size() < 9000) {
    llvm::SmallVector<Buffer> more = makeRandomGappedProblem(rng);
    uint64_t shift = buffers.size();
    for (Buffer &buffer : more) {
      buffer.start += shift;
      buffer.end += shift;
      if (buffer.hasGaps()) {
        llvm::SmallVector<LiveRange> shifted;
        for (const LiveRange &range : buffer.ranges)
          shifted.push_back({range.start + shift, range.end + shift});
        setLiveRanges(buffer, shifted);
      }
      buffers.push_back(buffer);
    }
  }
  for (llvm::StringRef name : {"greedy-size", "start-best-fit"}) {
    std::optional<Plan> plan = runStrategy(name, buffers);
    ASSERT_TRUE(plan);
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "") << name.str();
  }
}

/// exact searches the lives: from a plan of the hulls it finds the plan of
/// the bound, and it proves what no plan of the lives can do.
TEST(GappedLifetimesTest, ExactSearchesTheLives) {
  llvm::SmallVector<Buffer> buffers = makeGapProblem();
  ExactOptions options;
  options.initialPlan = makePlan({0, 16, 32}, 40);
  options.capacity = 24;
  ExactResult fits = cantFail(solveExact(buffers, options));
  EXPECT_EQ(fits.answer, CapacityAnswer::Fits);
  ASSERT_TRUE(fits.plan);
  EXPECT_EQ(fits.plan->slabSize, 24u);
  options.capacity = 23;
  EXPECT_EQ(cantFail(solveExact(buffers, options)).answer,
            CapacityAnswer::DoesNotFit);
  // Minimising from the hulls' plan: proven optimal at the bound.
  options.capacity.reset();
  ExactResult minimum = cantFail(solveExact(buffers, options));
  EXPECT_TRUE(minimum.isOptimal());
  EXPECT_EQ(minimum.plan->slabSize, 24u);
}

/// On random gapped problems, exact started from naive's plan alone finds
/// and proves the optimum brute force finds.
TEST(GappedLifetimesTest, ExactMeetsBruteForce) {
  std::mt19937 rng(4646);
  std::unique_ptr<OffsetStrategy> naive = createOffsetStrategy("naive");
  for (int round = 0; round != 80; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomGappedProblem(rng);
    if (buffers.size() > 8)
      buffers.truncate(8);
    ExactOptions options;
    options.timeLimitSeconds = 0;
    options.startingStrategies = {naive.get()};
    ExactResult result = cantFail(solveExact(buffers, options));
    EXPECT_TRUE(result.isOptimal()) << "round " << round;
    EXPECT_EQ(result.plan->slabSize, bruteForceMinimum(buffers).slabSize)
        << "round " << round;
  }
}

TEST(GappedLifetimesTest, CsvRowsOfOneIdAreItsIntervals) {
  llvm::Expected<CsvProblem> problem = readProblemCsv("id,lower,upper,size\n"
                                                      "a,0,2,16\n"
                                                      "b,2,6,16\n"
                                                      "a,6,8,16\n"
                                                      "c,5,9,8\n"
                                                      "c,9,10,8\n",
                                                      "t.csv");
  ASSERT_TRUE(bool(problem)) << errorMessage(problem.takeError());
  ASSERT_EQ(problem->buffers.size(), 3u);
  EXPECT_EQ(problem->getNumRows(), 5u);
  EXPECT_EQ(problem->getBufferOfRow(2), 0u);
  EXPECT_EQ(problem->getId(2), "c");
  ASSERT_EQ(problem->buffers[0].ranges.size(), 2u);
  EXPECT_EQ(problem->buffers[0].ranges[1], (LiveRange{6, 8}));
  // Touching intervals are one.
  EXPECT_FALSE(problem->buffers[2].hasGaps());
  EXPECT_EQ(problem->buffers[2].end, 10u);

  std::string text;
  llvm::raw_string_ostream os(text);
  writeOffsetsCsv(os, *problem, {0, 0, 16});
  EXPECT_EQ(text, "id,lower,upper,size,offset\n"
                  "a,0,2,16,0\n"
                  "b,2,6,16,0\n"
                  "a,6,8,16,0\n"
                  "c,5,9,8,16\n"
                  "c,9,10,8,16\n");

  // A problem written and read again keeps its intervals.
  std::string written;
  llvm::raw_string_ostream out(written);
  writeProblemCsv(out, makeGapProblem());
  EXPECT_EQ(written, "id,lower,upper,size\n"
                     "0,0,2,16\n"
                     "0,6,8,16\n"
                     "1,2,6,16\n"
                     "2,5,9,8\n");
  CsvProblem again = cantFail(readProblemCsv(written, "t.csv"));
  ASSERT_EQ(again.buffers.size(), 3u);
  EXPECT_EQ(again.buffers[0].ranges, makeGapProblem()[0].ranges);
}

} // namespace
