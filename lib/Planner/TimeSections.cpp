//===- TimeSections.cpp - Time cut at every start and end -----------------===//

#include "TimeSections.h"

#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <cstdint>
#include <limits>

using namespace llvm;

namespace memplan::detail {

/// Where the times span at most this many values per start or end, marking
/// each in a table of the span costs less than sorting them, and sectionAt
/// gets a table of every time.
constexpr uint64_t kDenseValuesPerTime = 4;

TimeSections::TimeSections(ArrayRef<Buffer> buffers, CutBy cutBy) {
  auto cuts = [&](const Buffer &buffer) {
    return cutBy == CutBy::AllBuffers || occupiesMemory(buffer);
  };
  uint64_t first = UINT64_MAX, last = 0;
  uint64_t count = 0;
  for (const Buffer &buffer : buffers)
    if (cuts(buffer)) {
      // Both times each: a record may end before it starts.
      first = std::min({first, buffer.start, buffer.end});
      last = std::max({last, buffer.start, buffer.end});
      count += 2 + 2 * buffer.ranges.size();
    }
  if (count == 0)
    return;
  // Counted from the first time: a time counted up to the last would wrap
  // past 2^64 - 1. A BitVector counts its bits in 32 bits.
  if (last - first < kDenseValuesPerTime * count &&
      last - first < std::numeric_limits<unsigned>::max()) {
    // Program points are mostly dense integers: sorting two million of them
    // was half of a placer's set-up on a million buffers.
    BitVector present(last - first + 1);
    for (const Buffer &buffer : buffers)
      if (cuts(buffer)) {
        present.set(buffer.start - first);
        present.set(buffer.end - first);
        // The ends of the intervals of a gapped lifetime, within its hull.
        for (const LiveRange &range : buffer.ranges) {
          present.set(range.start - first);
          present.set(range.end - first);
        }
      }
    times.reserve(present.count());
    for (unsigned offset : present.set_bits())
      times.push_back(first + offset);
  } else {
    times.reserve(count);
    for (const Buffer &buffer : buffers)
      if (cuts(buffer)) {
        times.push_back(buffer.start);
        times.push_back(buffer.end);
        for (const LiveRange &range : buffer.ranges) {
          times.push_back(range.start);
          times.push_back(range.end);
        }
      }
    std::sort(times.begin(), times.end()); // llvm::sort would use qsort.
    times.erase(llvm::unique(times), times.end());
  }
  // Where the distinct times are dense, a table of every time between the
  // first and the last answers sectionAt without a binary search, two per
  // buffer in a placer's set-up.
  if (times.back() - times.front() < kDenseValuesPerTime * times.size()) {
    sectionOfTime.resize_for_overwrite(times.back() - times.front() + 1);
    uint64_t offset = 0;
    for (auto [index, cut] : llvm::enumerate(times))
      for (; offset <= cut - times.front(); ++offset)
        sectionOfTime[offset] = index;
  }
}

} // namespace memplan::detail
