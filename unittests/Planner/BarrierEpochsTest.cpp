//===- BarrierEpochsTest.cpp - Workgroup memory and barriers --------------===//

#include "memplan/Planner/BarrierEpochs.h"
#include "memplan/Planner/Planner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <iterator>
#include <random>

using namespace memplan;

namespace {

SlabPlan offsetsPlan(llvm::ArrayRef<uint64_t> offsets, uint64_t size) {
  SlabPlan plan;
  plan.kind = PlanKind::Offsets;
  plan.slabs.push_back({size, 1});
  plan.slabOf.assign(offsets.size(), 0);
  plan.offsets.assign(offsets.begin(), offsets.end());
  return plan;
}

/// `count` random buffers, 8-byte aligned, of 8 to 8 * maxUnits bytes,
/// starting before point 40 and live for 1 to maxLife points.
llvm::SmallVector<Buffer> randomBuffers(std::mt19937_64 &random, unsigned count,
                                        unsigned maxUnits, unsigned maxLife) {
  llvm::SmallVector<Buffer> buffers;
  for (unsigned i = 0; i < count; ++i) {
    uint64_t start = random() % 40;
    buffers.push_back({8 * (1 + random() % maxUnits), 8, start,
                       start + 1 + random() % maxLife});
  }
  return buffers;
}

bool isValid(llvm::ArrayRef<Buffer> buffers, llvm::ArrayRef<uint64_t> barriers,
             const SlabPlan &plan) {
  if (llvm::Error error = validateBarrierSeparation(buffers, barriers, plan)) {
    llvm::consumeError(std::move(error));
    return false;
  }
  return true;
}

TEST(BarrierEpochsTest, EpochCountsTheBarriersAtOrBefore) {
  llvm::SmallVector<uint64_t> barriers = {3, 7};
  EXPECT_EQ(getBarrierEpoch(barriers, 0), 0u);
  EXPECT_EQ(getBarrierEpoch(barriers, 2), 0u);
  EXPECT_EQ(getBarrierEpoch(barriers, 3), 1u);
  EXPECT_EQ(getBarrierEpoch(barriers, 6), 1u);
  EXPECT_EQ(getBarrierEpoch(barriers, 7), 2u);
  EXPECT_EQ(getBarrierEpoch({}, 100), 0u);
}

// Two buffers one after the other in program order: without a barrier
// between them they share an epoch, with one they do not.
TEST(BarrierEpochsTest, SequentialBuffersNeedABarrierBetween) {
  llvm::SmallVector<Buffer> buffers = {{16, 1, 0, 3}, {16, 1, 3, 6}};
  llvm::SmallVector<Buffer> none = toBarrierEpochs(buffers, {});
  EXPECT_TRUE(none[0].overlapsInTime(none[1]));
  llvm::SmallVector<Buffer> split = toBarrierEpochs(buffers, {3});
  EXPECT_FALSE(split[0].overlapsInTime(split[1]));
  // A barrier inside the first one's lifetime does not separate them.
  llvm::SmallVector<Buffer> inside = toBarrierEpochs(buffers, {1});
  EXPECT_TRUE(inside[0].overlapsInTime(inside[1]));

  SlabPlan shared = offsetsPlan({0, 0}, 16);
  EXPECT_FALSE(isValid(buffers, {}, shared));
  EXPECT_TRUE(isValid(buffers, {3}, shared));
  EXPECT_FALSE(isValid(buffers, {4}, shared));
  EXPECT_FALSE(isValid(buffers, {1}, shared));
  EXPECT_FALSE(isValid(buffers, {6}, shared));
  // Apart in bytes, no barrier is needed.
  EXPECT_TRUE(isValid(buffers, {}, offsetsPlan({0, 16}, 32)));
}

TEST(BarrierEpochsTest, PartialByteOverlapCounts) {
  llvm::SmallVector<Buffer> buffers = {
      {16, 1, 0, 2}, {16, 1, 2, 4}, {16, 1, 5, 6}};
  // Buffer 0 at [0, 16), 1 at [8, 24): they share 8 bytes. Buffer 2 at
  // [16, 32) shares bytes with 1 only, after the barrier at 4.
  SlabPlan plan = offsetsPlan({0, 8, 16}, 32);
  EXPECT_FALSE(isValid(buffers, {4}, plan));
  EXPECT_TRUE(isValid(buffers, {2, 4}, plan));
}

TEST(BarrierEpochsTest, ObjectsShareTheirBytes) {
  llvm::SmallVector<Buffer> buffers = {{16, 1, 0, 2}, {8, 1, 2, 4}};
  SlabPlan plan;
  plan.kind = PlanKind::Objects;
  plan.slabs.push_back({16, 1});
  plan.slabOf = {0, 0};
  plan.offsets = {0, 0};
  EXPECT_FALSE(isValid(buffers, {}, plan));
  EXPECT_TRUE(isValid(buffers, {2}, plan));
  plan.slabs.push_back({8, 1});
  plan.slabOf = {0, 1};
  EXPECT_TRUE(isValid(buffers, {}, plan));
}

// Every strategy, given the epoch lifetimes, makes plans that the
// independent check accepts; the same strategies given program-order
// lifetimes make plans it refuses, so the check is not vacuous.
TEST(BarrierEpochsTest, PlansOfEpochLifetimesKeepBarriersBetweenSharers) {
  std::mt19937_64 random(7);
  unsigned refusedProgramOrderPlans = 0;
  for (unsigned round = 0; round < 200; ++round) {
    llvm::SmallVector<Buffer> buffers =
        randomBuffers(random, 2 + random() % 12, 8, 10);
    llvm::SmallVector<uint64_t> barriers;
    for (uint64_t point = 0; point < 50; ++point)
      if (random() % 6 == 0)
        barriers.push_back(point);
    llvm::SmallVector<Buffer> epochs = toBarrierEpochs(buffers, barriers);
    for (PlanKind kind : {PlanKind::Offsets, PlanKind::Objects})
      for (llvm::StringRef name : getStrategyNames(kind)) {
        if (name == "exact" || name == "best" || name == "hill-climb")
          continue;
        std::unique_ptr<Planner> planner = createPlanner(kind, name);
        llvm::Expected<SlabPlan> plan = planner->plan(epochs);
        ASSERT_TRUE(static_cast<bool>(plan)) << name.str();
        EXPECT_TRUE(isValid(buffers, barriers, *plan))
            << name.str() << " in round " << round;
        llvm::Expected<SlabPlan> sequential = planner->plan(buffers);
        ASSERT_TRUE(static_cast<bool>(sequential)) << name.str();
        refusedProgramOrderPlans += !isValid(buffers, barriers, *sequential);
      }
  }
  EXPECT_GT(refusedProgramOrderPlans, 0u);
}

// With barriers allowed at some points, planning in the epochs of the
// barriers and candidates together and then choosing barriers from the
// candidates always gives a plan the check accepts, with at most one
// barrier per candidate.
TEST(BarrierEpochsTest, ChosenBarriersSeparateEverySharingPair) {
  std::mt19937_64 random(11);
  unsigned added = 0;
  for (unsigned round = 0; round < 200; ++round) {
    llvm::SmallVector<Buffer> buffers =
        randomBuffers(random, 2 + random() % 10, 4, 8);
    llvm::SmallVector<uint64_t> barriers, candidates, all;
    for (uint64_t point = 0; point < 50; ++point) {
      if (random() % 10 == 0)
        barriers.push_back(point);
      else if (random() % 2 == 0)
        candidates.push_back(point);
    }
    std::merge(barriers.begin(), barriers.end(), candidates.begin(),
               candidates.end(), std::back_inserter(all));
    std::unique_ptr<Planner> planner =
        createPlanner(PlanKind::Offsets, "greedy-size");
    llvm::Expected<SlabPlan> plan =
        planner->plan(toBarrierEpochs(buffers, all));
    ASSERT_TRUE(static_cast<bool>(plan));
    llvm::Expected<llvm::SmallVector<uint64_t>> chosen =
        chooseBarriers(buffers, barriers, candidates, *plan);
    ASSERT_TRUE(static_cast<bool>(chosen))
        << llvm::toString(chosen.takeError());
    EXPECT_LE(chosen->size(), candidates.size());
    for (uint64_t point : *chosen)
      EXPECT_TRUE(llvm::is_contained(candidates, point));
    added += chosen->size();
    llvm::SmallVector<uint64_t> after;
    std::merge(barriers.begin(), barriers.end(), chosen->begin(), chosen->end(),
               std::back_inserter(after));
    EXPECT_TRUE(isValid(buffers, after, *plan)) << "round " << round;
  }
  EXPECT_GT(added, 0u);
}

TEST(BarrierEpochsTest, ChooseBarriersNeedsACandidateBetween) {
  llvm::SmallVector<Buffer> buffers = {{16, 1, 0, 3}, {16, 1, 3, 6}};
  SlabPlan shared = offsetsPlan({0, 0}, 16);
  llvm::Expected<llvm::SmallVector<uint64_t>> chosen =
      chooseBarriers(buffers, {}, {1, 3, 5}, shared);
  ASSERT_TRUE(static_cast<bool>(chosen));
  EXPECT_EQ(*chosen, llvm::SmallVector<uint64_t>({3}));
  // Already separated: nothing to add.
  chosen = chooseBarriers(buffers, {3}, {1, 5}, shared);
  ASSERT_TRUE(static_cast<bool>(chosen));
  EXPECT_TRUE(chosen->empty());
  // No candidate in [3, 3].
  llvm::Expected<llvm::SmallVector<uint64_t>> none =
      chooseBarriers(buffers, {}, {1, 5}, shared);
  EXPECT_FALSE(static_cast<bool>(none));
  llvm::consumeError(none.takeError());
}

} // namespace
