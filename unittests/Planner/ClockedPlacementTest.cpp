//===- ClockedPlacementTest.cpp - Quick strategies against a deadline -----===//
//
// placeInOrder places buffers until a deadline passes and stacks the rest;
// the object strategies that assign one buffer at a time give the rest
// objects of their own.
// The tests make the deadline pass at a known buffer (by waiting for it
// inside the placement) or before the first, so they check counts and
// plans, never how long anything took.
//
//===----------------------------------------------------------------------===//

#include "Strategies/ClockedPlacement.h"
#include "ObjectStrategies/ObjectStrategies.h"
#include "Strategies/GapPlacement.h"

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <numeric>
#include <random>

using namespace memplan;
using memplan::detail::GapPlacer;
using memplan::detail::kStepsPerClockLook;
using memplan::detail::placeInOrder;

namespace {

llvm::SmallVector<Buffer> randomProblem(unsigned seed, uint64_t buffers) {
  std::mt19937 rng(seed);
  RandomProblemShape shape;
  shape.minBuffers = shape.maxBuffers = buffers;
  return makeRandomProblem(rng, shape);
}

llvm::SmallVector<unsigned> inputOrder(size_t size) {
  llvm::SmallVector<unsigned> order(size);
  std::iota(order.begin(), order.end(), 0u);
  return order;
}

/// How many of the buffers `indices` take up memory.
size_t countOccupying(llvm::ArrayRef<Buffer> buffers,
                      llvm::ArrayRef<unsigned> indices) {
  return llvm::count_if(indices, [&](unsigned index) {
    return buffers[index].size != 0 &&
           buffers[index].start < buffers[index].end;
  });
}

TEST(ClockedPlacementTest, WithoutADeadlinePlacesEveryBuffer) {
  llvm::SmallVector<Buffer> buffers = randomProblem(7, 300);
  llvm::SmallVector<unsigned> order = inputOrder(buffers.size());
  Plan expected;
  GapPlacer direct(buffers, expected);
  for (unsigned index : order)
    ASSERT_TRUE(direct.place(index));

  for (Deadline deadline : {Deadline(), Deadline::after(3600)}) {
    Plan plan;
    GapPlacer placer(buffers, plan);
    EXPECT_EQ(placeInOrder(buffers, order, deadline, plan,
                           [&](unsigned index) { return placer.place(index); }),
              std::nullopt);
    EXPECT_EQ(plan.offsets, expected.offsets);
    EXPECT_EQ(plan.slabSize, expected.slabSize);
    EXPECT_FALSE(plan.outcome.stoppedByClock);
    EXPECT_EQ(plan.outcome.stackedByClock, 0u);
    EXPECT_EQ(plan.details, "");
  }
}

TEST(ClockedPlacementTest, PastTheDeadlineStacksEveryBuffer) {
  // Stacked in the order given, each at its alignment; one of size 0 at 0,
  // where the rule puts it, so it is not counted as stacked.
  Buffer buffers[] = {makeBuffer(10, 0, 4), makeBuffer(0, 1, 2),
                      makeBuffer(8, 2, 6, 16), makeBuffer(6, 7, 9)};
  unsigned order[] = {3, 0, 1, 2};
  Plan plan;
  GapPlacer placer(buffers, plan);
  unsigned calls = 0;
  EXPECT_EQ(placeInOrder(buffers, order, passedDeadline(), plan,
                         [&](unsigned index) {
                           ++calls;
                           return placer.place(index);
                         }),
            std::nullopt);
  EXPECT_EQ(calls, 0u);
  //  3 at 0, 0 above it at 6, 1 at 0, 2 at 16 (aligned up from 16).
  EXPECT_EQ(plan.offsets, (llvm::SmallVector<uint64_t>{6, 0, 16, 0}));
  EXPECT_EQ(plan.slabSize, 24u);
  EXPECT_EQ(errorMessage(validatePlan(buffers, plan)), "");
  EXPECT_TRUE(plan.outcome.stoppedByClock);
  EXPECT_EQ(plan.outcome.stackedByClock, 3u);
  EXPECT_EQ(plan.details, "stopped by the clock after placing 1 of 4 buffers; "
                          "the other 3 are stacked above them");
}

TEST(ClockedPlacementTest, LooksAtTheClockEveryFewBuffers) {
  // The deadline passes while buffer 300 is placed; the placement goes on
  // to the next look at the clock and stacks the rest above.
  llvm::SmallVector<Buffer> buffers = randomProblem(11, 1000);
  llvm::SmallVector<unsigned> order = inputOrder(buffers.size());
  std::reverse(order.begin(), order.end());
  Deadline deadline = Deadline::after(0.2);
  Plan plan;
  GapPlacer placer(buffers, plan);
  unsigned calls = 0;
  EXPECT_EQ(placeInOrder(buffers, order, deadline, plan,
                         [&](unsigned index) {
                           if (++calls == 300)
                             while (!deadline.hasPassed()) {
                             }
                           return placer.place(index);
                         }),
            std::nullopt);
  EXPECT_EQ(calls, 2 * kStepsPerClockLook);
  EXPECT_EQ(plan.outcome.stackedByClock,
            countOccupying(buffers, llvm::ArrayRef(order).drop_front(calls)));
  EXPECT_EQ(errorMessage(validatePlan(buffers, plan)), "");

  // What was placed is where the placer alone puts it.
  Plan unclocked;
  GapPlacer direct(buffers, unclocked);
  for (unsigned index : llvm::ArrayRef(order).take_front(calls))
    ASSERT_TRUE(direct.place(index));
  for (unsigned index : llvm::ArrayRef(order).take_front(calls))
    EXPECT_EQ(plan.offsets[index], unclocked.offsets[index]) << index;
  // The rest sit above all of those.
  for (unsigned index : llvm::ArrayRef(order).drop_front(calls)) {
    if (buffers[index].size != 0 && buffers[index].start < buffers[index].end) {
      EXPECT_GE(plan.offsets[index], unclocked.slabSize) << index;
    }
  }
}

TEST(ClockedPlacementTest, AStackThatOverflowsNamesItsBuffer) {
  uint64_t half = uint64_t(1) << 63;
  Buffer buffers[] = {makeBuffer(half, 0, 1), makeBuffer(half, 5, 6)};
  unsigned order[] = {0, 1};
  Plan plan;
  GapPlacer placer(buffers, plan);
  EXPECT_EQ(placeInOrder(buffers, order, passedDeadline(), plan,
                         [&](unsigned index) { return placer.place(index); }),
            std::optional<unsigned>(1));
}

TEST(ClockedPlacementTest, StrategiesStackPastTheDeadline) {
  llvm::SmallVector<Buffer> buffers = randomProblem(5, 200);
  StrategyOptions late;
  late.deadline = passedDeadline();
  StrategyOptions distant;
  distant.deadline = Deadline::after(3600);
  for (llvm::StringRef name :
       {"greedy-size", "greedy-breadth", "greedy-in-order", "strip-best-fit",
        "path-cover", "start-best-fit", "gergov"}) {
    SCOPED_TRACE(name.str());
    std::optional<Plan> plan = runStrategy(name, buffers, late);
    ASSERT_TRUE(plan);
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
    EXPECT_TRUE(plan->outcome.stoppedByClock);
    EXPECT_EQ(plan->outcome.stackedByClock,
              countOccupying(buffers, inputOrder(buffers.size())));

    // A deadline that does not come changes nothing.
    std::optional<Plan> unlimited = runStrategy(name, buffers);
    std::optional<Plan> beforeDeadline = runStrategy(name, buffers, distant);
    ASSERT_TRUE(unlimited && beforeDeadline);
    EXPECT_EQ(beforeDeadline->offsets, unlimited->offsets);
    EXPECT_FALSE(beforeDeadline->outcome.stoppedByClock);
    EXPECT_EQ(beforeDeadline->details, unlimited->details);
  }

  // Stacking fails as placing does when an end overflows.
  uint64_t half = uint64_t(1) << 63;
  Buffer huge[] = {makeBuffer(half, 0, 1), makeBuffer(half, 5, 6)};
  std::unique_ptr<OffsetStrategy> greedy =
      createOffsetStrategy("greedy-size", late);
  llvm::Expected<Plan> plan = greedy->plan(huge);
  EXPECT_EQ(errorMessage(plan.takeError()),
            "greedy-size: the end of buffer 1 overflows 64 bits");
}

/// Object strategy `strategy`'s plan of `buffers`, checked by the validator.
std::optional<ObjectPlan> planObjects(const ObjectStrategy &strategy,
                                      llvm::ArrayRef<Buffer> buffers) {
  llvm::Expected<ObjectPlan> plan = strategy.plan(buffers);
  if (!plan) {
    ADD_FAILURE() << errorMessage(plan.takeError());
    return std::nullopt;
  }
  EXPECT_EQ(errorMessage(validateObjectPlan(buffers, *plan)), "");
  return std::move(*plan);
}

TEST(ClockedPlacementTest, ObjectStrategiesGiveOwnObjectsPastTheDeadline) {
  // Past 1000 buffers mincost-flow stands greedy-size in; the problem has
  // no empty lifetimes, which objects mode rejects.
  std::mt19937 rng(3);
  RandomProblemShape shape;
  shape.minBuffers = shape.maxBuffers = 1200;
  llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
  llvm::erase_if(
      buffers, [](const Buffer &buffer) { return buffer.start >= buffer.end; });
  size_t occupying = llvm::count_if(
      buffers, [](const Buffer &buffer) { return buffer.size != 0; });
  StrategyOptions late;
  late.deadline = passedDeadline();
  StrategyOptions distant;
  distant.deadline = Deadline::after(3600);
  for (llvm::StringRef name :
       {"greedy-size", "greedy-size-improved", "greedy-breadth",
        "greedy-in-order", "mincost-flow"}) {
    SCOPED_TRACE(name.str());
    std::optional<ObjectPlan> stopped =
        planObjects(*createObjectStrategy(name, late), buffers);
    ASSERT_TRUE(stopped);
    EXPECT_EQ(stopped->objectSizes.size(), buffers.size());
    EXPECT_TRUE(stopped->outcome.stoppedByClock);
    EXPECT_EQ(stopped->outcome.stackedByClock, occupying);
    EXPECT_TRUE(llvm::StringRef(stopped->details)
                    .contains("stopped by the clock after assigning"))
        << stopped->details;

    std::optional<ObjectPlan> unlimited =
        planObjects(*createObjectStrategy(name), buffers);
    std::optional<ObjectPlan> beforeDeadline =
        planObjects(*createObjectStrategy(name, distant), buffers);
    ASSERT_TRUE(unlimited && beforeDeadline);
    EXPECT_EQ(beforeDeadline->objectOf, unlimited->objectOf);
    EXPECT_FALSE(beforeDeadline->outcome.stoppedByClock);
  }
  // Greedy-size's sweep stops alike.
  std::optional<ObjectPlan> swept =
      planObjects(*detail::createGreedyBySizeObjectStrategy(
                      detail::FreeObjectSearch::Sweep, late.deadline),
                  buffers);
  ASSERT_TRUE(swept);
  EXPECT_EQ(swept->outcome.stackedByClock, occupying);
}

TEST(ClockedPlacementTest, ObjectSetUpStopsBeforeItOrdersTheBuffers) {
  // Greedy-size-improved looks at the deadline between the steps of its
  // set-up, before it orders the buffers: past it, each buffer gets an
  // object of its own in input order (it gave them in its order by size
  // once its set-up was done). Greedy-breadth's stopped plan is in input
  // order wherever it stops, so only the test above holds it.
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(16, 1, 3),
                      makeBuffer(8, 2, 4), makeBuffer(32, 0, 4)};
  StrategyOptions late;
  late.deadline = passedDeadline();
  std::optional<ObjectPlan> stopped =
      planObjects(*createObjectStrategy("greedy-size-improved", late), buffers);
  ASSERT_TRUE(stopped);
  EXPECT_EQ(stopped->objectOf, (llvm::SmallVector<unsigned>{0, 1, 2, 3}));
  EXPECT_EQ(stopped->objectSizes, (llvm::SmallVector<uint64_t>{4, 16, 8, 32}));
  EXPECT_TRUE(stopped->outcome.stoppedByClock);
  EXPECT_EQ(stopped->outcome.stackedByClock, 4u);
}

