//===- Best.cpp - Every object strategy, keep the smallest total ----------===//
//
// Runs the object strategies it is given (the registry gives every other
// one of Strategies.def, in table order), checks each plan with the
// validator and keeps the valid plan with the smallest total; the first
// given wins a tie. `details` names the winner and lists every
// total, so a report shows what was tried.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace memplan {

namespace {
class BestObjectStrategy final : public ObjectStrategy {
public:
  explicit BestObjectStrategy(
      std::vector<std::unique_ptr<ObjectStrategy>> candidates)
      : candidates(std::move(candidates)) {}

  StringRef getName() const override { return "best"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  std::vector<std::unique_ptr<ObjectStrategy>> candidates;
};
} // namespace

Expected<ObjectPlan> BestObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  std::optional<ObjectPlan> best;
  StringRef bestName;
  std::string tried;
  raw_string_ostream os(tried);
  Error firstError = Error::success();
  // What any strategy proved or suffered holds for the winner too.
  PlanOutcome summary;
  for (const std::unique_ptr<ObjectStrategy> &candidate : candidates) {
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
  // A plan at the positional-maximum bound is proven optimal.
  Expected<uint64_t> bound = computeObjectLowerBound(buffers);
  if (!bound)
    consumeError(bound.takeError());
  else if (best->getTotalSize() <= *bound)
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
    const StrategyOptions &) {
  return std::make_unique<BestObjectStrategy>(std::move(candidates));
}

} // namespace memplan
