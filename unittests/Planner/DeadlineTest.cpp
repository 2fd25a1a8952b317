//===- DeadlineTest.cpp - Tests of the wall-clock deadline ----------------===//
//
// Only orderings of moments are checked, never how long anything took.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Deadline.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace memplan;

namespace {

TEST(DeadlineTest, NoneNeverPasses) {
  for (Deadline none : {Deadline(), Deadline::after(0), Deadline::after(-1)}) {
    EXPECT_FALSE(none.isSet());
    EXPECT_FALSE(none.hasPassed());
    EXPECT_EQ(none.getSecondsLeft(), 0.0);
    EXPECT_EQ(none.getSecondsLeft(7.0), 7.0);
  }
}

// A limit the clock cannot count to is none: converted, it used to
// overflow into a deadline that had passed already.
TEST(DeadlineTest, UncountableLimitsAreNone) {
  for (double seconds : {1e10, 1e300, HUGE_VAL, std::nan("")}) {
    Deadline none = Deadline::after(seconds);
    EXPECT_FALSE(none.isSet()) << seconds;
    EXPECT_FALSE(none.hasPassed()) << seconds;
  }
  // Within them, a deadline stays what it was.
  Deadline hour = Deadline::after(3600);
  EXPECT_EQ(hour.within(1e10).getTime(), hour.getTime());
  EXPECT_FALSE(Deadline().within(HUGE_VAL).isSet());
}

TEST(DeadlineTest, PassesAndLeavesNoTime) {
  Deadline soon = Deadline::after(1e-9);
  EXPECT_TRUE(soon.isSet());
  while (!soon.hasPassed()) {
  }
  EXPECT_EQ(soon.getSecondsLeft(), 0.0);
}

TEST(DeadlineTest, WithinTakesTheEarlier) {
  Deadline hour = Deadline::after(3600);
  EXPECT_FALSE(hour.hasPassed());
  EXPECT_GT(hour.getSecondsLeft(), 3000.0);
  // A minute comes before the hour; an hour from a minute's deadline does
  // not move it.
  Deadline minute = hour.within(60);
  EXPECT_LT(minute.getTime(), hour.getTime());
  EXPECT_EQ(minute.within(3600).getTime(), minute.getTime());
  // Within nothing is the deadline itself; without one, within sets one.
  EXPECT_EQ(hour.within(0).getTime(), hour.getTime());
  EXPECT_TRUE(Deadline().within(60).isSet());
  EXPECT_FALSE(Deadline().within(0).isSet());
}

} // namespace
