//===- Validator.cpp - Independent check of a plan ------------------------===//
//
// Checks each buffer on its own first, then sweeps over time keeping the live
// buffers ordered by offset. Live buffers are pairwise disjoint in bytes (the
// sweep stops at the first clash), so their ends are ordered like their
// offsets and a new buffer can only clash with its two neighbours. That makes
// the check O(n log n). A buffer with a gapped lifetime enters and leaves the
// sweep once per interval, so only what is live at one time is compared. The
// live buffers are kept as set bits at their ranks
// by (offset, index), in a bit set with a summary level per 64 words: a
// std::set of a million live buffers made the check take over a second, and
// best checks every strategy's plan.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Validator.h"

#include "memplan/Planner/CheckedMath.h"
#include "memplan/Planner/SymbolicPlan.h"

#include "PositionSet.h"
#include "TimeEvents.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>
#include <utility>

using namespace llvm;

namespace memplan {

static Error invalid(const Twine &message) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           message);
}

/// What a buffer must be for either kind of plan: aligned to a power of two
/// (only those have a largest that is a multiple of all) and live for a
/// while.
static Error checkRecord(const Buffer &buffer, size_t index) {
  if (!isPowerOf2_64(buffer.alignment))
    return invalid("buffer " + Twine(index) + " has alignment " +
                   Twine(buffer.alignment) + ", which is not a power of two");
  if (buffer.start >= buffer.end)
    return invalid("buffer " + Twine(index) + " has an empty lifetime [" +
                   Twine(buffer.start) + ", " + Twine(buffer.end) + ")");
  if (buffer.ranges.empty())
    return Error::success();
  if (buffer.ranges.size() < 2 || buffer.ranges.front().start != buffer.start ||
      buffer.ranges.back().end != buffer.end)
    return invalid("buffer " + Twine(index) +
                   "'s live ranges are not two or more with the hull [" +
                   Twine(buffer.start) + ", " + Twine(buffer.end) + ")");
  for (auto [i, range] : llvm::enumerate(buffer.ranges))
    if (range.start >= range.end ||
        (i != 0 && buffer.ranges[i - 1].end >= range.start))
      return invalid("buffer " + Twine(index) + "'s live range " + Twine(i) +
                     " [" + Twine(range.start) + ", " + Twine(range.end) +
                     ") is empty or does not lie after the one before it");
  return Error::success();
}

/// The first time interval on which `a` and `b` are both live, which
/// overlap in time.
static LiveRange getFirstCommonRange(const Buffer &a, const Buffer &b) {
  SmallVector<LiveRange> rangesA, rangesB;
  a.forEachLiveRange([&](uint64_t s, uint64_t e) {
    rangesA.push_back({s, e});
  });
  b.forEachLiveRange([&](uint64_t s, uint64_t e) {
    rangesB.push_back({s, e});
  });
  for (const LiveRange &x : rangesA)
    for (const LiveRange &y : rangesB)
      if (x.start < y.end && y.start < x.end)
        return {std::max(x.start, y.start), std::min(x.end, y.end)};
  return {a.start, a.start};
}

/// Checks what can be checked of buffer `index` without looking at others.
static Error checkBuffer(ArrayRef<Buffer> buffers, const Plan &plan,
                         size_t index) {
  const Buffer &buffer = buffers[index];
  uint64_t offset = plan.offsets[index];
  // Each message names the buffer itself (a Twine must not outlive its
  // statement): a valid plan then builds no text.
  if (Error error = checkRecord(buffer, index))
    return error;
  if (offset % buffer.alignment != 0)
    return invalid("buffer " + Twine(index) + " is at offset " + Twine(offset) +
                   ", which is not a multiple of its alignment " +
                   Twine(buffer.alignment));
  std::optional<uint64_t> end = checkedAdd(offset, buffer.size);
  if (!end)
    return invalid("buffer " + Twine(index) + " at offset " + Twine(offset) +
                   " of size " + Twine(buffer.size) + " ends beyond 64 bits");
  if (*end > plan.slabSize)
    return invalid("buffer " + Twine(index) + " occupies bytes [" +
                   Twine(offset) + ", " + Twine(*end) +
                   "), beyond the slab of " + Twine(plan.slabSize) + " bytes");
  return Error::success();
}

