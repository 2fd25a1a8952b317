//===- SlabPlanTest.cpp - One shape for both kinds of plan ----------------===//
//
// SlabPlan, its validator and the Planner entry points: both kinds of plan
// read as slabs, every strategy is reached by kind and name, and the
// capacity question is answered the same way for the passes and tools.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/Planner.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include "gtest/gtest.h"

using namespace memplan;

namespace {

/// Three buffers: a and b live together, c after both.
llvm::SmallVector<Buffer> threeBuffers() {
  return {makeBuffer(32, 0, 2, 16), makeBuffer(16, 1, 3, 8),
          makeBuffer(48, 3, 5, 64)};
}

TEST(SlabPlanTest, OffsetsPlanIsOneSlabAlignedForAll) {
  Plan plan;
  plan.offsets = {0, 32, 0};
  plan.slabSize = 48;
  plan.details = "said";
  SlabPlan slabs = toSlabPlan(threeBuffers(), plan);
  EXPECT_EQ(slabs.kind, PlanKind::Offsets);
  ASSERT_EQ(slabs.slabs.size(), 1u);
  EXPECT_EQ(slabs.slabs[0].size, 48u);
  EXPECT_EQ(slabs.slabs[0].alignment, 64u);
  EXPECT_EQ(slabs.slabOf, (llvm::SmallVector<unsigned>{0, 0, 0}));
  EXPECT_EQ(slabs.details, "said");
  EXPECT_EQ(slabs.getTotalSize(), 48u);
  EXPECT_FALSE(llvm::errorToBool(validateSlabPlan(threeBuffers(), slabs)));
}

TEST(SlabPlanTest, ObjectsPlanIsOneSlabPerObjectAtOffsetZero) {
  ObjectPlan plan;
  plan.objectOf = {0, 1, 0};
  plan.objectSizes = {48, 16};
  SlabPlan slabs = toSlabPlan(threeBuffers(), plan);
  EXPECT_EQ(slabs.kind, PlanKind::Objects);
  ASSERT_EQ(slabs.slabs.size(), 2u);
  EXPECT_EQ(slabs.slabs[0].alignment, 64u);
  EXPECT_EQ(slabs.slabs[1].alignment, 8u);
  EXPECT_EQ(slabs.offsets, (llvm::SmallVector<uint64_t>{0, 0, 0}));
  EXPECT_EQ(slabs.getMembers(),
            (llvm::SmallVector<llvm::SmallVector<unsigned>>{{0, 2}, {1}}));
  EXPECT_EQ(slabs.getTotalSize(), 64u);
  EXPECT_FALSE(llvm::errorToBool(validateSlabPlan(threeBuffers(), slabs)));
}

TEST(SlabPlanTest, BackToBackLaysSlabsOutInOrder) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  // Objects of 48 bytes (aligned to 64) and 16 bytes (aligned to 8): the
  // second starts at 48, a multiple of 8.
  ObjectPlan objects;
  objects.objectOf = {0, 1, 0};
  objects.objectSizes = {48, 16};
  objects.details = "said";
  objects.outcome.strategy = "by hand";
  llvm::Expected<Plan> plan =
      layOutBackToBack(buffers, toSlabPlan(buffers, objects));
  ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 48, 0}));
  EXPECT_EQ(plan->slabSize, 64u);
  EXPECT_EQ(plan->details, "said");
  EXPECT_EQ(plan->outcome.strategy, "by hand");
  EXPECT_FALSE(llvm::errorToBool(validatePlan(buffers, *plan)));

  // The other way round, the 48-byte object waits for alignment 64.
  objects.objectOf = {1, 0, 1};
  objects.objectSizes = {16, 48};
  plan = layOutBackToBack(buffers, toSlabPlan(buffers, objects));
  ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{64, 0, 64}));
  EXPECT_EQ(plan->slabSize, 112u);

  // An offsets plan is its own layout.
  Plan offsets{{0, 32, 0}, 48, {}, ""};
  plan = layOutBackToBack(buffers, toSlabPlan(buffers, offsets));
  ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(offsetsOf(*plan), offsetsOf(offsets));
  EXPECT_EQ(plan->slabSize, 48u);

  // Objects whose padding in object order passes 2^64 go the most aligned
  // first, which fits them.
  llvm::SmallVector<Buffer> huge = {makeBuffer(UINT64_MAX - 8, 0, 1),
                                    makeBuffer(8, 0, 1, 16)};
  objects.objectOf = {0, 1};
  objects.objectSizes = {UINT64_MAX - 8, 8};
  plan = layOutBackToBack(huge, toSlabPlan(huge, objects));
  ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{8, 0}));
  EXPECT_EQ(plan->slabSize, UINT64_MAX);
  EXPECT_FALSE(llvm::errorToBool(validatePlan(huge, *plan)));

  // Objects whose sizes alone pass 2^64 fit in no order.
  huge[1] = makeBuffer(16, 0, 1, 16);
  objects.objectSizes = {UINT64_MAX - 8, 16};
  plan = layOutBackToBack(huge, toSlabPlan(huge, objects));
  ASSERT_FALSE(bool(plan));
  EXPECT_EQ(llvm::toString(plan.takeError()),
            "the end of object 0 overflows 64 bits");

  // A plan of other buffers.
  plan = layOutBackToBack(huge, toSlabPlan(buffers, offsets));
  EXPECT_TRUE(llvm::errorToBool(plan.takeError()));
}

