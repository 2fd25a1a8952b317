//===- ClockLooks.h - A deadline looked at every so many steps --*- C++ -*-===//
//
// Private to lib/Planner. A quick strategy is quick per buffer, but on a
// million long-lived buffers greedy-size takes many seconds, longer than a
// pass's whole time limit, so the strategies that place or assign one
// buffer at a time look at the deadline as they go; reading the clock at
// every buffer would cost as much as placing one on a chain.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_CLOCKLOOKS_H
#define MEMPLAN_LIB_PLANNER_CLOCKLOOKS_H

#include "memplan/Planner/Deadline.h"

#include <cstddef>

namespace memplan::detail {

/// Steps between two looks at the clock: a placement on the largest
/// problems takes a few tens of microseconds, so the deadline is kept to
/// within a few milliseconds at no measurable cost.
constexpr unsigned kStepsPerClockLook = 256;

/// Looks at a deadline every kStepsPerClockLook steps of a loop, starting
/// with the first.
class ClockLooks {
public:
  explicit ClockLooks(const Deadline &deadline) : deadline(deadline) {}

  /// Whether this step finds the deadline passed; false without one.
  bool hasPassed() {
    return deadline.isSet() && steps++ % kStepsPerClockLook == 0 &&
           deadline.hasPassed();
  }

private:
  const Deadline &deadline;
  size_t steps = 0;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_CLOCKLOOKS_H