/// The error for buffers `a` and `b`, which overlap in time and in bytes.
static Error clash(ArrayRef<Buffer> buffers, const Plan &plan, size_t a,
                   size_t b) {
  if (a > b)
    std::swap(a, b);
  const Buffer &bufA = buffers[a], &bufB = buffers[b];
  uint64_t offsetA = plan.offsets[a], offsetB = plan.offsets[b];
  LiveRange common = getFirstCommonRange(bufA, bufB);
  // Both ends were checked against overflow by checkBuffer.
  return invalid(
      "buffers " + Twine(a) + " and " + Twine(b) + " overlap in time [" +
      Twine(common.start) + ", " + Twine(common.end) + ") and share bytes [" +
      Twine(std::max(offsetA, offsetB)) + ", " +
      Twine(std::min(offsetA + bufA.size, offsetB + bufB.size)) + ")");
}

Error validatePlan(ArrayRef<Buffer> buffers, const Plan &plan) {
  if (plan.offsets.size() != buffers.size())
    return invalid("the plan has " + Twine(plan.offsets.size()) +
                   " offsets for " + Twine(buffers.size()) + " buffers");
  for (size_t index = 0, e = buffers.size(); index != e; ++index)
    if (Error error = checkBuffer(buffers, plan, index))
      return error;

  // Ranks are 32 bits wide, as the strategies' buffer indices are.
  if (buffers.size() > UINT32_MAX)
    return invalid("the plan has " + Twine(buffers.size()) +
                   " buffers, more than the validator counts");
  // The buffers by (offset, index), each with its rank in that order. A
  // zero-size buffer has no byte to share.
  SmallVector<std::pair<uint64_t, uint32_t>> byOffset;
  byOffset.reserve(buffers.size());
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0)
      byOffset.push_back({plan.offsets[index], uint32_t(index)});
  llvm::sort(byOffset);
  // The sweep reads ranges by rank, so these are read in order, not by
  // index all over the buffers (checkBuffer ruled out overflow).
  SmallVector<uint64_t> endOf(byOffset.size());
  SmallVector<detail::TimeEvent> events;
  events.reserve(2 * byOffset.size());
  for (auto [rank, entry] : llvm::enumerate(byOffset)) {
    const Buffer &buffer = buffers[entry.second];
    endOf[rank] = entry.first + buffer.size;
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      events.push_back({start, uint32_t(rank), /*isStart=*/1});
      events.push_back({end, uint32_t(rank), /*isStart=*/0});
    });
  }
  // Made in rank order, the events keep it among equal ones: the first clash
  // reported does not depend on how they were sorted.
  detail::sortTimeEvents(events);

  // Live buffers by rank. The index keeps equal offsets apart.
  detail::PositionSet live(byOffset.size());
  for (const detail::TimeEvent &event : events) {
    size_t rank = event.id;
    if (!event.isStart) {
      live.erase(rank);
      continue;
    }
    live.insert(rank);
    if (std::optional<size_t> prev = live.prev(rank);
        prev && endOf[*prev] > byOffset[rank].first)
      return clash(buffers, plan, byOffset[*prev].second,
                   byOffset[rank].second);
    if (std::optional<size_t> next = live.next(rank);
        next && byOffset[*next].first < endOf[rank])
      return clash(buffers, plan, byOffset[rank].second,
                   byOffset[*next].second);
  }
  return Error::success();
}