TEST(SlabPlanTest, ValidatorRefusesWhatNoKindAllows) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  ObjectPlan objects;
  objects.objectOf = {0, 1, 0};
  objects.objectSizes = {48, 16};
  SlabPlan good = toSlabPlan(buffers, objects);

  SlabPlan moved = good;
  moved.offsets[1] = 8;
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, moved)));

  SlabPlan underAligned = good;
  underAligned.slabs[0].alignment = 16;
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, underAligned)));

  SlabPlan missingSlab = good;
  missingSlab.slabOf[2] = 2;
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, missingSlab)));

  SlabPlan shared = good;
  shared.slabOf[1] = 0; // a and b are live together
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, shared)));

  Plan offsets;
  offsets.offsets = {0, 16, 0}; // b over a
  offsets.slabSize = 48;
  EXPECT_TRUE(llvm::errorToBool(
      validateSlabPlan(buffers, toSlabPlan(buffers, offsets))));
  // Offsets in several slabs (arenas): b over a is refused in a's slab and
  // allowed in a slab of its own.
  SlabPlan twoSlabs = toSlabPlan(buffers, offsets);
  twoSlabs.slabs.push_back({32, 64});
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, twoSlabs)));
  twoSlabs.slabOf[1] = 1;
  twoSlabs.offsets[1] = 0;
  EXPECT_FALSE(llvm::errorToBool(validateSlabPlan(buffers, twoSlabs)));
  twoSlabs.slabs[1].size = 8;
  EXPECT_TRUE(llvm::errorToBool(validateSlabPlan(buffers, twoSlabs)));
}

TEST(SlabPlanTest, EveryStrategyOfEveryKindPlansValidly) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  for (PlanKind kind : {PlanKind::Offsets, PlanKind::Objects}) {
    ASSERT_FALSE(getStrategyNames(kind).empty());
    for (llvm::StringRef name : getStrategyNames(kind)) {
      std::unique_ptr<Planner> planner = createPlanner(kind, name);
      ASSERT_TRUE(planner) << name.str();
      EXPECT_EQ(planner->getKind(), kind);
      EXPECT_EQ(planner->getName(), name);
      llvm::Expected<SlabPlan> plan = planner->plan(buffers);
      ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
      EXPECT_EQ(plan->kind, kind);
      EXPECT_FALSE(plan->outcome.strategy.empty()) << name.str();
      EXPECT_FALSE(llvm::errorToBool(validateSlabPlan(buffers, *plan)))
          << getPlanKindName(kind).str() << " " << name.str();
    }
  }
  EXPECT_FALSE(createPlanner(PlanKind::Objects, "gergov"));
  EXPECT_FALSE(createPlanner(PlanKind::Offsets, "no-such-strategy"));
}

TEST(SlabPlanTest, EveryStrategyHasADescription) {
  for (PlanKind kind : {PlanKind::Offsets, PlanKind::Objects})
    for (llvm::StringRef name : getStrategyNames(kind)) {
      llvm::StringRef description = getStrategyDescription(kind, name);
      EXPECT_FALSE(description.empty()) << name.str();
      // One line, for --list-strategies.
      EXPECT_FALSE(description.contains('\n')) << name.str();
    }
  // Each kind has its own table: naive is both, gergov offsets only.
  EXPECT_NE(getStrategyDescription(PlanKind::Offsets, "naive"),
            getStrategyDescription(PlanKind::Objects, "naive"));
  EXPECT_EQ(getStrategyDescription(PlanKind::Objects, "gergov"), "");
  EXPECT_EQ(getStrategyDescription(PlanKind::Offsets, "no-such-strategy"), "");
}

