//===- Best.cpp - The smallest plan of all the other strategies -----------===//
//
// Runs every other registered strategy on the problem, checks each plan with
// the validator and keeps the smallest valid slab. A strategy that fails or
// whose plan is invalid is skipped and named in the details. Ties go to the
// strategy listed first in the registry, so the result does not depend on
// the order in which the strategies run.
//
// StrategyOptions::timeLimitSeconds bounds the whole run: every strategy runs
// (the cheap ones finish regardless), each told to use at most the time left
// when it starts. hill-climb and then exact run last: exact starts from the
// smallest plan so far with half the limit, and the details say whether it
// proved the winner optimal. With a limit of 0 nobody is limited but exact,
// which gets half its default limit. Since hill-climb may stop by time, so
// may the choice of winner.
//
// The cost is the sum of the costs of the other strategies.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
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
  explicit BestStrategy(const StrategyOptions &options) : options(options) {}

  StringRef getName() const override { return "best"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers) const override;

private:
  StrategyOptions options;
};

/// One strategy's outcome: a valid plan, or why there is none.
struct Outcome {
  std::optional<Plan> plan;
  std::string failure;
};
} // namespace

static Expected<Plan> planWith(StringRef name, ArrayRef<Buffer> buffers,
                               const StrategyOptions &options) {
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(name, options);
  if (!strategy)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             "not created");
  return strategy->plan(buffers);
}

/// exact starts from the smallest plan so far, so it never does worse and
/// spends its time below it. It gets a fixed half of the limit, not the time
/// left, so that its counted steps, and so the plan, do not depend on how
/// fast the others ran. Without a limit it still gets half the default one:
/// on a hard problem it could run for ever.
static Expected<Plan> planExactlyFrom(ArrayRef<Buffer> buffers,
                                      ArrayRef<Outcome> outcomes,
                                      double timeLimitSeconds) {
  ExactOptions exactOptions;
  exactOptions.timeLimitSeconds =
      (timeLimitSeconds > 0 ? timeLimitSeconds
                            : StrategyOptions().timeLimitSeconds) /
      2;
  for (const Outcome &outcome : outcomes)
    if (outcome.plan &&
        (!exactOptions.initialPlan ||
         outcome.plan->slabSize < exactOptions.initialPlan->slabSize))
      exactOptions.initialPlan = *outcome.plan;
  return planExactly(buffers, exactOptions);
}

Expected<Plan> BestStrategy::plan(ArrayRef<Buffer> buffers) const {
  using Clock = std::chrono::steady_clock;
  Clock::time_point startTime = Clock::now();

  SmallVector<StringRef> names;
  for (StringRef name : getOffsetStrategyNames())
    if (name != getName())
      names.push_back(name);

  // Registry order, except that hill-climb and then exact run last.
  auto runsLate = [](StringRef name) {
    return name == "hill-climb" || name == "exact";
  };
  SmallVector<unsigned> runOrder;
  for (unsigned i = 0, e = names.size(); i != e; ++i)
    if (!runsLate(names[i]))
      runOrder.push_back(i);
  for (StringRef late : {"hill-climb", "exact"})
    for (unsigned i = 0, e = names.size(); i != e; ++i)
      if (names[i] == late)
        runOrder.push_back(i);

  SmallVector<Outcome> outcomes(names.size());
  for (unsigned i : runOrder) {
    StrategyOptions limited = options;
    if (options.timeLimitSeconds > 0) {
      double used =
          std::chrono::duration<double>(Clock::now() - startTime).count();
      limited.timeLimitSeconds =
          std::max(options.timeLimitSeconds - used, kLeastSeconds);
    }
    Expected<Plan> plan =
        names[i] == "exact"
            ? planExactlyFrom(buffers, outcomes, options.timeLimitSeconds)
            : planWith(names[i], buffers, limited);
    if (!plan) {
      outcomes[i].failure = "failed: " + toString(plan.takeError());
      continue;
    }
    if (Error error = validatePlan(buffers, *plan)) {
      outcomes[i].failure = "invalid: " + toString(std::move(error));
      continue;
    }
    outcomes[i].plan = std::move(*plan);
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
  for (unsigned i = 0, e = names.size(); i != e; ++i) {
    os << (i == 0 ? "; " : ", ") << names[i] << " ";
    if (outcomes[i].plan) {
      os << outcomes[i].plan->slabSize;
      StringRef strategyDetails = outcomes[i].plan->details;
      if (names[i] == "exact" && strategyDetails.starts_with("optimal"))
        os << " (proven optimal)";
      // Then the winner, too, may depend on how fast the machine was.
      if (strategyDetails.contains("depend on machine speed") ||
          strategyDetails.contains("stopped by the clock"))
        os << " (stopped by the clock)";
    } else
      os << "(" << outcomes[i].failure << ")";
  }

  if (!winner)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             details);
  Plan result = std::move(*outcomes[*winner].plan);
  result.outcome.strategy = names[*winner].str();
  result.details = std::move(details);
  return result;
}

std::unique_ptr<OffsetStrategy>
createBestStrategy(const StrategyOptions &options) {
  return std::make_unique<BestStrategy>(options);
}

} // namespace memplan
