//===- Strategy.h - The interface of every offset strategy ------*- C++ -*-===//
//
// Each strategy lives in a file of its own under lib/Planner/Strategies and
// is listed once in include/memplan/Planner/Strategies.def.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_STRATEGY_H
#define MEMPLAN_PLANNER_STRATEGY_H

#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/Problem.h"

#include "llvm/ADT/BitmaskEnum.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>

namespace memplan {

LLVM_ENABLE_BITMASK_ENUMS_IN_NAMESPACE();

/// Settings shared by all strategies; each uses what applies to it.
struct StrategyOptions {
  /// Wall-clock budget in seconds for strategies that search (0: none).
  double timeLimitSeconds = 2.0;
  /// Where every search stops, whatever is left of its own budget: the end
  /// of the time limit of a whole planning pass.
  Deadline deadline;
  /// `best` starts no search once its plan is proven within this fraction
  /// of the optimum: at most the lower bound times (1 + gapTolerance), as a
  /// MIP solver's relative gap. 0: it searches until the plan meets the
  /// bound or the time is spent.
  double gapTolerance = 0;
  /// Runs `body(i)` for every i below `count`, perhaps concurrently, and
  /// returns when all have run; as mlir::parallelFor does for a pass. When
  /// empty, strategies made of others run their parts one after the other.
  /// The plans do not depend on it.
  std::function<void(size_t count, llvm::function_ref<void(size_t)> body)>
      parallelFor;
  /// parallelFor is used only on problems of at least this many buffers:
  /// on smaller ones a quick strategy takes less time than handing it to a
  /// thread (and the first use starts the threads).
  size_t parallelFromBuffers = 1024;
  /// Under a deadline, offset `best` runs the quick strategies whose cost
  /// ignores overlap first (StrategyTraits::CostIgnoresOverlap) on problems
  /// whose buffers times the mean number live at once reach this: about where
  /// greedy-size takes seconds (300k generated long-lived buffers, 4.5e9,
  /// take 3 s), so that a deadline that stops it does not leave a tail of
  /// buffers stacked.
  double cheapFirstFromOverlap = 1e9;
  /// The same on problems of at least this many buffers, however few are
  /// live at once: greedy-size's cost grows with n log n too (a chain of
  /// 250k buffers takes it 0.25-0.55 s, start-best-fit 0.04-0.08 s; one of a
  /// million, 1.4-2.1 s and 0.2-0.4 s), and where a deadline stopped it on
  /// a million, the tail it stacked made the plan hundreds of times the
  /// lower bound. The object `best` then computes its lower bound only after
  /// naive's and greedy-size's plans, and not past the deadline.
  size_t cheapFirstFromBuffers = 250000;
  /// Seed of strategies that make random choices; the same seed gives the
  /// same plan.
  uint64_t seed = 1;
};

/// A plan made in two steps (OffsetStrategy::startPlan): what the quick
/// strategies found, and the searches still to run on it.
class StagedOffsetPlan {
public:
  virtual ~StagedOffsetPlan();

  /// Whether the second step may still shrink the plan: false when the plan
  /// meets a proven bound or nothing is left to search.
  virtual bool wantsSearch() const = 0;

