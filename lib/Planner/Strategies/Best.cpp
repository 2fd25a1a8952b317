//===- Best.cpp - The smallest plan of all the other strategies -----------===//
//
// Runs the strategies it is given on the problem and keeps the smallest
// valid slab. A plan is checked with the validator when something rests on
// it: that it meets the bound or the tolerance, that a search starts from
// it, that it wins (the smallest first, until one passes). A strategy that
// fails or whose plan is invalid is skipped and named in the details. Ties
// go to the strategy given first among those that ran. The registry
// (StrategyRegistry.cpp) gives every other strategy of Strategies.def in
// table order, where the searching ones come last, hill-climb and then
// exact.
//
// It plans in two steps (OffsetStrategy::startPlan):
//  1. The quick strategies (OffsetStrategy::isQuick), which finish in about
//     the time of a greedy one. With StrategyOptions::parallelFor, on
//     problems of StrategyOptions::parallelFromBuffers buffers or more,
//     those after naive and greedy-size run at once; plan and details are
//     those of running them in order.
//  2. The others (mincost-flow's flow network, hill-climb, then exact), only
//     where the plan is more than StrategyOptions::gapTolerance over the
//     lower bound, within the search time given: hill-climb at most half of
//     it on the wall clock, then the finisher, exact, from the smallest plan
//     so far with the other half, which it counts in steps, so that its plan
//     does not depend on how fast the others ran. With no time given (0)
//     exact still gets half the default limit: on a hard problem it could
//     run for ever. Since hill-climb may stop by time, so may the winner.
//
// A plan that meets the lower bound (computeLowerBound) cannot be beaten:
// no strategy runs after it. Nor does any once StrategyOptions::deadline has
// passed. Under a deadline, on problems of much overlap or many buffers
// (StrategyOptions::cheapFirstFromOverlap, cheapFirstFromBuffers), the
// quick strategies whose cost ignores overlap (naive, start-best-fit) run
// first: on a million long-lived buffers start-best-fit takes half a
// second, greedy-size 17, on a million in a chain a fifth of greedy-size's
// time, and a deadline that stops greedy-size leaves it a tail of buffers
// stacked. There, too, the smallest plan is checked before each strategy
// whose cost grows with overlap starts, so that the plan kept is checked
// within the limit where the cheap ones end in time.
// The details say which strategies did not run and why, and how long the run
// took. The cost is the sum of the costs of the strategies that run.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace llvm;

namespace memplan {

namespace {
/// What a strategy told to use the time left was told when it ran out
/// already: a strategy limited to 0 seconds would be unlimited.
constexpr double kLeastSeconds = 1e-3;

/// With StrategyOptions::parallelFor, how many quick strategies run one
/// after the other before the rest run at once: naive and greedy-size.
constexpr unsigned kRunAlone = 2;

using Clock = std::chrono::steady_clock;

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

  Expected<std::unique_ptr<StagedOffsetPlan>>
  startPlan(ArrayRef<Buffer> buffers) const override;

private:
  friend class BestRun;

  /// Run in this order; those that search run in the second step.
  std::vector<std::unique_ptr<OffsetStrategy>> candidates;
  /// Run last, from the smallest plan of the candidates; may be null.
  std::unique_ptr<ImprovingStrategy> finisher;
  StrategyOptions options;
};

/// One strategy's outcome: a plan, or why there is none.
struct Outcome {
  std::optional<Plan> plan;
  std::string failure;
  /// Whether the validator passed `plan`. Most plans lose to a smaller one
  /// and are never checked; the run is decided by checked plans alone.
  bool checked = false;
};

/// Why a run left strategies out.
enum class Cut { None, AtLowerBound, WithinTolerance, OutOfTime };

/// One run of `best` on one problem, across its two steps.
class BestRun final : public StagedOffsetPlan {
public:
  BestRun(const BestStrategy &best, ArrayRef<Buffer> buffers);

  /// The first step: every candidate that does not search.
  void runQuickStrategies();

  bool wantsSearch() const override {
    return cut == Cut::None && next != order.size();
  }

  Expected<Plan> finish(double searchSeconds) override;

private:
  /// Runs strategy `index` within `seconds` and records its outcome; true
  /// when the plan meets the lower bound.
  bool run(unsigned index, double seconds);
  /// Whether outcome `index` holds a valid plan, checking it the first
  /// time; an invalid plan becomes the outcome's failure.
  bool isValid(unsigned index);
  /// The outcome with the smallest valid plan, ties to the first given,
  /// checking plans from the smallest up until one passes.
  std::optional<unsigned> findSmallestValid();
  /// Whether some strategy gave a valid plan.
  bool hasPlan() { return findSmallestValid().has_value(); }
  /// Whether no further strategy may start.
  bool isOutOfTime();
  /// Whether the smallest plan so far is within the gap tolerance of the
  /// lower bound, so that searching is not worth it.
  bool isWithinTolerance();
  /// Whether the next quick strategy has a cost that ignores overlap: it
  /// ends soon, and its plan, not the one before (naive's, whose check took
  /// a third of a 1 s limit on a million buffers), is the one to check.
  bool isCheapNext() const {
    return next < quickCount &&
           best.candidates[order[next]]->costIgnoresOverlap();
  }
  /// Ends the run when it is within the tolerance and strategies are left.
  void stopIfWithinTolerance();
  Expected<Plan> summarize();

