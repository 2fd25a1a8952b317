//===- Planner.h - Every strategy of every kind, by name --------*- C++ -*-===//
//
// The one way in for tools and passes: a strategy is found by its kind of
// plan and its name, plans into a SlabPlan, and is checked by
// validateSlabPlan. Bounds and the capacity question are asked the same way
// for both kinds.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PLANNER_H
#define MEMPLAN_PLANNER_PLANNER_H

#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace memplan {

/// A plan made in two steps (Planner::startPlan): the quick strategies'
/// plan, and the searches still to run on it.
class StagedPlan {
public:
  virtual ~StagedPlan();

  /// Whether the second step may still shrink the plan: false when it meets
  /// a proven bound or nothing is left to search.
  virtual bool wantsSearch() const = 0;

  /// Runs the searches within `searchSeconds` (0: as if unlimited) and the
  /// planner's deadline, and gives the plan. Called once.
  virtual llvm::Expected<SlabPlan> finish(double searchSeconds) = 0;
};

/// A strategy of either kind.
class Planner {
public:
  virtual ~Planner();

  virtual PlanKind getKind() const = 0;

  /// The name used on command lines and in reports, e.g. "greedy-size".
  virtual llvm::StringRef getName() const = 0;

  /// Plans `buffers`. The plan is the strategy's own: callers check it with
  /// validateSlabPlan before trusting it. Its outcome names the strategy that
  /// made it (the winner under `best`).
  virtual llvm::Expected<SlabPlan>
  plan(llvm::ArrayRef<Buffer> buffers) const = 0;

  /// plan() in two steps, for a caller that plans many problems under one
  /// time limit: the first step of every problem, then the search time
  /// shared among those whose plans may still shrink. `buffers` must outlive
  /// the result. Concurrent calls on one planner are safe.
  virtual llvm::Expected<std::unique_ptr<StagedPlan>>
  startPlan(llvm::ArrayRef<Buffer> buffers) const = 0;
};

/// The strategies of `kind`, in the order they are documented
/// (Strategies.def).
llvm::ArrayRef<llvm::StringRef> getStrategyNames(PlanKind kind);

/// The one-line description for people of the strategy of `kind` called
/// `name` (Strategies.def), or "" if there is none.
llvm::StringRef getStrategyDescription(PlanKind kind, llvm::StringRef name);

/// The strategy of `kind` called `name`, or null if there is none.
std::unique_ptr<Planner>
createPlanner(PlanKind kind, llvm::StringRef name,
              const StrategyOptions &options = StrategyOptions());

/// No plan of `kind` is smaller: the largest live sum for offsets, the sum
/// of positional maximums for objects (Bounds.h).
llvm::Expected<uint64_t> computeLowerBound(PlanKind kind,
                                           llvm::ArrayRef<Buffer> buffers);

/// What the buffers take without reuse: back to back at their alignments for
/// offsets, the sum of their sizes (one object each) for objects.
llvm::Expected<uint64_t> computeNaiveSize(PlanKind kind,
                                          llvm::ArrayRef<Buffer> buffers);

/// The answer to "do the buffers fit in so many bytes?".
struct CapacityFit {
  CapacityAnswer answer = CapacityAnswer::Unknown;
  /// Set exactly when the answer is Fits; within the capacity and valid.
  std::optional<SlabPlan> plan;
  /// A proven lower bound of every plan of the kind (0 when none was proven
  /// beyond what the caller knows).
  uint64_t lowerBound = 0;
  /// Whether `exact` searched, and its account for people.
  bool searched = false;
  std::string account;
};

/// Decides whether the buffers fit in `capacity` bytes. A `start` plan that
/// fits is the answer. Otherwise offsets plans are searched for by `exact`
/// within `timeLimitSeconds`, from `start` when given; shared-objects plans
/// have no search, so an object plan over the capacity is answered Unknown.
/// The search stops at `deadline` at the latest.
/// Fails on a `start` plan the validator rejects, and on input `exact`
/// rejects.
llvm::Expected<CapacityFit>
fitCapacity(llvm::ArrayRef<Buffer> buffers, PlanKind kind,
            std::optional<SlabPlan> start, uint64_t capacity,
            double timeLimitSeconds, Deadline deadline = Deadline());

} // namespace memplan

#endif // MEMPLAN_PLANNER_PLANNER_H
