//===- Bounds.cpp - Figures that bound every plan -------------------------===//
//
// These figures are computed from the problem alone and share no code with
// the strategies, so tests can hold the strategies against them.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"

#include "memplan/Planner/CheckedMath.h"

#include "TimeEvents.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <optional>
#include <queue>

using namespace llvm;

namespace memplan {

static Error overflowError(const Twine &what) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           what + " overflows 64 bits");
}

// Every offset is a multiple of the least alignment g of the problem (all
// are powers of two), so a buffer that lies above another starts at least
// the lower one's size rounded up to g above it. Of the buffers live at one
// time, only the highest keeps its own size: the slab is at least the sum of
// their rounded sizes less the largest padding among them. That is never
// below the sum of the sizes, and equals it when nothing is padded.
Expected<uint64_t> computeLowerBound(ArrayRef<Buffer> buffers) {
  uint64_t leastAlignment = UINT64_MAX;
  for (const Buffer &buffer : buffers)
    if (buffer.start < buffer.end && buffer.size != 0)
      leastAlignment = std::min(leastAlignment, buffer.alignment);
  SmallVector<detail::TimeEvent> events;
  events.reserve(2 * buffers.size());
  // Each buffer's size rounded up to the least alignment, and what the
  // rounding added.
  SmallVector<uint64_t> rounded(buffers.size(), 0), padding(buffers.size(), 0);
  bool anyPadding = false;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    // A buffer with an empty lifetime is never live, and zero bytes never
    // change the sum.
    if (buffer.start >= buffer.end || buffer.size == 0)
      continue;
    padding[index] = -buffer.size & (leastAlignment - 1);
    std::optional<uint64_t> sum = checkedAdd(buffer.size, padding[index]);
    if (!sum)
      return overflowError("the size of buffer " + Twine(index) +
                           " rounded up to its alignment");
    rounded[index] = *sum;
    anyPadding |= padding[index] != 0;
    uint32_t id = index;
    // A gapped lifetime counts only where it is live.
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      events.push_back({start, id, /*isStart=*/1});
      events.push_back({end, id, /*isStart=*/0});
    });
  }
  // Ends sort first at equal times. The order of equal events does not
  // matter: the sum only grows over a run of starts, each adding at least
  // its padding.
  detail::sortTimeEvents(events);

  // The paddings of the live buffers, largest on top; those of dead buffers
  // are dropped when they reach the top.
  std::priority_queue<std::pair<uint64_t, unsigned>> paddings;
  SmallVector<bool> dead(anyPadding ? buffers.size() : 0, false);
  uint64_t live = 0;
  uint64_t peak = 0;
  for (const detail::TimeEvent &event : events) {
    if (!event.isStart) {
      live -= rounded[event.id];
      if (anyPadding)
        dead[event.id] = true;
      continue;
    }
    std::optional<uint64_t> sum = checkedAdd(live, rounded[event.id]);
    if (!sum)
      return overflowError("the total size of buffers live at time " +
                           Twine(event.time));
    live = *sum;
    uint64_t largestPadding = 0;
    if (anyPadding) {
      // Live again after a gap: an entry of its earlier interval may still
      // be in the heap, with the same padding.
      dead[event.id] = false;
      paddings.push({padding[event.id], event.id});
      while (dead[paddings.top().second])
        paddings.pop();
      largestPadding = paddings.top().first;
    }
    peak = std::max(peak, live - largestPadding);
  }
  return peak;
}

namespace {
/// Adds 1 to ranges of time slots and tracks the largest slot value, in a
/// perfect binary tree walked bottom up. Only the global maximum is read, so
/// a node keeps the additions that cover it whole instead of pushing them
/// down: its maximum includes them.
class RangeAddMax {
public:
  explicit RangeAddMax(size_t slots)
      : leaves(llvm::PowerOf2Ceil(std::max<size_t>(slots, 1))),
        nodes(2 * leaves) {}

  /// Adds 1 to slots [lo, hi), lo < hi.
  void increment(size_t lo, size_t hi) {
    size_t first = lo + leaves, last = hi - 1 + leaves;
    for (size_t l = first, r = last + 1; l < r; l /= 2, r /= 2) {
      if (l & 1)
        bump(l++);
      if (r & 1)
        bump(--r);
    }
    // Every node bumped lies below an ancestor of one end or the other.
    for (size_t node : {first, last})
      for (node /= 2; node != 0; node /= 2)
        nodes[node].max = nodes[node].add + std::max(nodes[2 * node].max,
                                                     nodes[2 * node + 1].max);
  }