  /// Runs the searches within `searchSeconds` (0: as if unlimited) and the
  /// strategy's deadline, and gives the plan. Called once.
  virtual llvm::Expected<Plan> finish(double searchSeconds) = 0;
};

/// What a strategy declares of itself in its row of Strategies.def. The
/// strategies made of others pick their parts and order their runs by it,
/// never by a name.
enum class StrategyTraits : unsigned {
  None = 0,
  /// It searches for as long as its time limit allows. `best` runs it only
  /// where a gap to the lower bound remains, and a caller of many problems
  /// (OffsetStrategy::startPlan) gives it a share of the search time.
  Searches = 1u << 0,
  /// It does not search, but may take far longer than a greedy strategy on
  /// some problems (min-cost flow's network): `best` runs it with those
  /// that search. Quick, in the sense of `best`'s first step, is neither.
  Slow = 1u << 1,
  /// Its cost is known to grow with the number of buffers alone, about
  /// n log n, however many of them are live at once (where greedy-size's
  /// grows with the buffers each one overlaps). Under a deadline, on
  /// problems of much overlap (StrategyOptions::cheapFirstFromOverlap),
  /// `best` runs these quick strategies before the others, so that a plan
  /// of their quality is at hand if the deadline stops the slower ones.
  CostIgnoresOverlap = 1u << 2,
  /// hill-climb starts from its plan. The first such row must be
  /// greedy-size, whose order it searches.
  StartsHillClimb = 1u << 3,
  /// exact starts from the smallest of the plans of these when it is given
  /// none.
  StartsExact = 1u << 4,
  /// `best` runs it last, from the smallest plan of the others
  /// (PlanRequest::start).
  FinishesBest = 1u << 5,
  /// It is made of every other strategy of its kind (`best`).
  RunsAllOthers = 1u << 6,
  /// Its rule takes each lifetime as its hull. The registry lets its plans
  /// down into the gaps of gapped lifetimes (GapLowering.h), or empties its
  /// objects into them (EmptyingObjects.cpp), so that no strategy writes it.
  PlansHulls = 1u << 7,
  LLVM_MARK_AS_BITMASK_ENUM(/*LargestValue=*/PlansHulls)
};

/// Whether `traits` holds every trait of `wanted`.
inline bool hasTraits(StrategyTraits traits, StrategyTraits wanted) {
  return (traits & wanted) == wanted;
}

/// Whether a strategy of `traits` runs in `best`'s first step: it neither
/// searches nor is slow.
inline bool isQuick(StrategyTraits traits) {
  return (traits & (StrategyTraits::Searches | StrategyTraits::Slow)) ==
         StrategyTraits::None;
}

/// What a caller may give an offset strategy beyond the buffers. A default
/// request asks for plan(buffers).
struct PlanRequest {
  /// The plans other strategies made of the same buffers, by strategy name
  /// (null where there is none).
  using KnownPlans = llvm::function_ref<const Plan *(llvm::StringRef name)>;

  /// The wall-clock limit in seconds of a strategy that searches (0: none)
  /// instead of the one it was created with, as `best` gives each strategy
  /// it runs the time left. Strategies that do not search ignore it.
  std::optional<double> timeLimitSeconds;
  /// Plans a strategy made of others may take instead of running those
  /// others again, as `best` hands hill-climb the greedy plans it made
  /// already. The plan is the same (strategies are deterministic).
  KnownPlans known;
  /// A valid plan of the buffers to start from, as `best` gives exact the
  /// smallest plan of the others; strategies that do not improve a plan
  /// ignore it.
  const Plan *start = nullptr;
};

/// Places buffers at offsets in one slab.
class OffsetStrategy {
public:
  virtual ~OffsetStrategy();

  /// The name used on command lines and in reports, e.g. "greedy-size". It
  /// is the key of the strategy's row in Strategies.def.
  virtual llvm::StringRef getName() const = 0;

  /// Computes a plan as `request` asks. Every offset honours its buffer's
  /// alignment and `slabSize` is the end of the highest buffer. Fails only
  /// if a size or an offset overflows 64 bits. The result is deterministic:
  /// the same buffers in the same order and the same request always give
  /// the same plan (but for searches stopped by the clock, which say so).
  virtual llvm::Expected<Plan> plan(llvm::ArrayRef<Buffer> buffers,
                                    const PlanRequest &request) const = 0;

  /// plan() with the default request.
  llvm::Expected<Plan> plan(llvm::ArrayRef<Buffer> buffers) const {
    return plan(buffers, PlanRequest());
  }

  /// What the strategy declares in Strategies.def (None for a strategy that
  /// has no row there).
  StrategyTraits getTraits() const;

  /// plan() in two steps, for a caller that plans many problems under one
  /// time limit: it runs the first step of every problem, then shares the
  /// search time among those whose plans may still shrink. `buffers` must
  /// outlive the result. finish(s) gives the plan of a request for s
  /// seconds. By default a strategy that searches does all its work in the
  /// second step, and one that does not in the first.
  virtual llvm::Expected<std::unique_ptr<StagedOffsetPlan>>
  startPlan(llvm::ArrayRef<Buffer> buffers) const;
};

/// The names of all strategies, in the order they are documented.
llvm::ArrayRef<llvm::StringRef> getOffsetStrategyNames();

/// What the strategy called `name` declares in Strategies.def (None if there
/// is none).
StrategyTraits getOffsetStrategyTraits(llvm::StringRef name);

/// Creates the strategy called `name`, or returns null if there is none.
std::unique_ptr<OffsetStrategy>
createOffsetStrategy(llvm::StringRef name,
                     const StrategyOptions &options = StrategyOptions());

} // namespace memplan

#endif // MEMPLAN_PLANNER_STRATEGY_H
