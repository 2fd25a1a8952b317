//===- TvmUsmpGreedy.cpp - TVM USMP's greedy pool planners ----------------===//

#include "TvmUsmpGreedy.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace memplan::benchmarks {

std::vector<uint64_t> planByTvmUsmpGreedy(llvm::ArrayRef<Buffer> buffers,
                                          TvmUsmpOrder order) {
  // USMP's conflict graph: each buffer's list of those live with it, of no
  // bytes or not.
  std::vector<std::vector<unsigned>> conflicts(buffers.size());
  for (unsigned lhs = 0; lhs < buffers.size(); ++lhs)
    for (unsigned rhs = lhs + 1; rhs < buffers.size(); ++rhs)
      if (buffers[lhs].overlapsInTime(buffers[rhs])) {
        conflicts[lhs].push_back(rhs);
        conflicts[rhs].push_back(lhs);
      }

  std::vector<unsigned> sorted(buffers.size());
  std::iota(sorted.begin(), sorted.end(), 0u);
  std::sort(sorted.begin(), sorted.end(), [&](unsigned lhs, unsigned rhs) {
    auto key = [&](unsigned index) {
      uint64_t size = buffers[index].size,
               overlapping = conflicts[index].size();
      return order == TvmUsmpOrder::BySize
                 ? std::make_tuple(size, overlapping, index)
                 : std::make_tuple(overlapping, size, index);
    };
    // Larger keys first.
    return key(rhs) < key(lhs);
  });

  std::vector<uint64_t> offsets(buffers.size(), 0);
  std::vector<bool> placed(buffers.size(), false);
  for (unsigned index : sorted) {
    uint64_t offset = 0;
    for (unsigned other : conflicts[index])
      if (placed[other])
        offset =
            std::max(offset, llvm::alignTo(offsets[other] + buffers[other].size,
                                           buffers[other].alignment));
    offsets[index] = offset;
    placed[index] = true;
  }
  return offsets;
}

} // namespace memplan::benchmarks
