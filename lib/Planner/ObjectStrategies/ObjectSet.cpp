//===- ObjectSet.cpp - Helpers shared by the object strategies ------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "../TimeEvents.h"
#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <limits>

using namespace llvm;

namespace memplan {

namespace detail {

static constexpr unsigned kUnassigned = std::numeric_limits<unsigned>::max();

Error checkObjectProblem(ArrayRef<Buffer> buffers, StringRef strategy) {
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.start >= buffer.end)
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          strategy + ": buffer " + Twine(index) + " has an empty lifetime [" +
              Twine(buffer.start) + ", " + Twine(buffer.end) + ")");
  return Error::success();
}

std::optional<uint64_t> getBusiestTime(ArrayRef<Buffer> buffers) {
  SmallVector<TimeEvent> events;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.start < buffer.end) {
      events.push_back({buffer.start, uint32_t(index), 1});
      events.push_back({buffer.end, uint32_t(index), 0});
    }
  // Ends first at each time, as a buffer that ends at t is not live at t.
  sortTimeEvents(events);
  std::optional<uint64_t> busiest;
  int live = 0, most = 0;
  for (const TimeEvent &event : events) {
    live += event.isStart ? 1 : -1;
    if (live > most) {
      most = live;
      busiest = event.time;
    }
  }
  return busiest;
}

SlotBitmap::SlotBitmap(unsigned numSlots)
    : bits(numSlots / 64 + 1), summary(bits.size() / 64 + 1) {}

/// Whether any bit of [first, last) is set in `words`, reading each word.
static bool anyBit(ArrayRef<uint64_t> words, unsigned first, unsigned last) {
  if (first >= last)
    return false;
  unsigned firstWord = first / 64, lastWord = (last - 1) / 64;
  uint64_t firstMask = ~uint64_t(0) << (first % 64);
  uint64_t lastMask = ~uint64_t(0) >> (63 - (last - 1) % 64);
  if (firstWord == lastWord)
    return words[firstWord] & firstMask & lastMask;
  if ((words[firstWord] & firstMask) || (words[lastWord] & lastMask))
    return true;
  return llvm::any_of(words.slice(firstWord + 1, lastWord - firstWord - 1),
                      [](uint64_t word) { return word != 0; });
}

bool SlotBitmap::any(unsigned first, unsigned last) const {
  assert(first < last && "empty range");
  unsigned firstWord = first / 64, lastWord = (last - 1) / 64;
  if (lastWord - firstWord < 2)
    return anyBit(bits, first, last);
  // The words strictly inside are settled by their summary bits.
  return anyBit(bits, first, (firstWord + 1) * 64) ||
         anyBit(bits, lastWord * 64, last) ||
         anyBit(summary, firstWord + 1, lastWord);
}

void SlotBitmap::add(unsigned first, unsigned last) {
  assert(first < last && "empty range");
  for (unsigned word = first / 64, lastWord = (last - 1) / 64; word <= lastWord;
       ++word) {
    uint64_t mask = ~uint64_t(0);
    if (word == first / 64)
      mask &= ~uint64_t(0) << (first % 64);
    if (word == lastWord)
      mask &= ~uint64_t(0) >> (63 - (last - 1) % 64);
    bits[word] |= mask;
    summary[word / 64] |= uint64_t(1) << (word % 64);
  }
}

ObjectSet::ObjectSet(ArrayRef<Buffer> buffers)
    : buffers(buffers), objectOf(buffers.size(), kUnassigned) {}

bool ObjectSet::isAssigned(unsigned buffer) const {
  return objectOf[buffer] != kUnassigned;
}

void ObjectSet::useBitmaps(size_t budget) {
  assert(sizes.empty() && "bitmaps must come before the objects");
  // A bitmap's slots are cut at the hulls' ends only; gapped lifetimes are
  // kept as lists of their intervals.
  if (hasGappedLifetimes(buffers))
    return;
  // Every buffer, as any of them may take an object.
  TimeSections sections(buffers, TimeSections::CutBy::AllBuffers);
  numSlots = sections.getNumTimes();
  slots.resize_for_overwrite(2 * buffers.size());
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    slots[2 * index] = sections.sectionAt(buffer.start);
    slots[2 * index + 1] = sections.sectionAt(buffer.end);
  }
  size_t bytes = (numSlots / 64 + 1) * 8 * 65 / 64 + sizeof(SlotBitmap);
  maxBitmaps = std::min<size_t>(budget / bytes, buffers.size());
}

