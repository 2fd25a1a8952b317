//===- ProblemGenerator.h - Problems shaped like networks -------*- C++ -*-===//
//
// Problems of any size for benchmarks and stress tests, shaped like the
// programs memplan plans: a long chain of ops, each producing a buffer read
// by the next few ops, some kept for a skip connection or for much longer,
// some scratch space, sizes over several orders of magnitude.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TOOLING_PROBLEMGENERATOR_H
#define MEMPLAN_TOOLING_PROBLEMGENERATOR_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace memplan {

/// The shapes of generated problems.
enum class ProblemShape {
  /// An inference chain: few buffers live at once.
  Chain,
  /// A training step or an NPU schedule: many short buffers and a heavy
  /// tail of long ones, so that thousands are live at once.
  LongLived,
};

/// The name of `shape` ("chain", "long-lived"), and back.
llvm::StringRef getProblemShapeName(ProblemShape shape);
std::optional<ProblemShape> parseProblemShape(llvm::StringRef name);

/// `numBuffers` buffers; the same seed gives the same problem on every
/// platform (only std::mt19937_64's raw output is used, which the C++
/// standard fixes). Alignment is 1.
///
/// Chain: op t runs at time t and produces one buffer, live on
/// [t, t + 1 + r):
///  * usually r is 0 to 2: the next ops read it;
///  * one in 8 is a skip or residual connection, r 3 to 63;
///  * one in 256 lives long (an encoder output, a cache), r 255 to 4095;
/// and one op in 4 also has a scratch buffer live on [t, t + 1). Sizes are
/// 2^k bytes times 1 to 3 for k uniform in 6..21 (64 B to 6 MiB).
///
/// LongLived: a training step of numBuffers / 4 ops; buffer i is made by
/// op i / 4 and lives r more ops:
///  * 10 in 20 are short, r 0 to 3;
///  * 4 in 20 are medium, r up to a hundredth of the program;
///  * 3 in 20 are long, r uniform up to a sixth of the program;
///  * 3 in 20 are activations: made in the first half at op t, they live
///    until op T - t of the backward half, so that they nest and are all
///    live in the middle; made in the second half, they are short.
/// Nothing lives past the last op.
/// Sizes are 2^k bytes times 1 to 3 for k uniform in 2..27 (4 B to
/// 384 MiB).
llvm::SmallVector<Buffer>
generateProblem(unsigned numBuffers, uint64_t seed,
                ProblemShape shape = ProblemShape::Chain);

} // namespace memplan

#endif // MEMPLAN_TOOLING_PROBLEMGENERATOR_H