  const BestStrategy &best;
  ArrayRef<Buffer> buffers;
  Clock::time_point startTime = Clock::now();
  double seconds = 0;
  SmallVector<StringRef> names;
  std::optional<unsigned> finisherIndex;
  /// No bound (a sum that overflows) stops nothing.
  std::optional<uint64_t> lowerBound;
  SmallVector<Outcome> outcomes;
  /// The indices of `names` in the order they run: the quick candidates (the
  /// first `quickCount`), the others, then the finisher. Those that ran are
  /// the first `next`; `ran` marks them by index.
  SmallVector<unsigned> order;
  unsigned quickCount = 0;
  /// With StrategyOptions::parallelFor, how many quick ones run one after
  /// the other before the rest run at once.
  unsigned aloneCount = kRunAlone;
  unsigned next = 0;
  SmallVector<char> ran;
  Cut cut = Cut::None;
  /// Whether the deadline is likely to stop the run: it is set, and much
  /// overlaps or the buffers are many (StrategyOptions::cheapFirstFromOverlap,
  /// cheapFirstFromBuffers). Then the cheap strategies run first, and the
  /// smallest plan is checked before a strategy whose cost grows with
  /// overlap starts, within the limit, rather than once the deadline has
  /// passed: checking a million buffers takes a fifth to a third of a
  /// second.
  bool deadlineBinds = false;
};
} // namespace

/// The number of buffers live for some time times the mean number live at
/// once (the sum of their lifetimes over the time they span): about how
/// much greedy-size looks at. A chain of a million buffers with a handful
/// live at once gives about 1e7; a million long-lived ones, 5e10.
static double estimateOverlap(ArrayRef<Buffer> buffers) {
  uint64_t first = UINT64_MAX, last = 0;
  double lived = 0, count = 0;
  for (const Buffer &buffer : buffers) {
    if (buffer.start >= buffer.end)
      continue;
    first = std::min(first, buffer.start);
    last = std::max(last, buffer.end);
    lived += double(buffer.end - buffer.start);
    ++count;
  }
  return count == 0 ? 0 : count * lived / double(last - first);
}

BestRun::BestRun(const BestStrategy &best, ArrayRef<Buffer> buffers)
    : best(best), buffers(buffers) {
  for (const std::unique_ptr<OffsetStrategy> &candidate : best.candidates)
    names.push_back(candidate->getName());
  if (best.finisher) {
    finisherIndex = names.size();
    names.push_back(best.finisher->getName());
  }
  outcomes.resize(names.size());
  ran.assign(names.size(), false);
  for (auto [index, candidate] : llvm::enumerate(best.candidates))
    if (candidate->isQuick())
      order.push_back(index);
  quickCount = order.size();
  // Where a deadline may stop greedy-size and the like part way, those whose
  // cost ignores overlap go first. Ties still go to the strategy given
  // first among those that ran (findSmallestValid), but where a cheap one
  // meets the bound the run ends there, and its plan is kept, not the one
  // greedy-size would have made: the offsets may differ, not the slab.
  // Those that ran alone before still do, after them.
  deadlineBinds =
      best.options.deadline.isSet() &&
      (buffers.size() >= best.options.cheapFirstFromBuffers ||
       estimateOverlap(buffers) >= best.options.cheapFirstFromOverlap);
  if (deadlineBinds) {
    SmallVector<unsigned> alone(
        ArrayRef<unsigned>(order).take_front(std::min(kRunAlone, quickCount)));
    std::stable_partition(order.begin(), order.end(), [&](unsigned index) {
      return best.candidates[index]->costIgnoresOverlap();
    });
    for (unsigned index : alone)
      aloneCount = std::max<unsigned>(aloneCount, llvm::find(order, index) -
                                                      order.begin() + 1);
  }
  for (auto [index, candidate] : llvm::enumerate(best.candidates))
    if (!candidate->isQuick())
      order.push_back(index);
  if (finisherIndex)
    order.push_back(*finisherIndex);
  if (Expected<uint64_t> bound = computeLowerBound(buffers))
    lowerBound = *bound;
  else
    consumeError(bound.takeError());
}

