//===- BarrierEpochs.cpp - Memory shared by a group of work-items ---------===//

#include "memplan/Planner/BarrierEpochs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace memplan {

uint64_t getBarrierEpoch(ArrayRef<uint64_t> barriers, uint64_t point) {
  return std::upper_bound(barriers.begin(), barriers.end(), point) -
         barriers.begin();
}

SmallVector<Buffer> toBarrierEpochs(ArrayRef<Buffer> buffers,
                                    ArrayRef<uint64_t> barriers) {
  // A gapped lifetime spans the epochs of its hull: the barrier checks
  // (validateBarrierSeparation, chooseBarriers) read the hulls too, and
  // memory shared by a group is small.
  SmallVector<Buffer> epochs = getHulls(buffers);
  for (Buffer &buffer : epochs) {
    // An empty lifetime stays empty: it shares no epoch with anything.
    if (buffer.end <= buffer.start) {
      buffer.start = buffer.end = getBarrierEpoch(barriers, buffer.start);
      continue;
    }
    uint64_t first = getBarrierEpoch(barriers, buffer.start);
    uint64_t last = getBarrierEpoch(barriers, buffer.end - 1);
    buffer.start = first;
    buffer.end = last + 1;
  }
  return epochs;
}

namespace {

/// Whether a barrier comes after `earlier`'s last use (at end - 1) and no
/// later than `later`'s first use: what happens at a barrier's own point
/// counts as after it, as in getBarrierEpoch.
bool barrierBetween(ArrayRef<uint64_t> barriers, const Buffer &earlier,
                    const Buffer &later) {
  if (earlier.end > later.start)
    return false;
  const uint64_t *barrier =
      std::lower_bound(barriers.begin(), barriers.end(), earlier.end);
  return barrier != barriers.end() && *barrier <= later.start;
}

Error invalid(const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           "invalid plan: " + message);
}

} // namespace

Error validateBarrierSeparation(ArrayRef<Buffer> buffers,
                                ArrayRef<uint64_t> barriers,
                                const SlabPlan &plan) {
  if (plan.slabOf.size() != buffers.size() ||
      plan.offsets.size() != buffers.size())
    return invalid("the plan places " + Twine(plan.offsets.size()) +
                   " buffers, not " + Twine(buffers.size()));
  if (!std::is_sorted(barriers.begin(), barriers.end()))
    return invalid("the barriers are not in program order");
  // Buffers by slab, then offset: each is compared with the later ones
  // that begin inside its bytes, so with every buffer it shares a byte with.
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(plan.slabOf[a], plan.offsets[a]) <
           std::make_pair(plan.slabOf[b], plan.offsets[b]);
  });
  for (auto [position, index] : enumerate(order)) {
    const Buffer &buffer = buffers[index];
    if (buffer.size == 0)
      continue;
    uint64_t endByte = plan.offsets[index] + buffer.size;
    for (unsigned next = position + 1; next < order.size(); ++next) {
      unsigned other = order[next];
      if (plan.slabOf[other] != plan.slabOf[index] ||
          plan.offsets[other] >= endByte)
        break;
      const Buffer &otherBuffer = buffers[other];
      if (otherBuffer.size == 0)
        continue;
      if (barrierBetween(barriers, buffer, otherBuffer) ||
          barrierBetween(barriers, otherBuffer, buffer))
        continue;
      return invalid("buffers " + Twine(index) + " and " + Twine(other) +
                     " share bytes at offset " + Twine(plan.offsets[other]) +
                     " but no barrier separates their uses");
    }
  }
  return Error::success();
}

Expected<SmallVector<uint64_t>> chooseBarriers(ArrayRef<Buffer> buffers,
                                               ArrayRef<uint64_t> barriers,
                                               ArrayRef<uint64_t> candidates,
                                               const SlabPlan &plan) {
  // Each pair that shares bytes and no barrier separates needs a barrier in
  // [last use of the earlier + 1, first use of the later]: a point to stab.
  SmallVector<std::pair<uint64_t, uint64_t>> needs;
  for (unsigned a = 0; a < buffers.size(); ++a)
    for (unsigned b = a + 1; b < buffers.size(); ++b) {
      if (plan.slabOf[a] != plan.slabOf[b] || buffers[a].size == 0 ||
          buffers[b].size == 0 ||
          plan.offsets[a] >= plan.offsets[b] + buffers[b].size ||
          plan.offsets[b] >= plan.offsets[a] + buffers[a].size)
        continue;
      const Buffer &earlier =
          buffers[a].start <= buffers[b].start ? buffers[a] : buffers[b];
      const Buffer &later = &earlier == &buffers[a] ? buffers[b] : buffers[a];
      if (barrierBetween(barriers, earlier, later))
        continue;
      // The latest candidate that is still early enough.
      const uint64_t *candidate =
          std::upper_bound(candidates.begin(), candidates.end(), later.start);
      if (candidate == candidates.begin() || *(candidate - 1) < earlier.end)
        return createStringError(
            inconvertibleErrorCode(),
            "buffers " + Twine(a) + " and " + Twine(b) +
                " share bytes but no barrier can be placed between their "
                "uses");
      needs.push_back({earlier.end, *(candidate - 1)});
    }
  // Interval stabbing: by right end, a new point only when the last one
  // chosen misses the interval. The right ends are candidates, so is every
  // point chosen.
  llvm::sort(needs,
             [](const auto &x, const auto &y) { return x.second < y.second; });
  SmallVector<uint64_t> chosen;
  for (auto [first, last] : needs)
    if (chosen.empty() || chosen.back() < first)
      chosen.push_back(last);
  return chosen;
}

} // namespace memplan
