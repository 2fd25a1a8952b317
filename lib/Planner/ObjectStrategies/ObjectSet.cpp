//===- ObjectSet.cpp - Helpers shared by the object strategies ------------===//

#include "ObjectStrategies.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

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

ObjectSet::ObjectSet(ArrayRef<Buffer> buffers)
    : buffers(buffers), objectOf(buffers.size(), kUnassigned) {}

bool ObjectSet::isAssigned(unsigned buffer) const {
  return objectOf[buffer] != kUnassigned;
}

bool ObjectSet::isFree(unsigned object, unsigned buffer) const {
  const Buffer &b = buffers[buffer];
  const std::map<uint64_t, uint64_t> &list = lifetimes[object];
  // Only the lifetimes just before and just after b's start can overlap it.
  auto next = list.lower_bound(b.start);
  if (next != list.end() && next->first < b.end)
    return false;
  return next == list.begin() || std::prev(next)->second <= b.start;
}

uint64_t ObjectSet::getGap(unsigned object, unsigned buffer) const {
  assert(isFree(object, buffer) && "the object is busy during the buffer");
  const Buffer &b = buffers[buffer];
  const std::map<uint64_t, uint64_t> &list = lifetimes[object];
  auto next = list.lower_bound(b.start);
  uint64_t gap = std::numeric_limits<uint64_t>::max();
  if (next != list.end())
    gap = next->first - b.end;
  if (next != list.begin())
    gap = std::min(gap, b.start - std::prev(next)->second);
  return gap;
}

unsigned ObjectSet::create(unsigned buffer) {
  unsigned object = sizes.size();
  sizes.push_back(buffers[buffer].size);
  lifetimes.emplace_back();
  assign(buffer, object);
  return object;
}

void ObjectSet::assign(unsigned buffer, unsigned object) {
  assert(!isAssigned(buffer) && "buffer assigned twice");
  assert(isFree(object, buffer) && "the object is busy during the buffer");
  const Buffer &b = buffers[buffer];
  objectOf[buffer] = object;
  sizes[object] = std::max(sizes[object], b.size);
  lifetimes[object].emplace(b.start, b.end);
}

Expected<ObjectPlan> makeObjectPlan(SmallVector<unsigned> objectOf,
                                    SmallVector<uint64_t> sizes,
                                    StringRef strategy) {
  assert(llvm::none_of(objectOf,
                       [](unsigned object) { return object == kUnassigned; }) &&
         "a buffer is not assigned");
  uint64_t total = 0;
  for (uint64_t size : sizes) {
    std::optional<uint64_t> sum = checkedAddUnsigned(total, size);
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
  return plan;
}

Expected<ObjectPlan> ObjectSet::takePlan(StringRef strategy) {
  lifetimes.clear();
  return makeObjectPlan(std::move(objectOf), std::move(sizes), strategy);
}

} // namespace detail

} // namespace memplan
