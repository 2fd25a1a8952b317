//===- GreedyBySizeImproved.cpp - Stages by positional maximum ------------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", 4.4 (Greedy by Size Improved):
//
//  * Buffers are split into stages by the distinct positional maximums
//    p1 > p2 > ... > pm (see computePositionalMaximums): first the buffers of
//    size p1, then those strictly between p2 and p1, then those of size p2,
//    and so on; the last stage holds the buffers smaller than pm (zero-size
//    ones included).
//  * Within a stage, the sizes count as nearly equal, so the order comes from
//    time instead: among all pairs of an unassigned buffer of the stage and an
//    object free during its lifetime, the pair with the smallest gap between
//    the buffer and the closest buffer already in the object is assigned
//    next. Ties go to the buffer first in size order (larger, then earlier
//    start, then lower index), then to the object that grows least, then to
//    the smaller object, then to the lower object index.
//  * If no buffer of the stage has a free object, the first unassigned buffer
//    in size order gets a new object. An object may grow when a larger buffer
//    of its stage joins it.
//
// O(s^2 k log n) per stage of s buffers, k objects.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/Bounds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <numeric>
#include <optional>
#include <tuple>

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeImprovedObjectStrategy final : public ObjectStrategy {
public:
  StringRef getName() const override { return "greedy-size-improved"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;
};
} // namespace

Expected<ObjectPlan>
GreedyBySizeImprovedObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
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

  detail::ObjectSet objects(buffers);
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
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyBySizeImprovedObjectStrategy(const StrategyOptions &) {
  return std::make_unique<GreedyBySizeImprovedObjectStrategy>();
}

} // namespace memplan