using FixedObjectPlanStrategy = FixedPlanStrategyOf<ObjectStrategy, ObjectPlan>;

TEST(ClockedPlacementTest, ObjectBestKeepsTheWinnersStackedCount) {
  // Two buffers live one after the other: one object of 8 bytes is best.
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(8, 2, 3)};
  ObjectPlan apart;
  apart.objectOf = {0, 1};
  apart.objectSizes = {4, 8};
  ObjectPlan stopped = apart;
  stopped.outcome.stoppedByClock = true;
  stopped.outcome.stackedByClock = 1;
  apart.objectSizes = {8, 8};
  std::vector<std::unique_ptr<ObjectStrategy>> candidates;
  candidates.push_back(
      std::make_unique<FixedObjectPlanStrategy>("apart", std::move(apart)));
  candidates.push_back(
      std::make_unique<FixedObjectPlanStrategy>("stopped", std::move(stopped)));
  std::unique_ptr<ObjectStrategy> best =
      createBestObjectStrategy(std::move(candidates), StrategyOptions());
  std::optional<ObjectPlan> plan = planObjects(*best, buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->outcome.strategy, "stopped");
  EXPECT_TRUE(plan->outcome.stoppedByClock);
  EXPECT_EQ(plan->outcome.stackedByClock, 1u);
}

} // namespace
