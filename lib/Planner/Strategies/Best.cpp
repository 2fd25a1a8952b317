//===- Best.cpp - The smallest plan of all the other strategies -----------===//
//
// Runs the strategies it is given on the problem, checks each plan with the
// validator and keeps the smallest valid slab. A strategy that fails or
// whose plan is invalid is skipped and named in the details. Ties go to the
// strategy given first. The registry (StrategyRegistry.cpp) gives every
// other strategy of Strategies.def in table order, where the searching ones
// come last, hill-climb and then exact.
//
// StrategyOptions::timeLimitSeconds bounds the whole run: every strategy runs
// (the cheap ones finish regardless), each told to use at most the time left
// when it starts. The finisher, exact, runs last: it starts from the
// smallest plan so far with half the limit, and the details say whether it
// proved the winner optimal. With a limit of 0 nobody is limited but exact,
// which gets half its default limit. Since hill-climb may stop by time, so
// may the choice of winner.
//
// A plan whose slab meets the lower bound (computeLowerBound) cannot be
// beaten, and ties go to the strategy given first: the strategies after it
// do not run, and the details say so. The plan is the one running them all
// would give.
//
// The cost is the sum of the costs of the strategies that run.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace memplan {

namespace {
/// What a strategy told us to use when it ran out of time already: a
/// strategy limited to 0 seconds would be unlimited.
constexpr double kLeastSeconds = 1e-3;

class BestStrategy final : public OffsetStrategy {
public:
  BestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
               std::unique_ptr<ImprovingStrategy> finisher,
               const StrategyOptions &options)
      : candidates(std::move(candidates)), finisher(std::move(finisher)),
        options(options) {}

  StringRef getName() const override { return "best"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override {
    return planWithin(buffers, options.timeLimitSeconds);
  }

  Expected<Plan> planWithin(ArrayRef<Buffer> buffers,
                            double timeLimitSeconds) const override;

private:
  /// Run in this order, each within the time left.
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  /// Run last, from the smallest plan of the candidates; may be null.
  std::unique_ptr<ImprovingStrategy> finisher;
  StrategyOptions options;
};

/// One strategy's outcome: a valid plan, or why there is none.
struct Outcome {
  std::optional<Plan> plan;
  std::string failure;
};
} // namespace

/// The finisher starts from the smallest plan so far, so it never does worse
/// and spends its time below it. It gets a fixed half of the limit, not the
/// time left, so that its counted steps, and so the plan, do not depend on
/// how fast the others ran. Without a limit it still gets half the default
/// one: on a hard problem exact could run for ever.
static Expected<Plan> finish(const ImprovingStrategy &finisher,
                             ArrayRef<Buffer> buffers,
                             ArrayRef<Outcome> outcomes,
                             double timeLimitSeconds) {
  std::optional<Plan> start;
  for (const Outcome &outcome : outcomes)
    if (outcome.plan && (!start || outcome.plan->slabSize < start->slabSize))
      start = *outcome.plan;
  double limit = (timeLimitSeconds > 0 ? timeLimitSeconds
                                       : StrategyOptions().timeLimitSeconds) /
                 2;
  return finisher.improve(buffers, std::move(start), limit);
}

Expected<Plan> BestStrategy::planWithin(ArrayRef<Buffer> buffers,
                                        double timeLimitSeconds) const {
  using Clock = std::chrono::steady_clock;
  Clock::time_point startTime = Clock::now();

  SmallVector<StringRef> names;
  for (const std::unique_ptr<OffsetStrategy> &candidate : candidates)
    names.push_back(candidate->getName());
  std::optional<unsigned> finisherIndex;
  if (finisher) {
    finisherIndex = names.size();
    names.push_back(finisher->getName());
  }

  auto timeLeft = [&] {
    if (timeLimitSeconds <= 0)
      return 0.0;
    double used =
        std::chrono::duration<double>(Clock::now() - startTime).count();
    return std::max(timeLimitSeconds - used, kLeastSeconds);
  };

  // No bound (a sum that overflows) stops nothing.
  std::optional<uint64_t> lowerBound;
  if (Expected<uint64_t> bound = computeLowerBound(buffers))
    lowerBound = *bound;
  else
    consumeError(bound.takeError());

  SmallVector<Outcome> outcomes(names.size());
  // The strategies that ran: the first `ran` of `names`.
  unsigned ran = names.size();
  for (unsigned i = 0, e = names.size(); i != e; ++i) {
    Expected<Plan> plan =
        i == finisherIndex
            ? finish(*finisher, buffers, outcomes, timeLimitSeconds)
            : candidates[i]->planWithin(buffers, timeLeft());
    if (!plan) {
      outcomes[i].failure = "failed: " + toString(plan.takeError());
      continue;
    }
    if (Error error = validatePlan(buffers, *plan)) {
      outcomes[i].failure = "invalid: " + toString(std::move(error));
      continue;
    }
    outcomes[i].plan = std::move(*plan);
    if (lowerBound && outcomes[i].plan->slabSize <= *lowerBound) {
      ran = i + 1;
      break;
    }
  }
  std::optional<unsigned> winner;
  for (unsigned i = 0, e = names.size(); i != e; ++i)
    if (outcomes[i].plan && (!winner || outcomes[i].plan->slabSize <
                                            outcomes[*winner].plan->slabSize))
      winner = i;

  std::string details;
  raw_string_ostream os(details);
  if (winner)
    os << "best: " << names[*winner] << " won ("
       << outcomes[*winner].plan->slabSize << ")";
  else
    os << "best: no strategy gave a valid plan";
  for (unsigned i = 0; i != ran; ++i) {
    os << (i == 0 ? "; " : ", ") << names[i] << " ";
    if (outcomes[i].plan) {
      os << outcomes[i].plan->slabSize;
      const PlanOutcome &outcome = outcomes[i].plan->outcome;
      if (i == finisherIndex && outcome.provenOptimal)
        os << " (proven optimal)";
      // Then the winner, too, may depend on how fast the machine was.
      if (outcome.stoppedByClock)
        os << " (stopped by the clock)";
    } else
      os << "(" << outcomes[i].failure << ")";
  }
  if (ran != names.size())
    os << "; at the lower bound, so "
       << join(ArrayRef(names).drop_front(ran), ", ") << " did not run";

  if (!winner)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             details);
  // What the others proved holds for the winner too: it is no larger.
  PlanOutcome summary;
  summary.strategy = names[*winner].str();
  for (const Outcome &outcome : outcomes) {
    if (!outcome.plan)
      continue;
    summary.provenBound =
        std::max(summary.provenBound, outcome.plan->outcome.provenBound);
    summary.stoppedByClock |= outcome.plan->outcome.stoppedByClock;
  }
  if (ran != names.size())
    summary.provenBound = std::max(summary.provenBound, *lowerBound);
  Plan result = std::move(*outcomes[*winner].plan);
  summary.provenOptimal = result.slabSize <= summary.provenBound;
  result.outcome = std::move(summary);
  result.details = std::move(details);
  return result;
}

std::unique_ptr<OffsetStrategy>
createBestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
                   std::unique_ptr<ImprovingStrategy> finisher,
                   const StrategyOptions &options) {
  return std::make_unique<BestStrategy>(std::move(candidates),
                                        std::move(finisher), options);
}

} // namespace memplan
