//===- TimeEventsTest.cpp - sortTimeEvents against a stable sort ----------===//
//
// The lower bound and the validator rely on the order of sortTimeEvents:
// by time, ends first, then by id. Both of its ways, the counting sort for
// times that span few values and the comparison sort for the others, must
// give exactly what std::stable_sort gives on events in id order.
//
//===----------------------------------------------------------------------===//

#include "TimeEvents.h"

#include "llvm/ADT/ArrayRef.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using memplan::detail::sortTimeEvents;
using memplan::detail::TimeEvent;

namespace {

llvm::SmallVector<TimeEvent>
sortedByReference(llvm::ArrayRef<TimeEvent> events) {
  llvm::SmallVector<TimeEvent> sorted(events);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const TimeEvent &lhs, const TimeEvent &rhs) {
                     if (lhs.time != rhs.time)
                       return lhs.time < rhs.time;
                     return lhs.isStart < rhs.isStart;
                   });
  return sorted;
}

void expectSameOrder(llvm::ArrayRef<TimeEvent> actual,
                     llvm::ArrayRef<TimeEvent> expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i != actual.size(); ++i) {
    ASSERT_EQ(actual[i].time, expected[i].time) << "event " << i;
    ASSERT_EQ(actual[i].isStart, expected[i].isStart) << "event " << i;
    ASSERT_EQ(actual[i].id, expected[i].id) << "event " << i;
  }
}

TEST(TimeEventsTest, MatchesStableSortOnNarrowAndWideTimes) {
  std::mt19937_64 rng(16);
  // Times within a few values per event take the counting sort; those far
  // apart, or offset near the top of 64 bits, the comparison sort.
  struct Shape {
    uint64_t base;
    uint64_t spread;
  };
  for (Shape shape :
       {Shape{0, 3}, Shape{1000, 50}, Shape{5, 400},
        Shape{0, uint64_t(1) << 40}, Shape{UINT64_MAX - 100, 100}}) {
    for (size_t count : {0u, 1u, 2u, 7u, 100u, 5000u}) {
      SCOPED_TRACE("base " + std::to_string(shape.base) + ", spread " +
                   std::to_string(shape.spread) + ", " + std::to_string(count) +
                   " events");
      llvm::SmallVector<TimeEvent> events;
      for (size_t i = 0; i != count; ++i)
        // In id order, as the callers make them; some ids repeat.
        events.push_back({shape.base + rng() % (shape.spread + 1),
                          uint32_t(i / 3), uint32_t(rng() % 2)});
      llvm::SmallVector<TimeEvent> expected = sortedByReference(events);
      sortTimeEvents(events);
      expectSameOrder(events, expected);
    }
  }
}

TEST(TimeEventsTest, EndsBeforeStartsAtOneTime) {
  llvm::SmallVector<TimeEvent> events = {
      {4, 0, 1}, {4, 1, 0}, {2, 2, 1}, {4, 3, 0}, {4, 4, 1}};
  sortTimeEvents(events);
  llvm::SmallVector<uint32_t> ids;
  for (const TimeEvent &event : events)
    ids.push_back(event.id);
  EXPECT_EQ(ids, (llvm::SmallVector<uint32_t>{2, 1, 3, 0, 4}));
}

} // namespace
