//===- Problem.h - Buffers to place and plans that place them ---*- C++ -*-===//
//
// The planner core works on plain records, free of MLIR, so that it can be
// unit-tested and reused by command-line tools.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PROBLEM_H
#define MEMPLAN_PLANNER_PROBLEM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

/// One buffer to place: `size` bytes, whose offset must be a multiple of
/// `alignment` (a power of two), live on the half-open interval [start, end).
struct Buffer {
  uint64_t size = 0;
  uint64_t alignment = 1;
  uint64_t start = 0;
  uint64_t end = 0;

  /// Whether the lifetimes of two buffers overlap. A buffer that ends at `t`
  /// does not overlap one that starts at `t`.
  bool overlapsInTime(const Buffer &other) const {
    return start < other.end && other.start < end;
  }
};

/// What a strategy knows about the plan it made, for tools: unlike
/// `details`, which is for people, these fields are meant to be read.
struct PlanOutcome {
  /// The strategy that made the plan: the one asked for, or the one that won
  /// under `best`. Empty when the plan was not made by a strategy.
  std::string strategy;
  /// The plan is proven to be the smallest of its kind.
  bool provenOptimal = false;
  /// A lower bound on every plan of the problem that the strategy proved
  /// (at least the live bound when it proved anything; 0 when it did not).
  uint64_t provenBound = 0;
  /// The live bound of the problem (computeLowerBound on its buffers) when
  /// an offset strategy computed it on the way, so that callers need not
  /// sweep the buffers again.
  std::optional<uint64_t> liveBound;
  /// A wall clock cut a search short, so the plan may depend on the speed of
  /// the machine.
  bool stoppedByClock = false;
  /// How many buffers a quick strategy stacked above the others without
  /// reuse because the deadline came before it had placed them (0: it
  /// placed every buffer by its rule).
  size_t stackedByClock = 0;
};

/// A plan gives buffer `i` the byte offset `offsets[i]` in one slab of
/// `slabSize` bytes.
struct Plan {
  llvm::SmallVector<uint64_t> offsets;
  uint64_t slabSize = 0;
  PlanOutcome outcome;
  /// What the strategy tried or chose, for people (for example which
  /// strategy won under `best`); empty when there is nothing to say. Nothing
  /// parses it: what tools need is in `outcome`.
  std::string details;
};

} // namespace memplan

#endif // MEMPLAN_PLANNER_PROBLEM_H
