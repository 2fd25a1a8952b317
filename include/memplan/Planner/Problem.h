//===- Problem.h - Buffers to place and plans that place them ---*- C++ -*-===//
//
// The planner core works on plain records, free of MLIR, so that it can be
// unit-tested and reused by command-line tools.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PROBLEM_H
#define MEMPLAN_PLANNER_PROBLEM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>

namespace memplan {

/// A half-open interval of time [start, end).
struct LiveRange {
  uint64_t start = 0;
  uint64_t end = 0;
  bool operator==(const LiveRange &other) const {
    return start == other.start && end == other.end;
  }
};

/// The intervals of a gapped lifetime, held behind one pointer: a Buffer
/// without gaps carries a null pointer only (a Buffer is 40 bytes, where a
/// vector would take 48, and problems of a million buffers are read in
/// order again and again), and a copy of one costs a test. Copies are deep;
/// gapped lifetimes are few.
class LiveRangeList {
public:
  LiveRangeList() = default;
  LiveRangeList(llvm::ArrayRef<LiveRange> ranges) { assign(ranges); }
  LiveRangeList(std::initializer_list<LiveRange> ranges)
      : LiveRangeList(llvm::ArrayRef<LiveRange>(ranges)) {}
  LiveRangeList(const LiveRangeList &other) {
    if (other.data)
      assign(other);
  }
  LiveRangeList(LiveRangeList &&) = default;
  LiveRangeList &operator=(const LiveRangeList &other) {
    if (this != &other)
      assign(other);
    return *this;
  }
  LiveRangeList &operator=(LiveRangeList &&) = default;

  operator llvm::ArrayRef<LiveRange>() const {
    return data ? llvm::ArrayRef(data.get() + 1, data[0].start)
                : llvm::ArrayRef<LiveRange>();
  }
  bool empty() const { return !data; }
  size_t size() const { return data ? data[0].start : 0; }
  const LiveRange *begin() const { return data ? data.get() + 1 : nullptr; }
  const LiveRange *end() const { return begin() + size(); }
  const LiveRange &operator[](size_t index) const { return begin()[index]; }
  const LiveRange &front() const { return (*this)[0]; }
  const LiveRange &back() const { return (*this)[size() - 1]; }
  void clear() { data.reset(); }
  bool operator==(const LiveRangeList &other) const {
    return llvm::ArrayRef<LiveRange>(*this) == llvm::ArrayRef<LiveRange>(other);
  }

private:
  void assign(llvm::ArrayRef<LiveRange> ranges) {
    if (ranges.empty()) {
      data.reset();
      return;
    }
    // The count is kept in a first entry.
    data.reset(new LiveRange[ranges.size() + 1]);
    data[0] = {ranges.size(), 0};
    llvm::copy(ranges, data.get() + 1);
  }
  std::unique_ptr<LiveRange[]> data;
};

/// One buffer to place: `size` bytes, whose offset must be a multiple of
/// `alignment` (a power of two), live on the half-open interval [start, end)
/// or, when `ranges` is not empty, on those intervals only.
struct Buffer {
  uint64_t size = 0;
  uint64_t alignment = 1;
  uint64_t start = 0;
  uint64_t end = 0;
  /// A gapped lifetime: two or more non-empty intervals in time order, none
  /// touching the next, the first starting at `start` and the last ending at
  /// `end` (so [start, end) is their hull). Empty in the common case of one
  /// interval, which then costs no allocation and no extra test.
  LiveRangeList ranges;

  bool hasGaps() const { return !ranges.empty(); }

  /// Whether the lifetimes of two buffers overlap. A buffer that ends at `t`
  /// does not overlap one that starts at `t`.
  bool overlapsInTime(const Buffer &other) const {
    if (!(start < other.end && other.start < end))
      return false;
    return (ranges.empty() && other.ranges.empty()) ||
           rangesOverlap(*this, other);
  }

  /// Whether the buffer is live at time `time`.
  bool isLiveAt(uint64_t time) const {
    if (!(start <= time && time < end))
      return false;
    return ranges.empty() || llvm::any_of(ranges, [&](const LiveRange &range) {
             return range.start <= time && time < range.end;
           });
  }

  /// Calls `visit(start, end)` on each interval the buffer is live on, in
  /// time order: [start, end) itself when it has no gaps.
  template <typename Visit> void forEachLiveRange(Visit visit) const {
    if (ranges.empty()) {
      visit(start, end);
      return;
    }
    for (const LiveRange &range : ranges)
      visit(range.start, range.end);
  }

  /// The buffer live on the hull of its lifetime, for rules that take one
  /// interval (a plan of the hull is a plan of the buffer).
  Buffer getHull() const { return Buffer{size, alignment, start, end, {}}; }

private:
  /// overlapsInTime's walk of two lifetimes whose hulls overlap.
  static bool rangesOverlap(const Buffer &lhs, const Buffer &rhs);
};

/// Whether some buffer of `buffers` has a gapped lifetime.
bool hasGappedLifetimes(llvm::ArrayRef<Buffer> buffers);

/// The buffers with each lifetime widened to its hull.
llvm::SmallVector<Buffer> getHulls(llvm::ArrayRef<Buffer> buffers);

/// Sets `buffer`'s lifetime to the union of `intervals` (in any order; empty
/// ones are dropped, and those that overlap or touch are joined): one
/// interval, or several with gaps between them. No interval at all gives the
/// empty lifetime [0, 0).
void setLiveRanges(Buffer &buffer, llvm::ArrayRef<LiveRange> intervals);

/// What a strategy knows about the plan it made, for tools: unlike
/// `details`, which is for people, these fields are meant to be read.
struct PlanOutcome {
  /// The strategy that made the plan: the one asked for, or the one that won
  /// under `best`. Empty when the plan was not made by a strategy.
  std::string strategy;
  /// The plan is proven to be the smallest of its kind.
  bool provenOptimal = false;
  /// A lower bound on every plan of the problem that the strategy proved
  /// (at least the live bound when it proved anything; 0 when it did not).
  uint64_t provenBound = 0;
  /// The live bound of the problem (computeLowerBound on its buffers) when
  /// an offset strategy computed it on the way, so that callers need not
  /// sweep the buffers again.
  std::optional<uint64_t> liveBound;
  /// A wall clock cut a search short, so the plan may depend on the speed of
  /// the machine.
  bool stoppedByClock = false;
  /// How many buffers a quick strategy stacked above the others without
  /// reuse because the deadline came before it had placed them (0: it
  /// placed every buffer by its rule).
  size_t stackedByClock = 0;
};

/// A plan gives buffer `i` the byte offset `offsets[i]` in one slab of
/// `slabSize` bytes.
struct Plan {
  llvm::SmallVector<uint64_t> offsets;
  uint64_t slabSize = 0;
  PlanOutcome outcome;
  /// What the strategy tried or chose, for people (for example which
  /// strategy won under `best`); empty when there is nothing to say. Nothing
  /// parses it: what tools need is in `outcome`.
  std::string details;
};

} // namespace memplan

#endif // MEMPLAN_PLANNER_PROBLEM_H