TEST(SlabPlanTest, BoundsAndNaiveByKind) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  EXPECT_EQ(llvm::cantFail(computeLowerBound(PlanKind::Offsets, buffers)), 48u);
  // Positional maximums: the largest of each rank, 48 + 16.
  EXPECT_EQ(llvm::cantFail(computeLowerBound(PlanKind::Objects, buffers)), 64u);
  EXPECT_EQ(llvm::cantFail(computeNaiveSize(PlanKind::Objects, buffers)), 96u);
  // Back to back at their alignments: 0, 32, 64.
  EXPECT_EQ(llvm::cantFail(computeNaiveSize(PlanKind::Offsets, buffers)), 112u);
  llvm::SmallVector<Buffer> huge = {makeBuffer(UINT64_MAX, 0, 1),
                                    makeBuffer(1, 0, 1)};
  EXPECT_TRUE(
      llvm::errorToBool(computeNaiveSize(PlanKind::Objects, huge).takeError()));
}

TEST(SlabPlanTest, CapacityIsAnsweredByTheStartOrByExact) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  SlabPlan naive =
      llvm::cantFail(createPlanner(PlanKind::Offsets, "naive")->plan(buffers));
  ASSERT_GT(naive.getTotalSize(), 64u);

  // A start within the capacity is the answer; nothing is searched.
  llvm::Expected<CapacityFit> roomy =
      fitCapacity(buffers, PlanKind::Offsets, naive, 1000, 1.0);
  ASSERT_TRUE(bool(roomy));
  EXPECT_EQ(roomy->answer, CapacityAnswer::Fits);
  EXPECT_FALSE(roomy->searched);
  EXPECT_EQ(roomy->plan->getTotalSize(), naive.getTotalSize());

  // Over it, exact finds a plan within it.
  llvm::Expected<CapacityFit> tight =
      fitCapacity(buffers, PlanKind::Offsets, naive, 64, 1.0);
  ASSERT_TRUE(bool(tight));
  EXPECT_EQ(tight->answer, CapacityAnswer::Fits);
  EXPECT_TRUE(tight->searched);
  ASSERT_TRUE(tight->plan);
  EXPECT_LE(tight->plan->getTotalSize(), 64u);
  EXPECT_EQ(tight->plan->outcome.strategy, "exact");
  EXPECT_FALSE(llvm::errorToBool(validateSlabPlan(buffers, *tight->plan)));

  // Below the live bound nothing fits, and exact proves it.
  llvm::Expected<CapacityFit> impossible =
      fitCapacity(buffers, PlanKind::Offsets, std::nullopt, 40, 1.0);
  ASSERT_TRUE(bool(impossible));
  EXPECT_EQ(impossible->answer, CapacityAnswer::DoesNotFit);
  EXPECT_FALSE(impossible->plan);
  EXPECT_GE(impossible->lowerBound, 48u);

  // Shared objects have no search: over the capacity is unknown.
  SlabPlan objects =
      llvm::cantFail(createPlanner(PlanKind::Objects, "naive")->plan(buffers));
  llvm::Expected<CapacityFit> noSearch =
      fitCapacity(buffers, PlanKind::Objects, objects, 64, 1.0);
  ASSERT_TRUE(bool(noSearch));
  EXPECT_EQ(noSearch->answer, CapacityAnswer::Unknown);
  EXPECT_FALSE(noSearch->searched);
  EXPECT_FALSE(noSearch->plan);
}

TEST(SlabPlanTest, CapacityRefusesAnInvalidStart) {
  llvm::SmallVector<Buffer> buffers = threeBuffers();
  SlabPlan naive =
      llvm::cantFail(createPlanner(PlanKind::Offsets, "naive")->plan(buffers));
  // Every buffer at offset 0: within any capacity, but buffers live at once
  // share bytes. It used to be answered Fits, with itself as the plan.
  SlabPlan overlapping = naive;
  for (uint64_t &offset : overlapping.offsets)
    offset = 0;
  llvm::Expected<CapacityFit> fit =
      fitCapacity(buffers, PlanKind::Offsets, overlapping, 1000, 1.0);
  ASSERT_FALSE(bool(fit));
  EXPECT_NE(llvm::toString(fit.takeError()).find("the start plan is not valid"),
            std::string::npos);
  // So is a plan of nothing.
  EXPECT_TRUE(llvm::errorToBool(
      fitCapacity(buffers, PlanKind::Offsets, SlabPlan{}, 1000, 1.0)
          .takeError()));
}

} // namespace