bool ObjectSet::isFree(unsigned object, unsigned buffer) const {
  if (object < bitmaps.size())
    return !bitmaps[object].any(slots[2 * buffer], slots[2 * buffer + 1]);
  return isFreeDuring(lifetimes[object], buffers[buffer]);
}

bool isFreeDuring(const BusyIntervals &busy, const Buffer &buffer) {
  // Only the intervals just before and just after each of the buffer's
  // starts can overlap it.
  bool free = true;
  buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
    auto next = busy.lower_bound(start);
    if ((next != busy.end() && next->first < end) ||
        (next != busy.begin() && std::prev(next)->second > start))
      free = false;
  });
  return free;
}

void addBusy(BusyIntervals &busy, const Buffer &buffer) {
  buffer.forEachLiveRange(
      [&](uint64_t start, uint64_t end) { busy.emplace(start, end); });
}

uint64_t ObjectSet::getGap(unsigned object, unsigned buffer) const {
  assert(object >= bitmaps.size() && "no lifetimes with a bitmap");
  assert(isFree(object, buffer) && "the object is busy during the buffer");
  const std::map<uint64_t, uint64_t> &list = lifetimes[object];
  uint64_t gap = std::numeric_limits<uint64_t>::max();
  buffers[buffer].forEachLiveRange([&](uint64_t start, uint64_t end) {
    auto next = list.lower_bound(start);
    if (next != list.end())
      gap = std::min(gap, next->first - end);
    if (next != list.begin())
      gap = std::min(gap, start - std::prev(next)->second);
  });
  return gap;
}

unsigned ObjectSet::create(unsigned buffer) {
  unsigned object = sizes.size();
  sizes.push_back(buffers[buffer].size);
  lifetimes.emplace_back();
  if (object < maxBitmaps)
    bitmaps.emplace_back(numSlots);
  assign(buffer, object);
  return object;
}

void ObjectSet::assign(unsigned buffer, unsigned object) {
  assert(!isAssigned(buffer) && "buffer assigned twice");
  assert(isFree(object, buffer) && "the object is busy during the buffer");
  const Buffer &b = buffers[buffer];
  objectOf[buffer] = object;
  sizes[object] = std::max(sizes[object], b.size);
  if (object < bitmaps.size())
    bitmaps[object].add(slots[2 * buffer], slots[2 * buffer + 1]);
  else
    addBusy(lifetimes[object], b);
}

Expected<ObjectPlan> makeObjectPlan(SmallVector<unsigned> objectOf,
                                    SmallVector<uint64_t> sizes,
                                    StringRef strategy) {
  assert(llvm::none_of(objectOf,
                       [](unsigned object) { return object == kUnassigned; }) &&
         "a buffer is not assigned");
  uint64_t total = 0;
  for (uint64_t size : sizes) {
    std::optional<uint64_t> sum = checkedAdd(total, size);
    if (!sum)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               strategy +
                                   ": the total size of the objects overflows "
                                   "64 bits");
    total = *sum;
  }
  ObjectPlan plan;
  plan.objectOf = std::move(objectOf);
  plan.objectSizes = std::move(sizes);
  plan.outcome.strategy = strategy.str();
  return plan;
}

Expected<ObjectPlan> ObjectSet::takePlan(StringRef strategy) {
  lifetimes.clear();
  bitmaps.clear();
  return makeObjectPlan(std::move(objectOf), std::move(sizes), strategy);
}

Expected<ObjectPlan> ObjectSet::takeStoppedPlan(ArrayRef<unsigned> order,
                                                StringRef strategy) {
  // The set ends here: an object of one's own is given its size only, not
  // the lifetime (a map node each) that create would record.
  size_t own = 0;
  for (unsigned buffer : order) {
    if (isAssigned(buffer))
      continue;
    objectOf[buffer] = sizes.size();
    sizes.push_back(buffers[buffer].size);
    own += buffers[buffer].size != 0;
  }
  Expected<ObjectPlan> plan = takePlan(strategy);
  if (plan)
    markStoppedByClock(*plan, own);
  return plan;
}

void markStoppedByClock(ObjectPlan &plan, size_t own) {
  size_t numBuffers = plan.objectOf.size();
  plan.outcome.stoppedByClock = true;
  plan.outcome.stackedByClock = own;
  plan.details = formatv("stopped by the clock after assigning {0} of {1} "
                         "buffers; the other {2} have objects of their own",
                         numBuffers - own, numBuffers, own)
                     .str();
}

} // namespace detail

} // namespace memplan
