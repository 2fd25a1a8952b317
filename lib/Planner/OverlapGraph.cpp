//===- OverlapGraph.cpp - Which buffers overlap which in time -------------===//

#include "OverlapGraph.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <cstdint>
#include <numeric>

using namespace llvm;

namespace memplan::detail {

OverlapGraph::OverlapGraph(ArrayRef<Buffer> buffers) {
  bool built = sweep(buffers, SIZE_MAX, [] { return false; });
  assert(built && "an unbounded sweep always finishes");
  (void)built;
}

std::optional<OverlapGraph> OverlapGraph::build(ArrayRef<Buffer> buffers,
                                                size_t maxPairs,
                                                function_ref<bool()> stop) {
  OverlapGraph graph;
  if (!graph.sweep(buffers, maxPairs, stop))
    return std::nullopt;
  return graph;
}

bool OverlapGraph::sweep(ArrayRef<Buffer> buffers, size_t maxPairs,
                         function_ref<bool()> stop) {
  SmallVector<unsigned> byStart;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0)
      byStart.push_back(index);
  llvm::stable_sort(byStart, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  // Sweep the starts, keeping the buffers seen so far that are still live.
  // A buffer j seen before i has start_j <= start_i, so they overlap when j
  // is live at start_i (start_i < end_j) and start_j < end_i; the latter
  // only fails when i starts with j and is empty. Where either has gaps,
  // hulls that overlap need not mean lives that do.
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  SmallVector<unsigned> live;
  for (auto [position, i] : llvm::enumerate(byStart)) {
    if ((position % 512 == 0 && stop()) || pairs.size() > maxPairs)
      return false;
    const Buffer &buffer = buffers[i];
    llvm::erase_if(live,
                   [&](unsigned j) { return buffers[j].end <= buffer.start; });
    for (unsigned j : live)
      if (buffers[j].start < buffer.end &&
          ((!buffer.hasGaps() && !buffers[j].hasGaps()) ||
           buffer.overlapsInTime(buffers[j])))
        pairs.push_back({i, j});
    if (buffer.start < buffer.end)
      live.push_back(i);
  }
  if (pairs.size() > maxPairs)
    return false;

  // Lay the pairs out by buffer, both ways; tens of millions of pairs take
  // a while, so `stop` is asked every million.
  auto stopAt = [&](size_t pair) { return pair % (1u << 20) == 0 && stop(); };
  begin.assign(buffers.size() + 1, 0);
  for (auto [pair, ij] : llvm::enumerate(pairs)) {
    if (stopAt(pair))
      return false;
    ++begin[ij.first + 1];
    ++begin[ij.second + 1];
  }
  std::partial_sum(begin.begin(), begin.end(), begin.begin());
  adjacent.resize(begin.back());
  SmallVector<size_t> fill(begin.begin(), begin.end() - 1);
  for (auto [pair, ij] : llvm::enumerate(pairs)) {
    if (stopAt(pair))
      return false;
    auto [i, j] = ij;
    adjacent[fill[i]++] = j;
    adjacent[fill[j]++] = i;
  }
  for (unsigned index = 0, e = buffers.size(); index != e; ++index) {
    if (index % 512 == 0 && stop())
      return false;
    llvm::sort(adjacent.begin() + begin[index],
               adjacent.begin() + begin[index + 1]);
  }
  return true;
}

} // namespace memplan::detail
