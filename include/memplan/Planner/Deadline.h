//===- Deadline.h - One wall-clock stop for a planning run ------*- C++ -*-===//
//
// A planning pass is given one time limit for all of its functions, memory
// spaces and strategies. It makes one Deadline when it starts and hands it
// to everything that searches, which stops there whatever budget of its own
// it has left. Searches still count their own work in steps where they can,
// so that a fast machine gives the same plan every time; the deadline is
// what keeps a slow or busy one within the limit.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_DEADLINE_H
#define MEMPLAN_PLANNER_DEADLINE_H

#include <algorithm>
#include <chrono>

namespace memplan {

class Deadline {
public:
  using Clock = std::chrono::steady_clock;

  /// No deadline: nothing is stopped by it.
  Deadline() = default;

  /// `seconds` from now; none when `seconds` is not positive.
  static Deadline after(double seconds) {
    if (!(seconds > 0))
      return Deadline();
    // A limit the clock cannot count to (centuries, or infinite) is none:
    // converted, it would overflow into the past. Half the range leaves
    // room for the rounding of the conversion.
    Clock::time_point now = Clock::now();
    double countable =
        std::chrono::duration<double>(Clock::time_point::max() - now).count();
    if (!(seconds < countable / 2))
      return Deadline();
    return Deadline(now + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(seconds)));
  }

  bool isSet() const { return time != Clock::time_point::max(); }

  bool hasPassed() const { return isSet() && Clock::now() >= time; }

  /// The earlier of this deadline and `seconds` from now (none: 0 or less).
  Deadline within(double seconds) const {
    Deadline other = after(seconds);
    return Deadline(std::min(time, other.time));
  }

  /// Seconds until the deadline, 0 once it has passed; `none` without one.
  double getSecondsLeft(double none = 0) const {
    if (!isSet())
      return none;
    return std::max(0.0,
                    std::chrono::duration<double>(time - Clock::now()).count());
  }

  Clock::time_point getTime() const { return time; }

private:
  explicit Deadline(Clock::time_point time) : time(time) {}

  Clock::time_point time = Clock::time_point::max();
};

} // namespace memplan

#endif // MEMPLAN_PLANNER_DEADLINE_H
