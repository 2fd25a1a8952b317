//===- PinnedOffsetsTest.cpp - Plans around offsets fixed in advance ------===//

#include "PlannerTestUtils.h"

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/PinnedOffsets.h"
#include "memplan/Planner/Validator.h"

#include "gtest/gtest.h"

#include <random>

using namespace memplan;

namespace {

using Pins = llvm::SmallVector<std::optional<uint64_t>>;

TEST(PinnedOffsetsTest, ConflictsNameTheirBuffers) {
  llvm::SmallVector<Buffer> buffers = {makeBuffer(64, 0, 4, 16),
                                       makeBuffer(64, 2, 6, 16),
                                       makeBuffer(64, 6, 8, 16)};
  // Apart in space, or apart in time: no conflict.
  EXPECT_FALSE(findPinConflict(buffers, Pins{0u, 64u, 0u}).has_value());
  // 0 and 1 live together over [2, 4) and overlap at [32, 64).
  std::optional<PinConflict> overlap =
      findPinConflict(buffers, Pins{0u, 32u, std::nullopt});
  ASSERT_TRUE(overlap.has_value());
  EXPECT_EQ(overlap->kind, PinConflict::Overlap);
  EXPECT_EQ(overlap->first, 0u);
  EXPECT_EQ(overlap->second, 1u);
  std::optional<PinConflict> misaligned =
      findPinConflict(buffers, Pins{std::nullopt, 8u, std::nullopt});
  ASSERT_TRUE(misaligned.has_value());
  EXPECT_EQ(misaligned->kind, PinConflict::Misaligned);
  EXPECT_EQ(misaligned->first, 1u);
  std::optional<PinConflict> beyond =
      findPinConflict(buffers, Pins{std::nullopt, std::nullopt, 96u}, 128);
  ASSERT_TRUE(beyond.has_value());
  EXPECT_EQ(beyond->kind, PinConflict::BeyondCapacity);
  EXPECT_EQ(beyond->first, 2u);
  std::optional<PinConflict> overflow = findPinConflict(
      buffers, Pins{std::nullopt, std::nullopt, UINT64_MAX - 15});
  ASSERT_TRUE(overflow.has_value());
  EXPECT_EQ(overflow->kind, PinConflict::Overflows);
}

TEST(PinnedOffsetsTest, FreeBuffersGoBelowAndAroundThePins) {
  // A pin at 128 leaves [0, 128) to the two free buffers live with it.
  llvm::SmallVector<Buffer> buffers = {makeBuffer(64, 0, 4, 16),
                                       makeBuffer(64, 0, 4, 16),
                                       makeBuffer(64, 0, 4, 16)};
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<Plan> plan = planAroundPins(
      buffers, Pins{128u, std::nullopt, std::nullopt}, *strategy);
  ASSERT_TRUE(static_cast<bool>(plan)) << errorMessage(plan.takeError());
  EXPECT_EQ(plan->offsets[0], 128u);
  EXPECT_EQ(plan->slabSize, 192u);
  EXPECT_FALSE(static_cast<bool>(validatePlan(buffers, *plan)));
}

TEST(PinnedOffsetsTest, RandomPinsAreKeptAndThePlanHolds) {
  std::mt19937 rng(4802);
  RandomProblemShape shape;
  shape.maxBuffers = 60;
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  for (int round = 0; round < 200; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    // Pins taken from a valid plan of the whole cannot conflict.
    llvm::Expected<Plan> whole =
        createOffsetStrategy("greedy-breadth")->plan(buffers);
    ASSERT_TRUE(static_cast<bool>(whole)) << errorMessage(whole.takeError());
    Pins pins(buffers.size());
    for (unsigned index = 0; index != buffers.size(); ++index)
      if (std::uniform_int_distribution<int>(0, 3)(rng) == 0)
        pins[index] = whole->offsets[index];
    ASSERT_FALSE(findPinConflict(buffers, pins).has_value());
    llvm::Expected<Plan> plan = planAroundPins(buffers, pins, *strategy);
    ASSERT_TRUE(static_cast<bool>(plan)) << errorMessage(plan.takeError());
    EXPECT_FALSE(static_cast<bool>(validatePlan(buffers, *plan)))
        << "round " << round;
    for (unsigned index = 0; index != buffers.size(); ++index)
      if (pins[index]) {
        EXPECT_EQ(plan->offsets[index], *pins[index]) << "round " << round;
      }
  }
}

TEST(PinnedOffsetsTest, ArenasKeepPinsAtTheirOffsets) {
  // The busy buffer is pinned at 64 of the fast arena; the other fast one
  // goes below it.
  llvm::SmallVector<Buffer> buffers = {makeBuffer(64, 0, 4, 16),
                                       makeBuffer(64, 0, 4, 16),
                                       makeBuffer(512, 0, 4, 16)};
  llvm::SmallVector<uint64_t> traffic = {6400, 640, 512};
  llvm::SmallVector<ArenaSpec> arenas = {{"fast", 128}, {"slow", std::nullopt}};
  llvm::SmallVector<std::optional<unsigned>> required = {0u, std::nullopt,
                                                         std::nullopt};
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<ArenaAssignment> assignment =
      assignArenas(buffers, traffic, arenas, *strategy, ArenaChoice::Best,
                   required, Pins{64u, std::nullopt, std::nullopt});
  ASSERT_TRUE(static_cast<bool>(assignment))
      << errorMessage(assignment.takeError());
  EXPECT_EQ(assignment->arenaOf, (llvm::SmallVector<unsigned>{0, 0, 1}));
  EXPECT_EQ(assignment->plans[0].offsets, (llvm::SmallVector<uint64_t>{64, 0}));
}

} // namespace
