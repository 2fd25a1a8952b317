//===- BaselinePlan.cpp - What the baselines' offsets come to -------------===//

#include "BaselinePlan.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace memplan::benchmarks {

uint64_t getSlabSize(llvm::ArrayRef<Buffer> buffers,
                     llvm::ArrayRef<uint64_t> offsets) {
  uint64_t slab = 0;
  for (auto [buffer, offset] : llvm::zip_equal(buffers, offsets))
    slab = std::max(slab, offset + buffer.size);
  return slab;
}

} // namespace memplan::benchmarks
