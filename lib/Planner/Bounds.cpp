//===- Bounds.cpp - Figures that bound every plan -------------------------===//
//
// These figures are computed from the problem alone and share no code with
// the strategies, so tests can hold the strategies against them.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <optional>

using namespace llvm;

namespace memplan {

namespace {
/// A buffer becoming live (`isStart`) or dead at `time`.
struct Event {
  uint64_t time;
  bool isStart;
  uint64_t size;
};
} // namespace

static Error overflowError(const Twine &what) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           what + " overflows 64 bits");
}

Expected<uint64_t> computeLowerBound(ArrayRef<Buffer> buffers) {
  SmallVector<Event> events;
  events.reserve(2 * buffers.size());
  for (const Buffer &buffer : buffers) {
    // A buffer with an empty lifetime is never live, and zero bytes never
    // change the sum.
    if (buffer.start >= buffer.end || buffer.size == 0)
      continue;
    events.push_back({buffer.start, /*isStart=*/true, buffer.size});
    events.push_back({buffer.end, /*isStart=*/false, buffer.size});
  }
  // Intervals are half-open: a buffer ending at `t` is dead before one
  // starting at `t` becomes live, so ends sort first at equal times.
  llvm::sort(events, [](const Event &lhs, const Event &rhs) {
    if (lhs.time != rhs.time)
      return lhs.time < rhs.time;
    return !lhs.isStart && rhs.isStart;
  });

  uint64_t live = 0;
  uint64_t peak = 0;
  for (const Event &event : events) {
    if (!event.isStart) {
      live -= event.size;
      continue;
    }
    std::optional<uint64_t> sum = checkedAddUnsigned(live, event.size);
    if (!sum)
      return overflowError("the total size of buffers live at time " +
                           Twine(event.time));
    live = *sum;
    peak = std::max(peak, live);
  }
  return peak;
}

Expected<uint64_t> computeNaiveSize(ArrayRef<Buffer> buffers) {
  uint64_t end = 0;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    assert(isPowerOf2_64(buffer.alignment) && "alignment must be a power of 2");
    // Round `end` up to the alignment; only the multiplication can overflow.
    std::optional<uint64_t> offset =
        checkedMulUnsigned(divideCeil(end, buffer.alignment), buffer.alignment);
    std::optional<uint64_t> newEnd =
        offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
    if (!newEnd)
      return overflowError("the naive slab up to buffer " + Twine(index));
    end = *newEnd;
  }
  return end;
}

} // namespace memplan
