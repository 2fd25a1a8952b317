//===- ExactSolver.h - Smallest slabs, with proof ---------------*- C++ -*-===//
//
// The `exact` strategy's engine: a branch-and-bound search over canonical
// placements that minimises the slab, or decides whether the buffers fit in
// a given capacity. It is anytime: it starts from a heuristic plan, improves
// it, raises a proven lower bound, and at its limit returns the best plan it
// has with what it proved. docs/exact.md describes the search.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_EXACTSOLVER_H
#define MEMPLAN_PLANNER_EXACTSOLVER_H

#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace memplan {

struct ExactOptions {
  /// The budget in seconds; 0 means none (run until proven). The search
  /// counts its work in deterministic steps and converts the limit into
  /// steps at a fixed rate, so the same input and limit give the same plan
  /// on any machine; a wall-clock stop at twice the limit keeps a much slower
  /// machine from running long, and only such a stop can make a run differ
  /// (the stop is at twice the limit plus a second).
  double timeLimitSeconds = 2.0;
  /// A wall-clock stop that comes before the one the limit sets, as a
  /// planning pass's time limit for all of its problems (Deadline.h).
  Deadline deadline;
  /// When set, decide whether the buffers fit in this many bytes instead of
  /// minimising the slab.
  std::optional<uint64_t> capacity;
  /// A valid plan to start from. When absent the solver starts from the
  /// valid plans of `startingStrategies`.
  std::optional<Plan> initialPlan;
  /// The heuristics whose plans start the search when there is no initial
  /// plan, usually createExactStartingStrategies()'s. Not owned: they must
  /// outlive the call.
  llvm::SmallVector<const OffsetStrategy *> startingStrategies;
};

/// The cheap heuristics the `exact` strategy starts from, each best on some
/// problems: greedy-size, greedy-breadth, strip-best-fit, start-best-fit and
/// gergov (made by the registry, lib/Planner/StrategyRegistry.cpp).
std::vector<std::unique_ptr<OffsetStrategy>> createExactStartingStrategies();

/// The strategies of `owned`, for ExactOptions::startingStrategies.
llvm::SmallVector<const OffsetStrategy *>
getStrategyPointers(llvm::ArrayRef<std::unique_ptr<OffsetStrategy>> owned);

/// The answer to "do the buffers fit in the capacity?".
enum class CapacityAnswer { Fits, DoesNotFit, Unknown };

struct ExactResult {
  /// The best plan found. Always set when minimising; with a capacity, set
  /// exactly when the answer is Fits, and then within the capacity.
  std::optional<Plan> plan;
  /// No plan of these buffers has a smaller slab: the largest live size, or
  /// more when the search refuted smaller capacities.
  uint64_t lowerBound = 0;
  /// Only with a capacity.
  CapacityAnswer answer = CapacityAnswer::Unknown;
  /// Search nodes visited, and whether the deterministic step budget or the
  /// wall-clock stop ended the run (neither when it finished).
  uint64_t nodes = 0;
  /// Buffers of independent parts too large to search (over 10000 buffers
  /// or 4 million overlapping pairs): those keep their starting plan.
  uint64_t unsearchedBuffers = 0;
  bool stoppedBySteps = false;
  bool stoppedByClock = false;

  /// Whether the plan is proven to have the smallest possible slab.
  bool isOptimal() const { return plan && plan->slabSize == lowerBound; }
};

/// Minimises the slab of `buffers`, or answers `options.capacity`. Every
/// plan it returns has passed validatePlan. Fails on what validatePlan would
/// reject (an alignment that is not a power of two, an empty lifetime), on
/// an invalid initial plan, on neither an initial plan nor starting
/// strategies, and on sizes that overflow 64 bits.
llvm::Expected<ExactResult> solveExact(llvm::ArrayRef<Buffer> buffers,
                                       const ExactOptions &options);

/// solveExact when minimising, as a plan whose details are
/// describeExactResult's account and whose outcome says what was proven and
/// whether the clock stopped the search (not which strategy made it).
llvm::Expected<Plan> planExactly(llvm::ArrayRef<Buffer> buffers,
                                 const ExactOptions &options);

/// A one-line account of `result` for people, e.g. "optimal (proven), 1234
/// nodes" or "lower bound 986112 (gap 45056 bytes, 4.57%), 98765 nodes,
/// stopped by the step budget".
std::string describeExactResult(const ExactResult &result);

} // namespace memplan

#endif // MEMPLAN_PLANNER_EXACTSOLVER_H
