//===- SearchBudget.h - Deterministic steps, clock backstop -----*- C++ -*-===//
//
// Private to lib/Planner/Exact. The exact search pays for its work in steps,
// roughly one per buffer or section it touches, so where it stops depends on
// the input and the limit alone, never on the machine. A wall-clock deadline
// backs the steps up on machines much slower than the one the rate was
// measured on.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_EXACT_SEARCHBUDGET_H
#define MEMPLAN_LIB_PLANNER_EXACT_SEARCHBUDGET_H

#include "memplan/Planner/Deadline.h"

#include <chrono>
#include <cstdint>

namespace memplan::detail {

class SearchBudget {
public:
  using Clock = std::chrono::steady_clock;

  /// Steps per second of the reference machine (docs/exact.md): a limit of
  /// one second allows this many steps.
  static constexpr double kStepsPerSecond = 600e6;

  /// A budget of `seconds` (0: unlimited) as steps, with the clock stop at
  /// twice the limit plus a second, so that a short limit on a busy machine
  /// still stops by steps, or at `deadline` when that comes first.
  static SearchBudget forSeconds(double seconds, Deadline deadline) {
    // So many steps that they do not fit 64 bits (or no limit) are none.
    double steps = seconds * kStepsPerSecond;
    if (!(seconds > 0) || !(steps < 1e19))
      return SearchBudget(0, deadline.getTime());
    return SearchBudget(static_cast<uint64_t>(steps) + 1,
                        deadline.within(2 * seconds + 1).getTime());
  }

  /// Pays `steps`; false once the budget is spent, and from then on.
  bool pay(uint64_t steps) {
    used += steps;
    if (stepLimit != 0 && used >= stepLimit)
      bySteps = true;
    // The clock is slow to read, so look at it every 2^16 steps or so.
    if ((used >> 16) != lastClockCheck) {
      lastClockCheck = used >> 16;
      if (Clock::now() >= deadline)
        byClock = true;
    }
    return !isSpent();
  }

  bool isSpent() const { return bySteps || byClock; }
  bool stoppedBySteps() const { return bySteps; }
  bool stoppedByClock() const { return byClock && !bySteps; }
  uint64_t getUsed() const { return used; }
  /// Steps left, or UINT64_MAX when unlimited.
  uint64_t getLeft() const {
    if (stepLimit == 0)
      return UINT64_MAX;
    return used >= stepLimit ? 0 : stepLimit - used;
  }

private:
  SearchBudget(uint64_t stepLimit, Clock::time_point deadline)
      : stepLimit(stepLimit), deadline(deadline) {}

  uint64_t stepLimit;
  Clock::time_point deadline;
  uint64_t used = 0;
  uint64_t lastClockCheck = 0;
  bool bySteps = false;
  bool byClock = false;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_EXACT_SEARCHBUDGET_H
