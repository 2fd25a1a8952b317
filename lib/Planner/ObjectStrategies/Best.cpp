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

Expected<ObjectPlan> BestObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  // No bound (a sum that overflows) stops nothing.
  std::optional<uint64_t> bound;
  if (Expected<uint64_t> sum = computeObjectLowerBound(buffers))
    bound = *sum;
  else
    consumeError(sum.takeError());
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
  for (auto [index, candidate] : llvm::enumerate(candidates)) {
    if (best && bound && best->getTotalSize() <= *bound)
      cut = "at the lower bound";
    else if (best && options.deadline.hasPassed()) {
      cut = "out of time";
      // Then the plan may depend on how fast the machine was.
      summary.stoppedByClock = true;
    }
    if (!cut.empty()) {
      notRun = index;
      break;
    }
    StringRef name = candidate->getName();
    os << "; " << name << " ";
    Expected<ObjectPlan> plan = candidate->plan(buffers);
    Error error = plan ? validateObjectPlan(buffers, *plan) : plan.takeError();
    if (error) {
      os << "failed";
      if (!firstError)
        firstError = std::move(error);
      else
        consumeError(std::move(error));
      continue;
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
  }
  if (!best)
    return std::move(firstError);
  consumeError(std::move(firstError));
  if (notRun != candidates.size()) {
    os << "; " << cut << ", so ";
    for (size_t index = notRun; index != candidates.size(); ++index)
      os << (index == notRun ? "" : ", ") << candidates[index]->getName();
    os << " did not run";
  }
  // A plan at the positional-maximum bound is proven optimal.
  if (bound && best->getTotalSize() <= *bound)
    summary.provenBound = std::max(summary.provenBound, *bound);
  summary.strategy = bestName.str();
  summary.provenOptimal = best->getTotalSize() <= summary.provenBound;
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
