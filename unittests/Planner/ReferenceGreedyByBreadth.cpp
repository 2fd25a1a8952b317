//===- ReferenceGreedyByBreadth.cpp - greedy-breadth, as first written ----===//

#include "ReferenceGreedyByBreadth.h"

#include "BufferOrder.h"
#include "Strategies/GapPlacement.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace memplan {

namespace {
struct Operator {
  uint64_t time;
  uint64_t breadth;
};
} // namespace

static bool isLiveAt(const Buffer &buffer, uint64_t time) {
  return buffer.start <= time && time < buffer.end;
}

std::optional<Plan> planGreedyByBreadthReference(ArrayRef<Buffer> buffers) {
  SmallVector<unsigned> bySize = detail::getLargestFirstOrder(buffers);

  // Every distinct start is an operator; its breadth sums its profile.
  SmallVector<Operator> operators;
  for (const Buffer &buffer : buffers)
    operators.push_back({buffer.start, 0});
  llvm::sort(operators, [](const Operator &lhs, const Operator &rhs) {
    return lhs.time < rhs.time;
  });
  operators.erase(llvm::unique(operators,
                               [](const Operator &lhs, const Operator &rhs) {
                                 return lhs.time == rhs.time;
                               }),
                  operators.end());
  for (Operator &op : operators)
    for (const Buffer &buffer : buffers)
      if (isLiveAt(buffer, op.time))
        op.breadth = SaturatingAdd(op.breadth, buffer.size);
  llvm::sort(operators, [](const Operator &lhs, const Operator &rhs) {
    if (lhs.breadth != rhs.breadth)
      return lhs.breadth > rhs.breadth;
    return lhs.time < rhs.time;
  });

  Plan plan;
  detail::GapPlacer placer(buffers, plan, detail::OverlapSearch::Scan);
  SmallVector<bool> isPlaced(buffers.size(), false);
  auto place = [&](unsigned index) {
    isPlaced[index] = true;
    return placer.place(index);
  };
  for (const Operator &op : operators)
    for (unsigned index : bySize)
      if (!isPlaced[index] && isLiveAt(buffers[index], op.time) &&
          !place(index))
        return std::nullopt;
  for (unsigned index : bySize)
    if (!isPlaced[index] && !place(index))
      return std::nullopt;
  return plan;
}

} // namespace memplan