Error validateObjectPlan(ArrayRef<Buffer> buffers, const ObjectPlan &plan) {
  if (plan.objectOf.size() != buffers.size())
    return invalid("the plan assigns " + Twine(plan.objectOf.size()) +
                   " objects for " + Twine(buffers.size()) + " buffers");
  size_t numObjects = plan.objectSizes.size();
  // The buffers of each object; filled in index order, so each list is too.
  SmallVector<SmallVector<unsigned>> members(numObjects);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    unsigned object = plan.objectOf[index];
    if (object >= numObjects)
      return invalid("buffer " + Twine(index) + " is assigned object " +
                     Twine(object) + " of only " + Twine(numObjects));
    // Objects are laid out at the slab's alignment, the largest of these.
    if (Error error = checkRecord(buffer, index))
      return error;
    if (buffer.size > plan.objectSizes[object])
      return invalid("buffer " + Twine(index) + " of size " +
                     Twine(buffer.size) + " is larger than its object " +
                     Twine(object) + " of size " +
                     Twine(plan.objectSizes[object]));
    members[object].push_back(index);
  }

  uint64_t total = 0;
  for (size_t object = 0; object != numObjects; ++object) {
    if (members[object].empty())
      return invalid("object " + Twine(object) + " holds no buffer");
    std::optional<uint64_t> sum = checkedAdd(total, plan.objectSizes[object]);
    if (!sum)
      return invalid("the total size of the objects up to object " +
                     Twine(object) + " overflows 64 bits");
    total = *sum;

    // The live ranges of the object's buffers sorted by start: each can only
    // overlap the one before it if the earlier ones are pairwise disjoint,
    // which the scan establishes (a buffer's own ranges are disjoint).
    struct MemberRange {
      uint64_t start, end;
      unsigned buffer;
    };
    SmallVector<MemberRange> ranges;
    for (unsigned member : members[object])
      buffers[member].forEachLiveRange([&](uint64_t start, uint64_t end) {
        ranges.push_back({start, end, member});
      });
    llvm::stable_sort(ranges,
                      [](const MemberRange &lhs, const MemberRange &rhs) {
                        return lhs.start < rhs.start;
                      });
    for (size_t i = 1, e = ranges.size(); i != e; ++i) {
      const MemberRange &prev = ranges[i - 1], &cur = ranges[i];
      if (prev.end > cur.start) {
        unsigned a = std::min(prev.buffer, cur.buffer);
        unsigned b = std::max(prev.buffer, cur.buffer);
        return invalid("buffers " + Twine(a) + " and " + Twine(b) +
                       " of object " + Twine(object) + " overlap in time [" +
                       Twine(cur.start) + ", " +
                       Twine(std::min(prev.end, cur.end)) + ")");
      }
    }
  }
  return Error::success();
}

Error validateSymbolicPlan(const SymbolicProblem &problem,
                           const SymbolicPlan &plan) {
  size_t count = problem.buffers.size();
  if (problem.sizes.size() != count)
    return invalid("the problem has " + Twine(problem.sizes.size()) +
                   " sizes for " + Twine(count) + " buffers");
  if (plan.below.size() != count || plan.order.size() != count)
    return invalid("the plan has " + Twine(plan.below.size()) +
                   " lists of buffers below and an order of " +
                   Twine(plan.order.size()) + " for " + Twine(count) +
                   " buffers");
  for (auto [index, buffer] : llvm::enumerate(problem.buffers))
    if (!isPowerOf2_64(buffer.alignment))
      return invalid("buffer " + Twine(index) + " has alignment " +
                     Twine(buffer.alignment) + ", which is not a power of two");
  // Each buffer's position in the order, and every buffer it lies above
  // through a chain, built in that order.
  constexpr unsigned kUnplaced = ~0u;
  SmallVector<unsigned> position(count, kUnplaced);
  for (auto [at, index] : llvm::enumerate(plan.order)) {
    if (index >= count || position[index] != kUnplaced)
      return invalid("the order names buffer " + Twine(index) +
                     " twice or names no buffer");
    position[index] = at;
  }
  std::vector<BitVector> above(count, BitVector(count));
  for (unsigned index : plan.order)
    for (unsigned other : plan.below[index]) {
      if (other >= count)
        return invalid("buffer " + Twine(index) + " lies above buffer " +
                       Twine(other) + ", which does not exist");
      if (position[other] >= position[index])
        return invalid("buffer " + Twine(index) + " lies above buffer " +
                       Twine(other) + ", which comes after it in the order");
      above[index] |= above[other];
      above[index].set(other);
    }
  for (size_t a = 0; a != count; ++a) {
    if (problem.sizes[a].isZero())
      continue;
    for (size_t b = a + 1; b != count; ++b)
      if (!problem.sizes[b].isZero() &&
          problem.buffers[a].overlapsInTime(problem.buffers[b]) &&
          !above[a].test(b) && !above[b].test(a))
        return invalid("buffers " + Twine(a) + " and " + Twine(b) +
                       " are live at once, but neither lies above the "
                       "other");
  }
  return Error::success();
}

} // namespace memplan
