//===- ObjectValidatorTest.cpp - Tests of the shared-objects validator ----===//

#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include <limits>

using namespace memplan;

namespace {

ObjectPlan makeObjectPlan(std::initializer_list<unsigned> objectOf,
                          std::initializer_list<uint64_t> sizes) {
  ObjectPlan plan;
  plan.objectOf.assign(objectOf);
  plan.objectSizes.assign(sizes);
  return plan;
}

std::string validate(llvm::ArrayRef<Buffer> buffers, const ObjectPlan &plan) {
  return errorMessage(validateObjectPlan(buffers, plan));
}

const Buffer kResidual[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                            makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                            makeBuffer(8, 3, 5)};

TEST(ObjectValidatorTest, EmptyProblem) {
  EXPECT_EQ(validate({}, ObjectPlan()), "");
}

TEST(ObjectValidatorTest, AcceptsResidualBlockPlans) {
  EXPECT_EQ(validate(kResidual, makeObjectPlan({2, 0, 1, 0, 1}, {32, 32, 16})),
            "");
  // Objects larger than needed are wasteful but valid.
  EXPECT_EQ(validate(kResidual, makeObjectPlan({2, 0, 1, 0, 1}, {40, 32, 99})),
            "");
  EXPECT_EQ(
      validate(kResidual, makeObjectPlan({0, 1, 2, 3, 4}, {16, 32, 32, 32, 8})),
      "");
}

TEST(ObjectValidatorTest, TouchingLifetimesMayShareAnObject) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(8, 1, 2),
                      makeBuffer(8, 2, 3)};
  EXPECT_EQ(validate(buffers, makeObjectPlan({0, 0, 0}, {8})), "");
}

TEST(ObjectValidatorTest, RejectsWrongCount) {
  EXPECT_EQ(validate(kResidual, makeObjectPlan({0, 1}, {32, 32})),
            "the plan assigns 2 objects for 5 buffers");
}

TEST(ObjectValidatorTest, RejectsInvalidObjectIndex) {
  EXPECT_EQ(validate(kResidual, makeObjectPlan({2, 0, 1, 3, 1}, {32, 32, 16})),
            "buffer 3 is assigned object 3 of only 3");
}

// As the offsets validator does: the slab is aligned to the largest
// alignment, which only powers of two can be. Alignment 0 used to pass.
TEST(ObjectValidatorTest, RejectsAlignmentsNotPowersOfTwo) {
  for (uint64_t alignment : {0, 3, 24}) {
    Buffer buffers[] = {makeBuffer(8, 0, 1, alignment)};
    EXPECT_EQ(validate(buffers, makeObjectPlan({0}, {8})),
              "buffer 0 has alignment " + std::to_string(alignment) +
                  ", which is not a power of two");
  }
}

TEST(ObjectValidatorTest, RejectsEmptyLifetime) {
  Buffer buffers[] = {makeBuffer(8, 0, 1), makeBuffer(8, 4, 4)};
  EXPECT_EQ(validate(buffers, makeObjectPlan({0, 1}, {8, 8})),
            "buffer 1 has an empty lifetime [4, 4)");
}

TEST(ObjectValidatorTest, RejectsObjectTooSmall) {
  EXPECT_EQ(validate(kResidual, makeObjectPlan({2, 0, 1, 0, 1}, {32, 31, 16})),
            "buffer 2 of size 32 is larger than its object 1 of size 31");
}

TEST(ObjectValidatorTest, RejectsUnusedObject) {
  EXPECT_EQ(
      validate(kResidual, makeObjectPlan({2, 0, 1, 0, 1}, {32, 32, 16, 4})),
      "object 3 holds no buffer");
}

TEST(ObjectValidatorTest, RejectsOverlapInTime) {
  // Buffers 1 [0,2) and 2 [1,3) in one object.
  EXPECT_EQ(validate(kResidual, makeObjectPlan({2, 0, 0, 1, 1}, {32, 32, 16})),
            "buffers 1 and 2 of object 0 overlap in time [1, 2)");
}

TEST(ObjectValidatorTest, RejectsOverlapFoundAfterSorting) {
  // Listed out of time order: 0 [5,9), 1 [0,2), 2 [1,6). Sorted by start,
  // 2 clashes with 0.
  Buffer buffers[] = {makeBuffer(8, 5, 9), makeBuffer(8, 0, 2),
                      makeBuffer(8, 2, 6)};
  EXPECT_EQ(validate(buffers, makeObjectPlan({0, 0, 0}, {8})),
            "buffers 0 and 2 of object 0 overlap in time [5, 6)");
}

TEST(ObjectValidatorTest, RejectsZeroSizeOverlap) {
  // A zero-size buffer still holds its object for its lifetime.
  Buffer buffers[] = {makeBuffer(8, 0, 2), makeBuffer(0, 1, 3)};
  EXPECT_EQ(validate(buffers, makeObjectPlan({0, 0}, {8})),
            "buffers 0 and 1 of object 0 overlap in time [1, 2)");
}

TEST(ObjectValidatorTest, RejectsTotalOverflow) {
  uint64_t half = uint64_t(1) << 63;
  Buffer buffers[] = {makeBuffer(half, 0, 2), makeBuffer(half, 1, 3)};
  ObjectPlan plan = makeObjectPlan({0, 1}, {half, half});
  EXPECT_EQ(validate(buffers, plan),
            "the total size of the objects up to object 1 overflows 64 bits");
  EXPECT_EQ(plan.getTotalSize(), std::numeric_limits<uint64_t>::max());
}

} // namespace
