//===- TimeOverlapTree.cpp - Inserted buffers found by time ---------------===//

#include "TimeOverlapTree.h"

#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"

#include <tuple>

using namespace llvm;

namespace memplan::detail {

TimeOverlapTree::TimeOverlapTree(ArrayRef<Buffer> buffers) {
  TimeSections sections(buffers);
  numSections = sections.size();
  firstSection.assign(buffers.size(), 0);
  endSection.assign(buffers.size(), 0);
  size_t nodes = std::max<size_t>(4 * numSections, 2);
  nodeBegin.assign(nodes + 1, 0);
  nodeFill.assign(nodes, 0);
  subtreeCount.assign(nodes, 0);
  seenInQuery.assign(buffers.size(), 0);
  // Count each node's slots, then lay them out one after the other.
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (!occupiesMemory(buffer))
      continue;
    std::tie(firstSection[index], endSection[index]) =
        sections.sectionsOf(buffer);
    forEachCoveringNode(
        firstSection[index], endSection[index],
        [&](unsigned node) { ++nodeBegin[node + 1]; }, [](unsigned) {});
  }
  for (size_t node = 0; node != nodes; ++node)
    nodeBegin[node + 1] += nodeBegin[node];
  nodeBuffers.assign(nodeBegin[nodes], 0);
}

template <typename Visit, typename Pass>
void TimeOverlapTree::forEachCoveringNode(unsigned first, unsigned end,
                                          Visit visit, Pass pass) {
  // Iterative descent over (node, its sections [low, high)).
  SmallVector<std::tuple<unsigned, unsigned, unsigned>, 64> stack = {
      {1, 0, numSections}};
  while (!stack.empty()) {
    auto [node, low, high] = stack.pop_back_val();
    if (high <= first || end <= low)
      continue;
    pass(node);
    if (first <= low && high <= end) {
      visit(node);
      continue;
    }
    unsigned middle = low + (high - low) / 2;
    stack.push_back({2 * node, low, middle});
    stack.push_back({2 * node + 1, middle, high});
  }
}

void TimeOverlapTree::insert(unsigned index) {
  forEachCoveringNode(
      firstSection[index], endSection[index],
      [&](unsigned node) {
        nodeBuffers[nodeBegin[node] + nodeFill[node]++] = index;
      },
      [&](unsigned node) { ++subtreeCount[node]; });
}

void TimeOverlapTree::findOverlapping(unsigned index,
                                      SmallVectorImpl<unsigned> &found) {
  unsigned first = firstSection[index], end = endSection[index];
  ++query;
  SmallVector<std::tuple<unsigned, unsigned, unsigned>, 64> stack = {
      {1, 0, numSections}};
  while (!stack.empty()) {
    auto [node, low, high] = stack.pop_back_val();
    if (subtreeCount[node] == 0 || high <= first || end <= low)
      continue;
    // Each buffer held here covers all of [low, high), which meets
    // [first, end).
    for (unsigned slot = nodeBegin[node], e = slot + nodeFill[node]; slot != e;
         ++slot) {
      unsigned other = nodeBuffers[slot];
      if (seenInQuery[other] != query) {
        seenInQuery[other] = query;
        found.push_back(other);
      }
    }
    if (high - low > 1) {
      unsigned middle = low + (high - low) / 2;
      stack.push_back({2 * node, low, middle});
      stack.push_back({2 * node + 1, middle, high});
    }
  }
}

} // namespace memplan::detail
