//===- Best.cpp - Every object strategy, keep the smallest total ----------===//
//
// Runs the object strategies it is given (the registry gives every other
// one of Strategies.def, in table order), checks each plan with the
// validator and keeps the valid plan with the smallest total; the first
// given wins a tie. `details` names the winner and lists every
// total, so a report shows what was tried.
//
// It stops early, as the offset strategy `best` does, once a plan meets the
// lower bound of positional maximums (no later strategy can do better, and
// the first given wins a tie anyway), and once StrategyOptions::deadline has
// passed with a plan in hand (the pass's time limit; the plan may then
// depend on how fast the machine was, and its outcome says it was stopped
// by the clock). `details` names the strategies that did not run and why.
// Under a deadline, on many buffers not all live at once, the bound is
// computed only after the first two plans, and not once the deadline has
// passed.
//
// With StrategyOptions::parallelFor, on problems of
// StrategyOptions::parallelFromBuffers buffers or more, the candidates
// after naive and greedy-size run at once; plan and details are those of
// running them in order.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace memplan {

namespace {
/// Why the run left strategies out.
constexpr StringLiteral kAtBound = "at the lower bound";
constexpr StringLiteral kOutOfTime = "out of time";

class BestObjectStrategy final : public ObjectStrategy {
public:
  BestObjectStrategy(std::vector<std::unique_ptr<ObjectStrategy>> candidates,
                     const StrategyOptions &options)
      : candidates(std::move(candidates)), options(options) {}

  StringRef getName() const override { return "best"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  std::vector<std::unique_ptr<ObjectStrategy>> candidates;
  StrategyOptions options;
};
} // namespace

/// With StrategyOptions::parallelFor, how many candidates run one after the
/// other before the rest run at once: naive and greedy-size, which meets
/// the bound on many real networks, and then nothing else need run.
constexpr size_t kRunAlone = 2;

/// Whether every buffer that holds bytes is live at one time: intervals
/// that overlap pairwise share a point, so the latest start comes before
/// the earliest end. A gapped lifetime is taken not to be (its hull may
/// overlap every other where it does not).
static bool areAllLiveAtOnce(ArrayRef<Buffer> buffers) {
  uint64_t latestStart = 0, earliestEnd = UINT64_MAX;
  for (const Buffer &buffer : buffers) {
    if (buffer.size == 0)
      continue;
    if (buffer.hasGaps())
      return false;
    latestStart = std::max(latestStart, buffer.start);
    earliestEnd = std::min(earliestEnd, buffer.end);
  }
  return latestStart < earliestEnd;
}

Expected<ObjectPlan> BestObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  // No bound (a sum that overflows) stops nothing. Under a deadline, on
  // StrategyOptions::cheapFirstFromBuffers buffers or more, the bound waits
  // for the first kRunAlone plans, and is not computed once the deadline
  // has passed: on a million buffers it took half a second, and before it
  // greedy-size did not get to run within a 1 s limit, which left naive's
  // plan. Where some buffers are never live together, the positional
  // maximums sum to less than all the sizes, so naive's plan (every buffer
  // on its own) cannot meet the bound and waiting changes nothing but the
  // time the bound is computed; where all are live at one time, it meets
  // the bound, and the bound is not waited for.
  bool boundWaits = options.deadline.isSet() &&
                    buffers.size() >= options.cheapFirstFromBuffers &&
                    !areAllLiveAtOnce(buffers);
  std::optional<uint64_t> bound;
  bool boundAsked = false;
  auto getBound = [&]() -> std::optional<uint64_t> {
    if (boundAsked || (boundWaits && options.deadline.hasPassed()))
      return bound;
    boundAsked = true;
    if (Expected<uint64_t> sum = computeObjectLowerBound(buffers))
      bound = *sum;
    else
      consumeError(sum.takeError());
    return bound;
  };
  std::optional<ObjectPlan> best;
  StringRef bestName;
  std::string tried;
  raw_string_ostream os(tried);
  Error firstError = Error::success();
  // What any strategy proved or suffered holds for the winner too.
  PlanOutcome summary;
  // Why the strategies from `notRun` on did not run, if any did not.
  StringRef cut;
  size_t notRun = candidates.size();
  auto isAtBound = [&](size_t next) {
    if (!best || (boundWaits && next < kRunAlone))
      return false;
    std::optional<uint64_t> known = getBound();
    return known && best->getTotalSize() <= *known;
  };
  auto stopAt = [&](size_t index, StringRef why) {
    cut = why;
    notRun = index;
    // Then the plan may depend on how fast the machine was.
    summary.stoppedByClock |= why == kOutOfTime;
  };
  // Candidate `index`'s plan, or why it has none (a failure, or a plan the
  // validator rejects).
  auto run = [&](size_t index) -> Expected<ObjectPlan> {
    Expected<ObjectPlan> plan = candidates[index]->plan(buffers);
    if (!plan)
      return plan.takeError();
    if (Error error = validateObjectPlan(buffers, *plan))
      return std::move(error);
    return plan;
  };
  // Once the deadline has passed, a strategy starts only if there is no
  // plan yet. (No plan is recorded while candidates run at once.)
  auto mayStart = [&] { return !best || !options.deadline.hasPassed(); };
  // Takes candidate `index`'s outcome into the run, in candidate order.
  auto record = [&](size_t index, Expected<ObjectPlan> plan) {
    StringRef name = candidates[index]->getName();
    os << "; " << name << " ";
    if (!plan) {
      os << "failed";
      if (!firstError)
        firstError = plan.takeError();
      else
        consumeError(plan.takeError());
      return;
    }
    uint64_t total = plan->getTotalSize();
    os << total;
    summary.provenBound =
        std::max(summary.provenBound, plan->outcome.provenBound);
    summary.stoppedByClock |= plan->outcome.stoppedByClock;
    if (!best || total < best->getTotalSize()) {
      best = std::move(*plan);
      bestName = name;
    }
  };

