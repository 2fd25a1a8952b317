//===- ReferenceObjectStrategies.cpp - Slow object strategies as oracles --===//
//
// Copied from lib/Planner/ObjectStrategies before those files were made to
// scale; only the names changed. Do not speed these up: their worth is that
// they are obviously the rules written in each strategy's header comment.
//
//===----------------------------------------------------------------------===//

#include "ReferenceObjectStrategies.h"

#include "BufferOrder.h"

#include "memplan/Planner/Bounds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <utility>

using namespace llvm;

namespace memplan::reference {

namespace {

/// The old ObjectSet: the objects of a plan being built: their sizes and the
/// lifetimes of the buffers assigned to each, kept sorted so that asking
/// whether an object is free over a lifetime costs O(log n).
class ReferenceObjectSet {
public:
  explicit ReferenceObjectSet(llvm::ArrayRef<Buffer> buffers);

  unsigned getNumObjects() const { return sizes.size(); }
  uint64_t getSize(unsigned object) const { return sizes[object]; }
  bool isAssigned(unsigned buffer) const;

  /// Whether no buffer of `object` overlaps `buffer` in time.
  bool isFree(unsigned object, unsigned buffer) const;

  /// The time between `buffer` and the closest buffer of `object`, which
  /// must be free for it.
  uint64_t getGap(unsigned object, unsigned buffer) const;

  /// Assigns `buffer` to a new object of its size and returns the object.
  unsigned create(unsigned buffer);

  /// Assigns `buffer` to `object`, which must be free for it, and grows the
  /// object to the buffer's size if it is smaller.
  void assign(unsigned buffer, unsigned object);

  /// The plan once every buffer is assigned. Fails, naming `strategy`, if the
  /// total size overflows 64 bits.
  llvm::Expected<ObjectPlan> takePlan(llvm::StringRef strategy);

private:
  llvm::ArrayRef<Buffer> buffers;
  llvm::SmallVector<unsigned> objectOf;
  llvm::SmallVector<uint64_t> sizes;
  /// Per object, the lifetimes of its buffers as start -> end. Lifetimes of
  /// one object are disjoint and non-empty, so starts are distinct.
  llvm::SmallVector<std::map<uint64_t, uint64_t>> lifetimes;
};

} // namespace

static constexpr unsigned kUnassigned = std::numeric_limits<unsigned>::max();

/// Fails, naming the strategy and the buffer, if a buffer has an empty
/// lifetime: such a buffer has no time in which to hold an object.
static Error checkObjectProblem(ArrayRef<Buffer> buffers, StringRef strategy) {
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.start >= buffer.end)
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          strategy + ": buffer " + Twine(index) + " has an empty lifetime [" +
              Twine(buffer.start) + ", " + Twine(buffer.end) + ")");
  return Error::success();
}

ReferenceObjectSet::ReferenceObjectSet(ArrayRef<Buffer> buffers)
    : buffers(buffers), objectOf(buffers.size(), kUnassigned) {}

bool ReferenceObjectSet::isAssigned(unsigned buffer) const {
  return objectOf[buffer] != kUnassigned;
}

bool ReferenceObjectSet::isFree(unsigned object, unsigned buffer) const {
  const Buffer &b = buffers[buffer];
  const std::map<uint64_t, uint64_t> &list = lifetimes[object];
  // Only the lifetimes just before and just after b's start can overlap it.
  auto next = list.lower_bound(b.start);
  if (next != list.end() && next->first < b.end)
    return false;
  return next == list.begin() || std::prev(next)->second <= b.start;
}

