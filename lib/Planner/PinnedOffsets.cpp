//===- PinnedOffsets.cpp - Plans around offsets fixed in advance ----------===//

#include "memplan/Planner/PinnedOffsets.h"

#include "memplan/Planner/CheckedMath.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace memplan {

std::optional<PinConflict>
findPinConflict(ArrayRef<Buffer> buffers,
                ArrayRef<std::optional<uint64_t>> pinned,
                std::optional<uint64_t> capacity) {
  assert(pinned.size() == buffers.size() && "a pin or none per buffer");
  SmallVector<unsigned> pins;
  for (auto [index, offset] : enumerate(pinned)) {
    if (!offset)
      continue;
    const Buffer &buffer = buffers[index];
    if (*offset % buffer.alignment != 0)
      return PinConflict{PinConflict::Misaligned, unsigned(index)};
    std::optional<uint64_t> end = checkedAdd(*offset, buffer.size);
    if (!end)
      return PinConflict{PinConflict::Overflows, unsigned(index)};
    if (capacity && *end > *capacity)
      return PinConflict{PinConflict::BeyondCapacity, unsigned(index)};
    pins.push_back(index);
  }
  // Pins are few: each pair.
  for (auto [position, first] : enumerate(pins))
    for (unsigned second : ArrayRef(pins).drop_front(position + 1)) {
      const Buffer &a = buffers[first], &b = buffers[second];
      if (a.size == 0 || b.size == 0 || !a.overlapsInTime(b))
        continue;
      if (*pinned[first] < *pinned[second] + b.size &&
          *pinned[second] < *pinned[first] + a.size)
        return PinConflict{PinConflict::Overlap, first, second};
    }
  return std::nullopt;
}

namespace {

/// The offsets of `buffers` with the pins at theirs and the free ones
/// placed in `order`, each at the lowest aligned offset clear of what is
/// placed and live with it; nullopt where an end passes 64 bits.
std::optional<Plan> placeInOrder(ArrayRef<Buffer> buffers,
                                 ArrayRef<std::optional<uint64_t>> pinned,
                                 ArrayRef<unsigned> order) {
  Plan plan;
  plan.offsets.assign(buffers.size(), 0);
  SmallVector<unsigned> placed;
  uint64_t top = 0;
  for (auto [index, offset] : enumerate(pinned))
    if (offset) {
      plan.offsets[index] = *offset;
      placed.push_back(index);
      top = std::max(top, *offset + buffers[index].size);
    }
  SmallVector<std::pair<uint64_t, uint64_t>> taken;
  for (unsigned index : order) {
    const Buffer &buffer = buffers[index];
    taken.clear();
    for (unsigned other : placed)
      if (buffers[other].size != 0 && buffer.overlapsInTime(buffers[other]))
        taken.push_back(
            {plan.offsets[other], plan.offsets[other] + buffers[other].size});
    llvm::sort(taken);
    uint64_t candidate = 0;
    for (auto [begin, end] : taken) {
      if (end <= candidate)
        continue;
      std::optional<uint64_t> candidateEnd = checkedAdd(candidate, buffer.size);
      if (!candidateEnd)
        return std::nullopt;
      if (*candidateEnd <= begin)
        break;
      std::optional<uint64_t> raised = checkedAlignTo(end, buffer.alignment);
      if (!raised)
        return std::nullopt;
      candidate = *raised;
    }
    std::optional<uint64_t> end = checkedAdd(candidate, buffer.size);
    if (!end)
      return std::nullopt;
    plan.offsets[index] = candidate;
    top = std::max(top, *end);
    placed.push_back(index);
  }
  plan.slabSize = top;
  return plan;
}

} // namespace

Expected<Plan> planAroundPins(ArrayRef<Buffer> buffers,
                              ArrayRef<std::optional<uint64_t>> pinned,
                              const OffsetStrategy &strategy) {
  assert(pinned.size() == buffers.size() && "a pin or none per buffer");
  assert(!findPinConflict(buffers, pinned) && "pins free of conflicts");
  SmallVector<unsigned> free;
  SmallVector<Buffer> freeBuffers;
  for (auto [index, offset] : enumerate(pinned))
    if (!offset) {
      free.push_back(index);
      freeBuffers.push_back(buffers[index]);
    }
  Expected<Plan> alone = strategy.plan(freeBuffers);
  if (!alone)
    return alone.takeError();
  SmallVector<uint64_t> hint(buffers.size(), 0);
  for (auto [position, index] : enumerate(free))
    hint[index] = alone->offsets[position];

  auto bySize = [&](unsigned lhs, unsigned rhs) {
    if (buffers[lhs].size != buffers[rhs].size)
      return buffers[lhs].size > buffers[rhs].size;
    return buffers[lhs].start < buffers[rhs].start;
  };
  SmallVector<unsigned> byHint = free;
  llvm::stable_sort(byHint, [&](unsigned lhs, unsigned rhs) {
    if (hint[lhs] != hint[rhs])
      return hint[lhs] < hint[rhs];
    return bySize(lhs, rhs);
  });
  SmallVector<unsigned> bySizeOrder = free;
  llvm::stable_sort(bySizeOrder, bySize);

  std::optional<Plan> best;
  for (ArrayRef<unsigned> order : {ArrayRef(byHint), ArrayRef(bySizeOrder)}) {
    std::optional<Plan> plan = placeInOrder(buffers, pinned, order);
    if (plan && (!best || plan->slabSize < best->slabSize))
      best = std::move(plan);
  }
  if (!best)
    return createStringError(std::make_error_code(std::errc::value_too_large),
                             "planning around the pinned offsets overflows "
                             "64 bits");
  best->outcome.strategy = alone->outcome.strategy;
  best->outcome.stoppedByClock = alone->outcome.stoppedByClock;
  best->details = "around pinned offsets";
  return std::move(*best);
}

} // namespace memplan
