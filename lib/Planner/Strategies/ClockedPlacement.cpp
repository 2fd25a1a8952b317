//===- ClockedPlacement.cpp - Placing in order until a deadline ----------===//

#include "ClockedPlacement.h"

#include "GapPlacement.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace memplan::detail {

Error makeEndOverflowError(StringRef strategy, unsigned index) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           strategy + ": the end of buffer " + Twine(index) +
                               " overflows 64 bits");
}

std::optional<unsigned> stackUnplaced(ArrayRef<Buffer> buffers,
                                      ArrayRef<unsigned> rest, Plan &plan) {
  size_t stacked = 0;
  for (unsigned index : rest) {
    // One that occupies no memory is where the rule puts it.
    std::optional<uint64_t> offset;
    if (occupiesMemory(buffers[index]))
      ++stacked;
    else
      offset = 0;
    if (!recordPlacement(buffers, plan, index, offset, plan.slabSize))
      return index;
  }
  plan.outcome.stoppedByClock = true;
  plan.outcome.stackedByClock = stacked;
  plan.details = formatv("stopped by the clock after placing {0} of {1} "
                         "buffers; the other {2} are stacked above them",
                         buffers.size() - stacked, buffers.size(), stacked)
                     .str();
  return std::nullopt;
}

std::optional<unsigned> placeInOrder(ArrayRef<Buffer> buffers,
                                     ArrayRef<unsigned> order,
                                     const Deadline &deadline, Plan &plan,
                                     function_ref<bool(unsigned)> place) {
  ClockLooks clock(deadline);
  for (auto [placed, index] : llvm::enumerate(order)) {
    if (clock.hasPassed())
      return stackUnplaced(buffers, order.drop_front(placed), plan);
    if (!place(index))
      return index;
  }
  return std::nullopt;
}

std::optional<unsigned> placeInOrderByGaps(ArrayRef<Buffer> buffers,
                                           ArrayRef<unsigned> order,
                                           const Deadline &deadline,
                                           Plan &plan) {
  // The set-up sizes the offsets and resets the slab even when it gives no
  // placer, so stacking can write them.
  std::optional<GapPlacer> placer =
      GapPlacer::createBefore(deadline, buffers, plan);
  if (!placer)
    return stackUnplaced(buffers, order, plan);
  return placeInOrder(buffers, order, deadline, plan,
                      [&](unsigned index) { return placer->place(index); });
}

} // namespace memplan::detail