bool BestRun::isValid(unsigned index) {
  Outcome &outcome = outcomes[index];
  if (!outcome.plan)
    return false;
  if (outcome.checked)
    return true;
  if (Error error = validatePlan(buffers, *outcome.plan)) {
    outcome.plan.reset();
    outcome.failure = "invalid: " + toString(std::move(error));
    return false;
  }
  outcome.checked = true;
  return true;
}

std::optional<unsigned> BestRun::findSmallestValid() {
  SmallVector<unsigned> bySize;
  for (unsigned i = 0, e = outcomes.size(); i != e; ++i)
    if (outcomes[i].plan)
      bySize.push_back(i);
  // Stable: among equal slabs the first given stays first.
  llvm::stable_sort(bySize, [&](unsigned lhs, unsigned rhs) {
    return outcomes[lhs].plan->slabSize < outcomes[rhs].plan->slabSize;
  });
  for (unsigned index : bySize)
    if (isValid(index))
      return index;
  return std::nullopt;
}

bool BestRun::isOutOfTime() {
  // The clock first: without a deadline nothing needs checking.
  return best.options.deadline.hasPassed() && hasPlan();
}

bool BestRun::isWithinTolerance() {
  double tolerance = best.options.gapTolerance;
  if (!lowerBound || !(tolerance > 0))
    return false;
  // Rounded down: within the tolerance means at most that many bytes over.
  double allowed = std::floor(double(*lowerBound) * tolerance);
  std::optional<unsigned> smallest = findSmallestValid();
  return smallest &&
         double(outcomes[*smallest].plan->slabSize - *lowerBound) <= allowed;
}

bool BestRun::run(unsigned index, double limit) {
  Expected<Plan> plan = [&]() -> Expected<Plan> {
    if (index != finisherIndex)
      return best.candidates[index]->planReusing(
          buffers, limit, [&](StringRef name) -> const Plan * {
            for (unsigned other = 0, e = names.size(); other != e; ++other)
              if (names[other] == name && outcomes[other].plan)
                return &*outcomes[other].plan;
            return nullptr;
          });
    // The finisher starts from the smallest plan so far, so it never does
    // worse and spends its time below it.
    std::optional<Plan> start;
    if (std::optional<unsigned> smallest = findSmallestValid())
      start = *outcomes[*smallest].plan;
    return best.finisher->improve(buffers, std::move(start), limit);
  }();
  ran[index] = true;
  Outcome &outcome = outcomes[index];
  if (!plan) {
    outcome.failure = "failed: " + toString(plan.takeError());
    return false;
  }
  outcome.plan = std::move(*plan);
  return lowerBound && outcome.plan->slabSize <= *lowerBound && isValid(index);
}

void BestRun::runQuickStrategies() {
  // The first ones alone: where one meets the bound, as a greedy one
  // usually does, running the others beside it would be wasted.
  bool atOnce = best.options.parallelFor &&
                buffers.size() >= best.options.parallelFromBuffers;
  unsigned aloneEnd =
      atOnce ? std::min(quickCount, next + aloneCount) : quickCount;
  while (cut == Cut::None && next != aloneEnd) {
    if (isOutOfTime()) {
      cut = Cut::OutOfTime;
      return;
    }
    bool atBound = run(order[next++], 0);
    if (atBound)
      cut = Cut::AtLowerBound;
    else if (deadlineBinds && !isCheapNext())
      hasPlan();
  }
  if (cut != Cut::None)
    return;
  if (next == quickCount) {
    stopIfWithinTolerance();
    return;
  }
  // The rest at once. The outcome is the one of running them in order: the
  // first that meets the bound, or did not start before the deadline, ends
  // the run, and what the later ones found is dropped.
  unsigned first = next;
  // Read before the others write their outcomes; only a deadline asks.
  bool havePlan = best.options.deadline.isSet() && hasPlan();
  SmallVector<char> started(quickCount - first, false);
  SmallVector<char> atBound(quickCount - first, false);
  best.options.parallelFor(quickCount - first, [&](size_t offset) {
    if (havePlan && best.options.deadline.hasPassed())
      return;
    started[offset] = true;
    atBound[offset] = run(order[first + offset], 0);
  });
  for (; next != quickCount; ++next) {
    if (!started[next - first]) {
      cut = Cut::OutOfTime;
      break;
    }
    if (atBound[next - first]) {
      ++next;
      cut = Cut::AtLowerBound;
      break;
    }
  }
  for (unsigned dropped = next; dropped != quickCount; ++dropped) {
    outcomes[order[dropped]] = Outcome();
    ran[order[dropped]] = false;
  }
  if (cut == Cut::None)
    stopIfWithinTolerance();
}

void BestRun::stopIfWithinTolerance() {
  if (next != order.size() && isWithinTolerance())
    cut = Cut::WithinTolerance;
}

