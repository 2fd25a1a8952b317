//===- ProblemGenerator.cpp - Synthetic problems shaped like networks -----===//

#include "memplan/Tooling/ProblemGenerator.h"

#include <random>

using namespace llvm;

namespace memplan {

namespace {
/// Draws from std::mt19937_64 with nothing implementation-defined:
/// std::uniform_int_distribution may differ between standard libraries.
class Draw {
public:
  explicit Draw(uint64_t seed) : engine(seed) {}
  /// Uniform in [low, high], up to a negligible modulo bias.
  uint64_t between(uint64_t low, uint64_t high) {
    return low + engine() % (high - low + 1);
  }
  /// True one time in `n`.
  bool oneIn(uint64_t n) { return engine() % n == 0; }

private:
  std::mt19937_64 engine;
};
} // namespace

SmallVector<Buffer> generateProblem(unsigned numBuffers, uint64_t seed) {
  Draw draw(seed);
  auto size = [&] {
    return (uint64_t(1) << draw.between(6, 21)) * draw.between(1, 3);
  };
  SmallVector<Buffer> buffers;
  buffers.reserve(numBuffers);
  for (uint64_t op = 0; buffers.size() < numBuffers; ++op) {
    uint64_t extra = draw.between(0, 2);
    if (draw.oneIn(256))
      extra = draw.between(255, 4095);
    else if (draw.oneIn(8))
      extra = draw.between(3, 63);
    buffers.push_back({size(), 1, op, op + 1 + extra});
    if (buffers.size() < numBuffers && draw.oneIn(4))
      buffers.push_back({size(), 1, op, op + 1});
  }
  return buffers;
}

} // namespace memplan
