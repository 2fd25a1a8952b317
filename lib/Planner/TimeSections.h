//===- TimeSections.h - Time cut at every start and end ---------*- C++ -*-===//
//
// Private to lib/Planner. Several placements keep a figure per span of time
// in which no buffer starts or ends, or compare times by their ranks; they
// share this one way to find those spans and ranks. (Bounds.cpp keeps its
// own, so that the bounds share no code with the strategies they check.)
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_TIMESECTIONS_H
#define MEMPLAN_LIB_PLANNER_TIMESECTIONS_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/SmallVector.h"
#include <algorithm>

#include <utility>

namespace memplan::detail {

/// Whether a buffer takes up bytes for some time; others conflict with none.
inline bool occupiesMemory(const Buffer &buffer) {
  return buffer.size != 0 && buffer.start < buffer.end;
}

/// The distinct starts and ends of the buffers that occupy memory (or of
/// every buffer: CutBy), and of the intervals of their gapped lifetimes, in
/// order, cut time into sections: section k is [times[k], times[k + 1]), and
/// a buffer's hull, as each of its intervals, covers a contiguous range of
/// sections.
class TimeSections {
public:
  /// Whose starts and ends cut time.
  enum class CutBy {
    /// The buffers that occupy memory: the others conflict with none.
    OccupyingBuffers,
    /// Every buffer, as where a buffer of no bytes still takes an object.
    AllBuffers,
  };

  explicit TimeSections(llvm::ArrayRef<Buffer> buffers,
                        CutBy cutBy = CutBy::OccupyingBuffers);

  unsigned size() const { return times.empty() ? 0 : times.size() - 1; }
  /// The number of distinct cut times.
  unsigned getNumTimes() const { return times.size(); }

  /// The section that starts at `time`, one of the cut times (or size() for
  /// the last end); in general, the number of cut times below `time`.
  unsigned sectionAt(uint64_t time) const {
    if (sectionOfTime.empty())
      return llvm::lower_bound(times, time) - times.begin();
    if (time <= times.front())
      return 0;
    if (time > times.back())
      return times.size();
    return sectionOfTime[time - times.front()];
  }

  /// The sections [first, end) that `buffer`, which occupies memory, covers.
  std::pair<unsigned, unsigned> sectionsOf(const Buffer &buffer) const {
    return {sectionAt(buffer.start), sectionAt(buffer.end)};
  }

private:
  llvm::SmallVector<uint64_t> times;
  /// When the times are dense, sectionOfTime[t - times.front()] is the
  /// number of cut times below t.
  llvm::SmallVector<unsigned> sectionOfTime;
};

/// The distinct starts and ends of some buffers, numbered in order from 0. A
/// rule that only compares times can work on these ranks instead: they are
/// small, and say at once where a time falls among the others.
struct TimeRanks {
  /// Per buffer of the whole problem, the ranks of its start and end (0 for
  /// the buffers left out).
  llvm::SmallVector<unsigned> start, end;
  /// The number of distinct times.
  unsigned count = 0;

  /// Ranks the times of the buffers `indices` of `buffers`.
  TimeRanks(llvm::ArrayRef<Buffer> buffers, llvm::ArrayRef<unsigned> indices)
      : start(buffers.size(), 0), end(buffers.size(), 0) {
    struct TimeOf {
      uint64_t time;
      unsigned index;
      bool isEnd;
    };
    llvm::SmallVector<TimeOf> times;
    times.reserve(2 * indices.size());
    for (unsigned index : indices) {
      times.push_back({buffers[index].start, index, false});
      times.push_back({buffers[index].end, index, true});
    }
    llvm::sort(times, [](const TimeOf &l, const TimeOf &r) {
      return l.time < r.time;
    });
    for (auto [i, time] : llvm::enumerate(times)) {
      if (i == 0 || times[i - 1].time != time.time)
        ++count;
      (time.isEnd ? end : start)[time.index] = count - 1;
    }
  }
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_TIMESECTIONS_H
