//===- TimeEvents.cpp - Starts and ends of buffers in time order ----------===//

#include "TimeEvents.h"

#include <algorithm>
#include <cstdint>

namespace memplan::detail {

/// A counting sort keeps a count per key, two per time spanned: up to this
/// many per event it costs less than comparing.
constexpr uint64_t kKeysPerEvent = 4;

void sortTimeEvents(llvm::SmallVectorImpl<TimeEvent> &events) {
  if (events.size() < 2)
    return;
  auto [least, most] =
      std::minmax_element(events.begin(), events.end(),
                          [](const TimeEvent &lhs, const TimeEvent &rhs) {
                            return lhs.time < rhs.time;
                          });
  uint64_t first = least->time, span = most->time - first;
  // Counts are 32 bits wide, as ids are.
  if (span >= kKeysPerEvent * events.size() / 2 ||
      events.size() >= UINT32_MAX) {
    // Not stable_sort: on the few events of a function it allocated.
    std::sort(events.begin(), events.end(),
              [](const TimeEvent &lhs, const TimeEvent &rhs) {
                if (lhs.time != rhs.time)
                  return lhs.time < rhs.time;
                if (lhs.isStart != rhs.isStart)
                  return lhs.isStart < rhs.isStart;
                return lhs.id < rhs.id;
              });
    return;
  }
  // Key 2 * (time - first) + isStart: ends first at each time. Stable, as
  // each event goes after those of its key that came before it, so equal
  // keys stay in id order.
  auto keyOf = [&](const TimeEvent &event) {
    return 2 * (event.time - first) + (event.isStart != 0);
  };
  llvm::SmallVector<uint32_t> placeOfKey(2 * span + 3, 0);
  for (const TimeEvent &event : events)
    ++placeOfKey[keyOf(event) + 1];
  for (size_t key = 1; key < placeOfKey.size(); ++key)
    placeOfKey[key] += placeOfKey[key - 1];
  llvm::SmallVector<TimeEvent> sorted(events.size());
  for (const TimeEvent &event : events)
    sorted[placeOfKey[keyOf(event)]++] = event;
  events.swap(sorted);
}

} // namespace memplan::detail