Expected<Plan> BestRun::finish(double searchSeconds) {
  Clock::time_point searchStart = Clock::now();
  // Hill-climb and the like share the first half on the wall clock; the
  // finisher gets the second, fixed, half.
  double half =
      (searchSeconds > 0 ? searchSeconds : StrategyOptions().timeLimitSeconds) /
      2;
  auto timeLeft = [&] {
    if (searchSeconds <= 0)
      return 0.0;
    double used =
        std::chrono::duration<double>(Clock::now() - searchStart).count();
    return std::max(half - used, kLeastSeconds);
  };
  while (cut == Cut::None && next != order.size()) {
    if (isOutOfTime()) {
      cut = Cut::OutOfTime;
      break;
    }
    unsigned index = order[next++];
    bool atBound = run(index, index == finisherIndex ? half : timeLeft());
    if (atBound)
      cut = Cut::AtLowerBound;
    else
      stopIfWithinTolerance();
  }
  return summarize();
}

Expected<Plan> BestRun::summarize() {
  seconds = std::chrono::duration<double>(Clock::now() - startTime).count();
  // Ties go to the strategy given first, whenever it ran.
  std::optional<unsigned> winner = findSmallestValid();
  // What a search proves of its plan counts only if the plan is valid. That
  // a strategy was stopped by the clock counts whatever its plan: checking
  // a loser's plan for it cost a third of a second on a million buffers.
  for (unsigned i = 0, e = names.size(); i != e; ++i)
    if (outcomes[i].plan && outcomes[i].plan->outcome.provenBound)
      isValid(i);

  std::string details;
  raw_string_ostream os(details);
  if (winner)
    os << "best: " << names[*winner] << " won ("
       << outcomes[*winner].plan->slabSize << ")";
  else
    os << "best: no strategy gave a valid plan";
  SmallVector<StringRef> notRun;
  bool firstListed = true;
  for (unsigned i = 0, e = names.size(); i != e; ++i) {
    if (!ran[i]) {
      notRun.push_back(names[i]);
      continue;
    }
    os << (firstListed ? "; " : ", ") << names[i] << " ";
    firstListed = false;
    if (outcomes[i].plan) {
      os << outcomes[i].plan->slabSize;
      const PlanOutcome &outcome = outcomes[i].plan->outcome;
      if (i == finisherIndex && outcome.provenOptimal)
        os << " (proven optimal)";
      // Then the winner, too, may depend on how fast the machine was.
      if (outcome.stackedByClock)
        os << " (stopped by the clock, " << outcome.stackedByClock
           << " buffers stacked)";
      else if (outcome.stoppedByClock)
        os << " (stopped by the clock)";
    } else
      os << "(" << outcomes[i].failure << ")";
  }
  if (!notRun.empty())
    os << "; "
       << (cut == Cut::AtLowerBound ? "at the lower bound"
           : cut == Cut::WithinTolerance
               ? formatv("within {0}% of the lower bound",
                         100 * best.options.gapTolerance)
                     .str()
               : "out of time")
       << ", so " << join(notRun, ", ") << " did not run";
  os << formatv("; {0:f1} ms", seconds * 1e3);

  if (!winner)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             details);
  // What the others proved holds for the winner too: it is no larger.
  PlanOutcome summary;
  summary.strategy = names[*winner].str();
  for (const Outcome &outcome : outcomes) {
    if (!outcome.plan)
      continue;
    summary.stoppedByClock |= outcome.plan->outcome.stoppedByClock;
    if (outcome.checked)
      summary.provenBound =
          std::max(summary.provenBound, outcome.plan->outcome.provenBound);
  }
  summary.stoppedByClock |= cut == Cut::OutOfTime;
  summary.stackedByClock = outcomes[*winner].plan->outcome.stackedByClock;
  if (lowerBound)
    summary.provenBound = std::max(summary.provenBound, *lowerBound);
  summary.liveBound = lowerBound;
  Plan result = std::move(*outcomes[*winner].plan);
  summary.provenOptimal = result.slabSize <= summary.provenBound;
  result.outcome = std::move(summary);
  result.details = std::move(details);
  return result;
}

Expected<std::unique_ptr<StagedOffsetPlan>>
BestStrategy::startPlan(ArrayRef<Buffer> buffers) const {
  auto run = std::make_unique<BestRun>(*this, buffers);
  run->runQuickStrategies();
  return run;
}

Expected<Plan> BestStrategy::planWithin(ArrayRef<Buffer> buffers,
                                        double timeLimitSeconds) const {
  BestRun run(*this, buffers);
  run.runQuickStrategies();
  return run.finish(timeLimitSeconds);
}

std::unique_ptr<OffsetStrategy>
createBestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
                   std::unique_ptr<ImprovingStrategy> finisher,
                   const StrategyOptions &options) {
  return std::make_unique<BestStrategy>(std::move(candidates),
                                        std::move(finisher), options);
}

} // namespace memplan
