//===- OverlapGraph.cpp - Which buffers overlap which in time -------------===//

#include "OverlapGraph.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan::detail {

OverlapGraph::OverlapGraph(ArrayRef<Buffer> buffers) {
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
  // only fails when i starts with j and is empty.
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  SmallVector<unsigned> live;
  for (unsigned i : byStart) {
    const Buffer &buffer = buffers[i];
    llvm::erase_if(live,
                   [&](unsigned j) { return buffers[j].end <= buffer.start; });
    for (unsigned j : live)
      if (buffers[j].start < buffer.end)
        pairs.push_back({i, j});
    if (buffer.start < buffer.end)
      live.push_back(i);
  }

  // Lay the pairs out by buffer, both ways.
  begin.assign(buffers.size() + 1, 0);
  for (auto [i, j] : pairs) {
    ++begin[i + 1];
    ++begin[j + 1];
  }
  std::partial_sum(begin.begin(), begin.end(), begin.begin());
  adjacent.resize(begin.back());
  SmallVector<size_t> fill(begin.begin(), begin.end() - 1);
  for (auto [i, j] : pairs) {
    adjacent[fill[i]++] = j;
    adjacent[fill[j]++] = i;
  }
  for (unsigned index = 0, e = buffers.size(); index != e; ++index)
    llvm::sort(adjacent.begin() + begin[index],
               adjacent.begin() + begin[index + 1]);
}

} // namespace memplan::detail
