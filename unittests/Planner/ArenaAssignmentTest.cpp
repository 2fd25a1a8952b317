//===- ArenaAssignmentTest.cpp - Buffers into arenas of fixed capacity ----===//

#include "PlannerTestUtils.h"

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/Validator.h"

#include "gtest/gtest.h"

#include <random>

using namespace memplan;

namespace {

llvm::SmallVector<ArenaSpec> parse(llvm::StringRef text) {
  llvm::Expected<llvm::SmallVector<ArenaSpec>> arenas = parseArenaSpecs(text);
  EXPECT_TRUE(static_cast<bool>(arenas)) << errorMessage(arenas.takeError());
  return arenas ? *arenas : llvm::SmallVector<ArenaSpec>();
}

std::string parseError(llvm::StringRef text) {
  llvm::Expected<llvm::SmallVector<ArenaSpec>> arenas = parseArenaSpecs(text);
  EXPECT_FALSE(static_cast<bool>(arenas));
  return arenas ? std::string() : errorMessage(arenas.takeError());
}

/// Checks that every arena's plan is valid for its buffers and within its
/// capacity, and that every buffer is in exactly the arena it says.
void expectValid(llvm::ArrayRef<Buffer> buffers,
                 llvm::ArrayRef<ArenaSpec> arenas,
                 const ArenaAssignment &assignment) {
  ASSERT_EQ(assignment.arenaOf.size(), buffers.size());
  ASSERT_EQ(assignment.plans.size(), arenas.size());
  size_t placed = 0;
  for (auto [arena, members] : llvm::enumerate(assignment.members)) {
    llvm::SmallVector<Buffer> subset;
    for (unsigned buffer : members) {
      EXPECT_EQ(assignment.arenaOf[buffer], arena);
      subset.push_back(buffers[buffer]);
    }
    placed += members.size();
    EXPECT_FALSE(
        static_cast<bool>(validatePlan(subset, assignment.plans[arena])))
        << "arena " << arena;
    if (arenas[arena].capacity) {
      EXPECT_LE(assignment.plans[arena].slabSize, *arenas[arena].capacity);
    }
  }
  EXPECT_EQ(placed, buffers.size());
}

TEST(ArenaAssignmentTest, ParsesArenas) {
  llvm::SmallVector<ArenaSpec> arenas = parse("sram:262144, psram");
  ASSERT_EQ(arenas.size(), 2u);
  EXPECT_EQ(arenas[0].name, "sram");
  EXPECT_EQ(arenas[0].capacity, 262144u);
  EXPECT_EQ(arenas[1].name, "psram");
  EXPECT_FALSE(arenas[1].capacity.has_value());
  EXPECT_EQ(parse("tcm:1024,ocram:4096,hyper:65536").size(), 3u);
  EXPECT_NE(parseError("sram,psram")
                .find("only the last arena may have no "
                      "capacity; 'sram' has none"),
            std::string::npos);
  EXPECT_NE(parseError("sram:lots").find("a number of bytes above 0"),
            std::string::npos);
  EXPECT_NE(parseError("sram:0,psram").find("a number of bytes above 0"),
            std::string::npos);
  EXPECT_NE(parseError("a:1,a").find("named twice"), std::string::npos);
  EXPECT_NE(parseError("sram:1,SRAM").find("differing in case"),
            std::string::npos);
  EXPECT_NE(parseError("s ram:4").find("letters, digits and underscores"),
            std::string::npos);
}

TEST(ArenaAssignmentTest, TrafficKeepsTheBusyBufferWhereSizeKeepsTheLarge) {
  // A 96-byte buffer touched once and a 64-byte one read a thousand times,
  // live at once; the fast arena holds 100 bytes.
  llvm::SmallVector<Buffer> buffers = {makeBuffer(96, 0, 4),
                                       makeBuffer(64, 0, 4)};
  llvm::SmallVector<uint64_t> traffic = {96, 64000};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:100,slow");
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<ArenaAssignment> byTraffic =
      assignArenas(buffers, traffic, arenas, *strategy, ArenaChoice::Traffic);
  ASSERT_TRUE(static_cast<bool>(byTraffic))
      << errorMessage(byTraffic.takeError());
  expectValid(buffers, arenas, *byTraffic);
  EXPECT_EQ(byTraffic->arenaOf[1], 0u);
  EXPECT_EQ(byTraffic->traffic[0], 64000u);
  llvm::Expected<ArenaAssignment> bySize = assignArenas(
      buffers, traffic, arenas, *strategy, ArenaChoice::FallThrough);
  ASSERT_TRUE(static_cast<bool>(bySize)) << errorMessage(bySize.takeError());
  expectValid(buffers, arenas, *bySize);
  EXPECT_EQ(bySize->arenaOf[0], 0u);
  EXPECT_EQ(bySize->traffic[0], 96u);
  // No choice keeps more than the busy one (both do not fit together).
  EXPECT_GE(boundArenaTraffic(buffers, traffic, 100), 64000u);
  EXPECT_LE(boundArenaTraffic(buffers, traffic, 100), 64096u);
}

TEST(ArenaAssignmentTest, BuffersLiveApartShareTheFastArena) {
  // Three 64-byte buffers one after another all fit 64 bytes.
  llvm::SmallVector<Buffer> buffers = {
      makeBuffer(64, 0, 1), makeBuffer(64, 1, 2), makeBuffer(64, 2, 3)};
  llvm::SmallVector<uint64_t> traffic = {1, 2, 3};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:64,slow");
  std::unique_ptr<OffsetStrategy> strategy = createOffsetStrategy("best");
  for (ArenaChoice choice : {ArenaChoice::Traffic, ArenaChoice::FallThrough}) {
    llvm::Expected<ArenaAssignment> assignment =
        assignArenas(buffers, traffic, arenas, *strategy, choice);
    ASSERT_TRUE(static_cast<bool>(assignment))
        << errorMessage(assignment.takeError());
    expectValid(buffers, arenas, *assignment);
    EXPECT_EQ(assignment->traffic[0], 6u);
    EXPECT_TRUE(assignment->members[1].empty());
  }
  EXPECT_EQ(boundArenaTraffic(buffers, traffic, 64), 6u);
}

TEST(ArenaAssignmentTest, ComparisonGivesTheOtherChoiceAndTheBound) {
  llvm::SmallVector<Buffer> buffers = {makeBuffer(96, 0, 4),
                                       makeBuffer(64, 0, 4)};
  llvm::SmallVector<uint64_t> traffic = {96, 64000};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:100,slow");
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<ArenaComparison> comparison = compareArenaChoices(
      buffers, traffic, arenas, *strategy, ArenaChoice::Traffic);
  ASSERT_TRUE(static_cast<bool>(comparison))
      << errorMessage(comparison.takeError());
  EXPECT_EQ(comparison->chosen.traffic[0], 64000u);
  EXPECT_EQ(comparison->fallThroughTraffic[0], 96u);
  EXPECT_EQ(comparison->fallThroughTraffic[1], 64000u);
  ASSERT_EQ(comparison->bound.size(), 2u);
  EXPECT_GE(comparison->bound[0].value_or(0), 64000u);
  EXPECT_FALSE(comparison->bound[1].has_value());
  EXPECT_EQ(getArenaChoiceName(ArenaChoice::FallThrough), "fall-through");
  EXPECT_EQ(parseArenaChoice("traffic"), ArenaChoice::Traffic);
  EXPECT_FALSE(parseArenaChoice("size").has_value());
}

TEST(ArenaAssignmentTest, ArenasAreSlabsOfOneOffsetsPlan) {
  // Both live at once: the busy one in the fast arena at offset 0, the
  // other in the slow one, also at 0; the validator checks each slab alone.
  llvm::SmallVector<Buffer> buffers = {makeBuffer(96, 0, 4, 32),
                                       makeBuffer(64, 0, 4)};
  llvm::SmallVector<uint64_t> traffic = {96, 64000};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:100,slow");
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<ArenaAssignment> assignment =
      assignArenas(buffers, traffic, arenas, *strategy, ArenaChoice::Traffic);
  ASSERT_TRUE(static_cast<bool>(assignment))
      << errorMessage(assignment.takeError());
  SlabPlan slabs = toSlabPlan(buffers, *assignment);
  ASSERT_EQ(slabs.slabs.size(), 2u);
  EXPECT_EQ(slabs.slabOf, (llvm::SmallVector<unsigned>{1, 0}));
  EXPECT_EQ(slabs.offsets, (llvm::SmallVector<uint64_t>{0, 0}));
  EXPECT_EQ(slabs.slabs[0].size, 64u);
  EXPECT_EQ(slabs.slabs[1].size, 96u);
  EXPECT_EQ(slabs.slabs[1].alignment, 32u);
  EXPECT_FALSE(slabs.outcome.liveBound.has_value());
  EXPECT_FALSE(static_cast<bool>(validateSlabPlan(buffers, slabs)));
  // In one slab the same offsets overlap.
  SlabPlan together = slabs;
  together.slabOf = {0, 0};
  llvm::Error overlap = validateSlabPlan(buffers, together);
  ASSERT_TRUE(static_cast<bool>(overlap));
  llvm::consumeError(std::move(overlap));
  // A slab smaller than its buffers is caught, naming it.
  SlabPlan small = slabs;
  small.slabs[1].size = 64;
  llvm::Error error = validateSlabPlan(buffers, small);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_NE(errorMessage(std::move(error)).find("slab 1: "), std::string::npos);
}

TEST(ArenaAssignmentTest, ARequiredArenaHoldsWhateverTheChoice) {
  // The busy buffer would take the fast arena; the quiet one is required
  // there, so the busy one goes on to the slow arena.
  llvm::SmallVector<Buffer> buffers = {makeBuffer(96, 0, 4),
                                       makeBuffer(64, 0, 4)};
  llvm::SmallVector<uint64_t> traffic = {96, 64000};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:100,slow");
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::SmallVector<std::optional<unsigned>> required = {0u, std::nullopt};
  for (ArenaChoice choice : {ArenaChoice::Traffic, ArenaChoice::FallThrough}) {
    llvm::Expected<ArenaAssignment> assignment =
        assignArenas(buffers, traffic, arenas, *strategy, choice, required);
    ASSERT_TRUE(static_cast<bool>(assignment))
        << errorMessage(assignment.takeError());
    expectValid(buffers, arenas, *assignment);
    EXPECT_EQ(assignment->arenaOf, (llvm::SmallVector<unsigned>{0, 1}));
  }
  // Two required in the fast arena that do not fit it together.
  required = {0u, 0u};
  llvm::Expected<ArenaAssignment> crowded = assignArenas(
      buffers, traffic, arenas, *strategy, ArenaChoice::Traffic, required);
  ASSERT_FALSE(static_cast<bool>(crowded));
  EXPECT_NE(errorMessage(crowded.takeError())
                .find("the buffers required in arena 'fast' take 160 bytes"),
            std::string::npos);
}

TEST(ArenaAssignmentTest, ABoundedLastArenaThatCannotHoldTheRestFails) {
  llvm::SmallVector<Buffer> buffers = {makeBuffer(64, 0, 2),
                                       makeBuffer(64, 1, 3)};
  llvm::SmallVector<uint64_t> traffic = {1, 1};
  llvm::SmallVector<ArenaSpec> arenas = parse("fast:64,slow:32");
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  llvm::Expected<ArenaAssignment> assignment =
      assignArenas(buffers, traffic, arenas, *strategy, ArenaChoice::Traffic);
  ASSERT_FALSE(static_cast<bool>(assignment));
  EXPECT_NE(errorMessage(assignment.takeError())
                .find("the buffers left for arena 'slow' take 64 bytes, "
                      "above its capacity of 32 bytes"),
            std::string::npos);
}

TEST(ArenaAssignmentTest, RandomProblemsFitTheirArenasUnderTheBound) {
  std::mt19937 rng(48);
  RandomProblemShape shape;
  shape.maxBuffers = 80;
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-size");
  for (int round = 0; round < 200; ++round) {
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    llvm::SmallVector<uint64_t> traffic;
    for (const Buffer &buffer : buffers)
      traffic.push_back(buffer.size *
                        std::uniform_int_distribution<uint64_t>(1, 50)(rng));
    uint64_t capacity = std::uniform_int_distribution<uint64_t>(64, 1024)(rng);
    llvm::SmallVector<ArenaSpec> arenas = {
        {"tcm", capacity / 2}, {"sram", capacity}, {"dram", std::nullopt}};
    uint64_t bound = boundArenaTraffic(buffers, traffic, capacity / 2);
    llvm::SmallVector<llvm::SmallVector<uint64_t>> kept;
    for (ArenaChoice choice : {ArenaChoice::Traffic, ArenaChoice::Accessed,
                               ArenaChoice::FallThrough, ArenaChoice::Best}) {
      llvm::Expected<ArenaAssignment> assignment =
          assignArenas(buffers, traffic, arenas, *strategy, choice);
      ASSERT_TRUE(static_cast<bool>(assignment))
          << errorMessage(assignment.takeError());
      expectValid(buffers, arenas, *assignment);
      EXPECT_LE(assignment->traffic[0], bound) << "round " << round;
      kept.push_back(assignment->traffic);
    }
    // best keeps at least what each of the others keeps, arena by arena in
    // order of preference.
    for (unsigned other = 0; other != 3; ++other)
      EXPECT_GE(kept[3], kept[other]) << "round " << round;
  }
}

} // namespace