uint64_t ReferenceObjectSet::getGap(unsigned object, unsigned buffer) const {
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

unsigned ReferenceObjectSet::create(unsigned buffer) {
  unsigned object = sizes.size();
  sizes.push_back(buffers[buffer].size);
  lifetimes.emplace_back();
  assign(buffer, object);
  return object;
}

void ReferenceObjectSet::assign(unsigned buffer, unsigned object) {
  assert(!isAssigned(buffer) && "buffer assigned twice");
  assert(isFree(object, buffer) && "the object is busy during the buffer");
  const Buffer &b = buffers[buffer];
  objectOf[buffer] = object;
  sizes[object] = std::max(sizes[object], b.size);
  lifetimes[object].emplace(b.start, b.end);
}

Expected<ObjectPlan> ReferenceObjectSet::takePlan(StringRef strategy) {
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
  lifetimes.clear();
  return plan;
}

Expected<ObjectPlan> planGreedyBySize(ArrayRef<Buffer> buffers) {
  if (Error error = checkObjectProblem(buffers, "greedy-size"))
    return std::move(error);
  SmallVector<unsigned> order = detail::getLargestFirstOrder(buffers);

  ReferenceObjectSet objects(buffers);
  for (unsigned index : order) {
    std::optional<unsigned> best;
    for (unsigned object = 0, e = objects.getNumObjects(); object != e;
         ++object)
      if (objects.isFree(object, index) &&
          (!best || objects.getSize(object) < objects.getSize(*best)))
        best = object;
    if (best)
      objects.assign(index, *best);
    else
      objects.create(index);
  }
  return objects.takePlan("greedy-size");
}

Expected<ObjectPlan> planGreedyInOrder(ArrayRef<Buffer> buffers) {
  if (Error error = checkObjectProblem(buffers, "greedy-in-order"))
    return std::move(error);
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  ReferenceObjectSet objects(buffers);
  for (unsigned index : order) {
    uint64_t size = buffers[index].size;
    // (size difference, whether the object must grow) of the best object.
    std::optional<std::tuple<uint64_t, bool>> bestKey;
    unsigned best = 0;
    for (unsigned object = 0, e = objects.getNumObjects(); object != e;
         ++object) {
      if (!objects.isFree(object, index))
        continue;
      uint64_t objectSize = objects.getSize(object);
      bool grows = objectSize < size;
      std::tuple<uint64_t, bool> key(
          grows ? size - objectSize : objectSize - size, grows);
      if (!bestKey || key < *bestKey) {
        bestKey = key;
        best = object;
      }
    }
    if (bestKey)
      objects.assign(index, best);
    else
      objects.create(index);
  }
  return objects.takePlan("greedy-in-order");
}

Expected<ObjectPlan> planGreedyByBreadth(ArrayRef<Buffer> buffers) {
  if (Error error = checkObjectProblem(buffers, "greedy-breadth"))
    return std::move(error);

  SmallVector<uint64_t> times = llvm::map_to_vector(
      buffers, [](const Buffer &buffer) { return buffer.start; });
  llvm::sort(times);
  times.erase(llvm::unique(times), times.end());
  // (breadth, time) of each operator.
  SmallVector<std::pair<uint64_t, uint64_t>> operators;
  operators.reserve(times.size());
  for (uint64_t time : times) {
    uint64_t breadth = 0;
    for (const Buffer &buffer : buffers)
      if (buffer.start <= time && time < buffer.end)
        breadth = SaturatingAdd(breadth, buffer.size);
    operators.emplace_back(breadth, time);
  }
  llvm::sort(operators, [](const auto &lhs, const auto &rhs) {
    if (lhs.first != rhs.first)
      return lhs.first > rhs.first;
    return lhs.second < rhs.second;
  });

  ReferenceObjectSet objects(buffers);
  SmallVector<unsigned> profile;
  for (uint64_t time : llvm::make_second_range(operators)) {
    profile.clear();
    for (auto [index, buffer] : llvm::enumerate(buffers))
      if (buffer.start <= time && time < buffer.end &&
          !objects.isAssigned(index))
        profile.push_back(index);
    detail::sortLargestFirst(buffers, profile);

    for (unsigned index : profile) {
      uint64_t size = buffers[index].size;
      // The smallest free object that fits, and the largest free one.
      std::optional<unsigned> smallestFit, largest;
      for (unsigned object = 0, e = objects.getNumObjects(); object != e;
           ++object) {
        if (!objects.isFree(object, index))
          continue;
        uint64_t objectSize = objects.getSize(object);
        if (objectSize >= size &&
            (!smallestFit || objectSize < objects.getSize(*smallestFit)))
          smallestFit = object;
        if (!largest || objectSize > objects.getSize(*largest))
          largest = object;
      }
      if (smallestFit)
        objects.assign(index, *smallestFit);
      else if (largest)
        objects.assign(index, *largest);
      else
        objects.create(index);
    }
  }
  return objects.takePlan("greedy-breadth");
}

Expected<ObjectPlan> planGreedyBySizeImproved(ArrayRef<Buffer> buffers) {
  if (Error error = checkObjectProblem(buffers, "greedy-size-improved"))
    return std::move(error);

  // Distinct positional maximums, largest first.
  SmallVector<uint64_t> maximums = computePositionalMaximums(buffers);
  maximums.erase(llvm::unique(maximums), maximums.end());
  // Stage 2i+1 holds the size maximums[i]; stage 2i the sizes strictly
  // between maximums[i] and maximums[i - 1] (below the last one for i = m).
  auto stageOf = [&](uint64_t size) -> size_t {
    size_t above = llvm::partition_point(
                       maximums, [&](uint64_t max) { return max > size; }) -
                   maximums.begin();
    bool equal = above != maximums.size() && maximums[above] == size;
    return 2 * above + (equal ? 1 : 0);
  };

  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  SmallVector<size_t> stage = llvm::map_to_vector(
      buffers, [&](const Buffer &buffer) { return stageOf(buffer.size); });
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    return std::make_tuple(stage[lhs], ~l.size, l.start, lhs) <
           std::make_tuple(stage[rhs], ~r.size, r.start, rhs);
  });

  ReferenceObjectSet objects(buffers);
  for (size_t first = 0, e = order.size(); first != e;) {
    size_t last = first;
    while (last != e && stage[order[last]] == stage[order[first]])
      ++last;
    ArrayRef<unsigned> members = ArrayRef(order).slice(first, last - first);

    for (size_t left = members.size(); left != 0; --left) {
      // The best (gap, growth, object size) so far, with its buffer and
      // object. Buffers are scanned in size order, so a later buffer wins
      // only with a strictly better key.
      std::optional<std::tuple<uint64_t, uint64_t, uint64_t>> bestKey;
      unsigned bestBuffer = 0, bestObject = 0;
      std::optional<unsigned> firstUnassigned;
      for (unsigned index : members) {
        if (objects.isAssigned(index))
          continue;
        if (!firstUnassigned)
          firstUnassigned = index;
        for (unsigned object = 0, numObjects = objects.getNumObjects();
             object != numObjects; ++object) {
          if (!objects.isFree(object, index))
            continue;
          uint64_t size = objects.getSize(object);
          uint64_t growth =
              buffers[index].size > size ? buffers[index].size - size : 0;
          std::tuple<uint64_t, uint64_t, uint64_t> key(
              objects.getGap(object, index), growth, size);
          if (!bestKey || key < *bestKey) {
            bestKey = key;
            bestBuffer = index;
            bestObject = object;
          }
        }
      }
      if (bestKey)
        objects.assign(bestBuffer, bestObject);
      else
        objects.create(*firstUnassigned);
    }
    first = last;
  }
  return objects.takePlan("greedy-size-improved");
}

Expected<ObjectPlan> planReference(StringRef name, ArrayRef<Buffer> buffers) {
  if (name == "greedy-size")
    return planGreedyBySize(buffers);
  if (name == "greedy-in-order")
    return planGreedyInOrder(buffers);
  if (name == "greedy-breadth")
    return planGreedyByBreadth(buffers);
  assert(name == "greedy-size-improved" && "no reference for this strategy");
  return planGreedyBySizeImproved(buffers);
}

} // namespace memplan::reference
