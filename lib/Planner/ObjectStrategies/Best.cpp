//===- Best.cpp - Every object strategy, keep the smallest total ----------===//
//
// Runs every other registered object strategy, checks each plan with the
// validator and keeps the valid plan with the smallest total; the first in
// registry order wins a tie. `details` names the winner and lists every
// total, so a report shows what was tried.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/Validator.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace memplan {

namespace {
class BestObjectStrategy final : public ObjectStrategy {
public:
  explicit BestObjectStrategy(const StrategyOptions &options)
      : options(options) {}

  StringRef getName() const override { return "best"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  StrategyOptions options;
};
} // namespace

Expected<ObjectPlan> BestObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  std::optional<ObjectPlan> best;
  StringRef bestName;
  std::string tried;
  raw_string_ostream os(tried);
  Error firstError = Error::success();
  for (StringRef name : getObjectStrategyNames()) {
    if (name == getName())
      continue;
    os << "; " << name << " ";
    Expected<ObjectPlan> plan =
        createObjectStrategy(name, options)->plan(buffers);
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
    if (!best || total < best->getTotalSize()) {
      best = std::move(*plan);
      bestName = name;
    }
  }
  if (!best)
    return std::move(firstError);
  consumeError(std::move(firstError));
  best->outcome.strategy = bestName.str();
  std::string winnerDetails = std::move(best->details);
  best->details = ("best: " + bestName + " (" + Twine(best->getTotalSize()) +
                   " bytes); tried" + StringRef(tried).drop_front(1))
                      .str();
  if (!winnerDetails.empty())
    best->details += "; " + winnerDetails;
  return std::move(*best);
}

std::unique_ptr<ObjectStrategy>
createBestObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<BestObjectStrategy>(options);
}

} // namespace memplan