  uint64_t getMax() const { return nodes[1].max; }

private:
  void bump(size_t node) {
    ++nodes[node].add;
    ++nodes[node].max;
  }

  /// A node's count and its subtree's largest, side by side: the tree of a
  /// million slots does not fit in cache, and each step then misses once,
  /// not twice. A count is at most the number of buffers, which fits in 32
  /// bits as the slots below do.
  struct Node {
    uint32_t add = 0;
    uint32_t max = 0;
  };
  size_t leaves;
  SmallVector<Node> nodes;
};
} // namespace

// The k-th positional maximum is at least s exactly when, at some time, k
// buffers of size at least s are live. So adding the buffers from the
// largest down and watching the largest live count after each size gives
// every positional maximum in O(n log n), without listing the profiles.
SmallVector<uint64_t> computePositionalMaximums(ArrayRef<Buffer> buffers) {
  SmallVector<uint64_t> times;
  for (const Buffer &buffer : buffers) {
    if (buffer.start >= buffer.end || buffer.size == 0)
      continue;
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      times.push_back(start);
      times.push_back(end);
    });
  }
  // std::sort: llvm::sort would hand these plain integers to qsort.
  std::sort(times.begin(), times.end());
  times.erase(llvm::unique(times), times.end());

  // Slot k is the time range [times[k], times[k + 1]). Each buffer's slots
  // are found in input order, which is often time order, so the searches
  // stay in cache, and are kept with its size, so that the pass by size
  // reads no buffer: on a million, reading them in size order was most of
  // the time.
  struct Span {
    uint64_t size;
    uint32_t first, end;
  };
  auto slotOf = [&](uint64_t time) {
    return uint32_t(llvm::lower_bound(times, time) - times.begin());
  };
  SmallVector<Span> spans;
  // A gapped lifetime gives a span per interval: they never meet, so the
  // buffer is counted once at each time it is live.
  for (const Buffer &buffer : buffers)
    if (buffer.start < buffer.end && buffer.size != 0)
      buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
        spans.push_back({buffer.size, slotOf(start), slotOf(end)});
      });
  // Largest first. The order of equal sizes does not change a count; in
  // time order, those of one size walk the tree from left to right and
  // find most of its nodes in cache (a million buffers of 33 sizes took
  // half the time).
  std::sort(spans.begin(), spans.end(), [](const Span &lhs, const Span &rhs) {
    return lhs.size != rhs.size ? lhs.size > rhs.size : lhs.first < rhs.first;
  });

  assert(spans.size() < UINT32_MAX && "live counts are 32 bits wide");
  RangeAddMax liveCounts(times.empty() ? 0 : times.size() - 1);
  SmallVector<uint64_t> maximums;
  for (size_t i = 0, e = spans.size(); i != e;) {
    uint64_t size = spans[i].size;
    for (; i != e && spans[i].size == size; ++i)
      liveCounts.increment(spans[i].first, spans[i].end);
    maximums.resize(liveCounts.getMax(), size);
  }
  return maximums;
}

Expected<uint64_t> computeObjectLowerBound(ArrayRef<Buffer> buffers) {
  uint64_t sum = 0;
  for (uint64_t maximum : computePositionalMaximums(buffers)) {
    std::optional<uint64_t> newSum = checkedAdd(sum, maximum);
    if (!newSum)
      return overflowError("the sum of the positional maximums");
    sum = *newSum;
  }
  return sum;
}

Expected<uint64_t> computeNaiveSize(ArrayRef<Buffer> buffers) {
  uint64_t end = 0;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    assert(isPowerOf2_64(buffer.alignment) && "alignment must be a power of 2");
    // Round `end` up to the alignment; only the multiplication can overflow.
    std::optional<uint64_t> offset =
        checkedMul(divideCeil(end, buffer.alignment), buffer.alignment);
    std::optional<uint64_t> newEnd =
        offset ? checkedAdd(*offset, buffer.size) : std::nullopt;
    if (!newEnd)
      return overflowError("the naive slab up to buffer " + Twine(index));
    end = *newEnd;
  }
  return end;
}

} // namespace memplan