  // Candidates from `aloneEnd` on run at once when the run reaches them; the
  // outcome is the one of running them in order: the first that meets the
  // bound, or did not start before the deadline, ends the run, and what the
  // later ones found is dropped.
  bool atOnce =
      options.parallelFor && buffers.size() >= options.parallelFromBuffers;
  size_t aloneEnd =
      atOnce ? std::min(kRunAlone, candidates.size()) : candidates.size();
  SmallVector<std::optional<Expected<ObjectPlan>>> ranAtOnce;
  for (size_t next = 0; next != candidates.size(); ++next) {
    if (isAtBound(next)) {
      stopAt(next, kAtBound);
      break;
    }
    std::optional<Expected<ObjectPlan>> outcome;
    if (next < aloneEnd) {
      if (mayStart())
        outcome = run(next);
    } else {
      if (next == aloneEnd) {
        ranAtOnce.resize(candidates.size() - aloneEnd);
        options.parallelFor(ranAtOnce.size(), [&](size_t offset) {
          if (mayStart())
            ranAtOnce[offset] = run(aloneEnd + offset);
        });
      }
      std::swap(outcome, ranAtOnce[next - aloneEnd]);
    }
    if (!outcome) {
      stopAt(next, kOutOfTime);
      break;
    }
    record(next, std::move(*outcome));
  }
  // What the candidates run at once after the end of the run found.
  for (std::optional<Expected<ObjectPlan>> &outcome : ranAtOnce)
    if (outcome && !*outcome)
      consumeError(outcome->takeError());
  if (!best)
    return std::move(firstError);
  consumeError(std::move(firstError));
  if (notRun != candidates.size()) {
    os << "; " << cut << ", so ";
    for (size_t index = notRun; index != candidates.size(); ++index)
      os << (index == notRun ? "" : ", ") << candidates[index]->getName();
    os << " did not run";
  }
  // A plan at the positional-maximum bound is proven optimal (a bound that
  // waits is not computed past the deadline for it).
  getBound();
  if (bound && best->getTotalSize() <= *bound)
    summary.provenBound = std::max(summary.provenBound, *bound);
  summary.strategy = bestName.str();
  summary.provenOptimal = best->getTotalSize() <= summary.provenBound;
  summary.stackedByClock = best->outcome.stackedByClock;
  best->outcome = std::move(summary);
  std::string winnerDetails = std::move(best->details);
  best->details = ("best: " + bestName + " (" + Twine(best->getTotalSize()) +
                   " bytes); tried" + StringRef(tried).drop_front(1))
                      .str();
  if (!winnerDetails.empty())
    best->details += "; " + winnerDetails;
  return std::move(*best);
}

std::unique_ptr<ObjectStrategy> createBestObjectStrategy(
    std::vector<std::unique_ptr<ObjectStrategy>> candidates,
    const StrategyOptions &options) {
  return std::make_unique<BestObjectStrategy>(std::move(candidates), options);
}

} // namespace memplan
