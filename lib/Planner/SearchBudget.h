//===- SearchBudget.h - The one budget of every search ----------*- C++ -*-===//
//
// Private to lib/Planner. Every search of the planner core (exact's branch
// and bound, the exact scheduler, hill-climb) stops by one budget: steps,
// paid as it works, so that where it stops depends on the input and the
// limit alone, never on the machine, and a wall-clock stop that backs the
// steps up (or, for a search whose rounds are too uneven to count, is the
// limit itself). A pass's Deadline (Deadline.h) comes first when it is
// earlier.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_SEARCHBUDGET_H
#define MEMPLAN_LIB_PLANNER_SEARCHBUDGET_H

#include "memplan/Planner/Deadline.h"

#include <chrono>
#include <cstdint>

namespace memplan::detail {

class SearchBudget {
public:
  using Clock = std::chrono::steady_clock;

  /// Steps per second of the reference machine (docs/exact.md): a limit of
  /// one second allows this many of exact's steps.
  static constexpr double kStepsPerSecond = 600e6;

  /// exact's budget: `seconds` (0: unlimited) as steps, with the clock stop
  /// at twice the limit plus a second, so that a short limit on a busy
  /// machine still stops by steps, or at `deadline` when that comes first.
  /// The clock is read every 2^16 steps.
  static SearchBudget forSeconds(double seconds, Deadline deadline) {
    // So many steps that they do not fit 64 bits (or no limit) are none.
    double steps = seconds * kStepsPerSecond;
    if (!(seconds > 0) || !(steps < 1e19))
      return SearchBudget(0, deadline.getTime(), kStepLookShift);
    return SearchBudget(static_cast<uint64_t>(steps) + 1,
                        deadline.within(2 * seconds + 1).getTime(),
                        kStepLookShift);
  }

  /// A budget of `nodes` steps (each a node of a search, so the budget
  /// allows exactly that many; UINT64_MAX: unlimited) and a clock stop
  /// after `seconds` (0: none), read every 256 nodes.
  static SearchBudget forNodes(uint64_t nodes, double seconds) {
    // Paying the node past the budget spends it.
    uint64_t limit = nodes == UINT64_MAX ? 0 : nodes + 1;
    return SearchBudget(limit, Deadline::after(seconds).getTime(),
                        kNodeLookShift);
  }

  /// The clock alone: `seconds` from now (0: none) or `deadline`, whichever
  /// comes first, for a search that asks hasPassed() between rounds.
  static SearchBudget forWallClock(double seconds, Deadline deadline) {
    return SearchBudget(0, deadline.within(seconds).getTime(), kNodeLookShift);
  }

  /// Pays `steps`; false once the budget is spent, and from then on.
  bool pay(uint64_t steps) {
    used += steps;
    if (stepLimit != 0 && used >= stepLimit)
      bySteps = true;
    // The clock is slow to read: it is read once per 2^lookShift steps.
    if ((used >> lookShift) != lastClockCheck) {
      lastClockCheck = used >> lookShift;
      if (Clock::now() >= deadline)
        byClock = true;
    }
    return !isSpent();
  }

  /// Reads the clock now: whether the budget is spent.
  bool hasPassed() {
    if (!isSpent() && Clock::now() >= deadline)
      byClock = true;
    return isSpent();
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
  static constexpr unsigned kStepLookShift = 16;
  static constexpr unsigned kNodeLookShift = 8;

  SearchBudget(uint64_t stepLimit, Clock::time_point deadline,
               unsigned lookShift)
      : stepLimit(stepLimit), deadline(deadline), lookShift(lookShift) {}

  /// 0: no limit.
  uint64_t stepLimit;
  Clock::time_point deadline;
  unsigned lookShift;
  uint64_t used = 0;
  uint64_t lastClockCheck = 0;
  bool bySteps = false;
  bool byClock = false;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_SEARCHBUDGET_H
