//===- ProblemGenerator.cpp - Synthetic problems shaped like networks -----===//

#include "memplan/Tooling/ProblemGenerator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
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

StringRef getProblemShapeName(ProblemShape shape) {
  switch (shape) {
  case ProblemShape::Chain:
    return "chain";
  case ProblemShape::LongLived:
    return "long-lived";
  }
  llvm_unreachable("unknown problem shape");
}

std::optional<ProblemShape> parseProblemShape(StringRef name) {
  return llvm::StringSwitch<std::optional<ProblemShape>>(name)
      .Case("chain", ProblemShape::Chain)
      .Case("long-lived", ProblemShape::LongLived)
      .Default(std::nullopt);
}

namespace {
SmallVector<Buffer> generateLongLived(unsigned numBuffers, Draw &draw) {
  uint64_t numOps = std::max<uint64_t>(numBuffers / 4, 1);
  uint64_t medium = std::max<uint64_t>(numOps / 100, 4);
  uint64_t longest = std::max<uint64_t>(numOps / 6, medium);
  SmallVector<Buffer> buffers;
  buffers.reserve(numBuffers);
  for (uint64_t index = 0; index < numBuffers; ++index) {
    uint64_t op = index / 4;
    uint64_t kind = draw.between(0, 19);
    uint64_t extra = kind < 10   ? draw.between(0, 3)
                     : kind < 14 ? draw.between(4, medium)
                     : kind < 17 ? draw.between(0, longest)
                     // An activation of the forward half, kept until the
                     // backward half reaches its op again.
                     : 2 * op < numOps ? numOps - 2 * op
                                       : draw.between(0, 3);
    uint64_t size = (uint64_t(1) << draw.between(2, 27)) * draw.between(1, 3);
    // Nothing outlives the program.
    uint64_t end = std::max(op + 1, std::min(op + 1 + extra, numOps));
    buffers.push_back({size, 1, op, end});
  }
  return buffers;
}
} // namespace

SmallVector<Buffer> generateProblem(unsigned numBuffers, uint64_t seed,
                                    ProblemShape shape) {
  Draw draw(seed);
  if (shape == ProblemShape::LongLived)
    return generateLongLived(numBuffers, draw);
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
