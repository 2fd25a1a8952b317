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

#include <cstdint>

namespace memplan {

/// `numBuffers` buffers; the same seed gives the same problem on every
/// platform (only std::mt19937_64's raw output is used, which the C++
/// standard fixes). Op t runs at time t and produces one buffer, live on
/// [t, t + 1 + r):
///  * usually r is 0 to 2: the next ops read it;
///  * one in 8 is a skip or residual connection, r 3 to 63;
///  * one in 256 lives long (an encoder output, a cache), r 255 to 4095;
/// and one op in 4 also has a scratch buffer live on [t, t + 1). Sizes are
/// 2^k bytes times 1 to 3 for k uniform in 6..21 (64 B to 6 MiB),
/// alignment 1.
llvm::SmallVector<Buffer> generateProblem(unsigned numBuffers, uint64_t seed);

} // namespace memplan

#endif // MEMPLAN_TOOLING_PROBLEMGENERATOR_H
