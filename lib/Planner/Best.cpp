//===- Best.cpp - The smallest plan of the other strategies, either kind --===//
//
// One policy for both kinds of plan: the offset `best` keeps the smallest
// slab, the object `best` the smallest total. It runs the strategies it is
// given on the problem and keeps the smallest valid plan. A plan is checked
// with the validator when something rests on it: that it meets the bound or
// the tolerance, that a search starts from it, that it wins (the smallest
// first, until one passes). A strategy that fails or whose plan is invalid
// is skipped and named in the details. Ties go to the strategy given first
// among those that ran. The registry (StrategyRegistry.cpp) gives every
// other strategy of Strategies.def in table order.
//
// It plans in two steps (OffsetStrategy::startPlan):
//  1. The quick strategies (neither StrategyTraits::Searches nor Slow),
//     which finish in about the time of a greedy one. With
//     StrategyOptions::parallelFor, on problems of
//     StrategyOptions::parallelFromBuffers buffers or more, those after
//     naive and greedy-size run at once; plan and details are those of
//     running them in order.
//  2. The others (min-cost flow's network, hill-climb, then the finisher),
//     only where the plan is more than StrategyOptions::gapTolerance over
//     the lower bound, within the search time given: those before the
//     finisher at most half of it on the wall clock, then the finisher
//     (StrategyTraits::FinishesBest: offsets' exact) from the smallest plan
//     so far with the other half, which it counts in steps, so that its plan
//     does not depend on how fast the others ran. With no time given (0) the
//     finisher still gets half the default limit: on a hard problem it could
//     run for ever. Since hill-climb may stop by time, so may the winner.
//
// A plan that meets the lower bound (computeLowerBound, or the positional
// maximums of computeObjectLowerBound) cannot be beaten: no strategy runs
// after it. Nor does any once StrategyOptions::deadline has passed.
// Under a deadline, on problems of much overlap or many buffers
// (StrategyOptions::cheapFirstFromOverlap, cheapFirstFromBuffers), the
// quick strategies whose cost ignores overlap (naive, start-best-fit) run
// first: on a million long-lived buffers start-best-fit takes half a
// second, greedy-size 17, on a million in a chain a fifth of greedy-size's
// time, and a deadline that stops greedy-size leaves it a tail of buffers
// stacked. There, too, the smallest plan is checked before each strategy
// whose cost grows with overlap starts, so that the plan kept is checked
// within the limit where the cheap ones end in time. The object bound,
// which took half a second on a million buffers, then waits for the first
// two plans and is not computed past the deadline (kBoundMayWait).
//
// The details say which strategies did not run and why, and how long the run
// took. The cost is the sum of the costs of the strategies that run.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies/ObjectStrategies.h"
#include "Strategies/Strategies.h"

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
/// after the other before the rest run at once: naive and greedy-size,
/// which meets the bound on many real networks, and then nothing else need
/// run.
constexpr unsigned kRunAlone = 2;

using Clock = std::chrono::steady_clock;

/// What `best` asks of a kind of plan; the policy is the same for both.
template <typename PlanT> struct PlanOps;

template <> struct PlanOps<Plan> {
  using Strategy = OffsetStrategy;
  static uint64_t getSize(const Plan &plan) { return plan.slabSize; }
  static Error validate(ArrayRef<Buffer> buffers, const Plan &plan) {
    return validatePlan(buffers, plan);
  }
  static Expected<uint64_t> computeBound(ArrayRef<Buffer> buffers) {
    return computeLowerBound(buffers);
  }
  /// The live bound is a sweep, cheap next to a plan.
  static constexpr bool kBoundMayWait = false;
  /// The bound is the live bound, which the plan's outcome passes on.
  static constexpr bool kBoundIsLive = true;
  static Expected<Plan> run(const OffsetStrategy &strategy,
                            ArrayRef<Buffer> buffers,
                            const PlanRequest &request) {
    return strategy.plan(buffers, request);
  }
};

template <> struct PlanOps<ObjectPlan> {
  using Strategy = ObjectStrategy;
  static uint64_t getSize(const ObjectPlan &plan) {
    return plan.getTotalSize();
  }
  static Error validate(ArrayRef<Buffer> buffers, const ObjectPlan &plan) {
    return validateObjectPlan(buffers, plan);
  }
  static Expected<uint64_t> computeBound(ArrayRef<Buffer> buffers) {
    return computeObjectLowerBound(buffers);
  }
  /// The positional maximums took half a second on a million buffers.
  static constexpr bool kBoundMayWait = true;
  static constexpr bool kBoundIsLive = false;
  /// No object strategy searches or starts from others' plans.
  static Expected<ObjectPlan> run(const ObjectStrategy &strategy,
                                  ArrayRef<Buffer> buffers,
                                  const PlanRequest &) {
    return strategy.plan(buffers);
  }
};

/// What a `best` of either kind is made of.
template <typename PlanT> struct BestParts {
  using Strategy = typename PlanOps<PlanT>::Strategy;
  /// Run quick ones first, the others in the second step, each group in
  /// this order.
  std::vector<std::unique_ptr<Strategy>> candidates;
  /// Run last, from the smallest plan of the candidates; may be null.
  std::unique_ptr<Strategy> finisher;
  StrategyOptions options;
};

/// One strategy's outcome: a plan, or why there is none.
template <typename PlanT> struct Outcome {
  std::optional<PlanT> plan;
  std::string failure;
  /// Whether the validator passed `plan`. Most plans lose to a smaller one
  /// and are never checked; the run is decided by checked plans alone.
  bool checked = false;
};

/// Why a run left strategies out.
enum class Cut { None, AtLowerBound, WithinTolerance, OutOfTime };

/// One run of `best` on one problem, across its two steps.
template <typename PlanT> class BestRun {
public:
  BestRun(const BestParts<PlanT> &parts, ArrayRef<Buffer> buffers);

  /// The first step: every quick candidate.
  void runQuickStrategies();

  /// Whether the second step may still shrink the plan.
  bool wantsSearch() const { return cut == Cut::None && next != order.size(); }

  /// The second step within `searchSeconds` (0: as if unlimited), and the
  /// plan.
  Expected<PlanT> finish(double searchSeconds);

private:
  using Ops = PlanOps<PlanT>;
  using Strategy = typename Ops::Strategy;

  const Strategy &getStrategy(unsigned index) const {
    return index == finisherIndex ? *parts.finisher : *parts.candidates[index];
  }
  /// Runs strategy `index` within `seconds` and records its outcome; true
  /// when the smallest valid plan so far meets the lower bound.
  bool run(unsigned index, double seconds);
  /// Records `plan` as strategy `index`'s outcome, which ran; true when the
  /// smallest valid plan so far meets the lower bound.
  bool record(unsigned index, Expected<PlanT> plan);
  /// Whether outcome `index` holds a valid plan, checking it the first
  /// time; an invalid plan becomes the outcome's failure.
  bool isValid(unsigned index);
  /// The outcome with the smallest valid plan, ties to the first given,
  /// checking plans from the smallest up until one passes.
  std::optional<unsigned> findSmallestValid();
  /// Whether some strategy gave a valid plan.
  bool hasPlan() { return findSmallestValid().has_value(); }
  /// The lower bound, computed at the first question; none where it
  /// overflows, or where it waits (kBoundMayWait) and the time has not come
  /// or has passed.
  std::optional<uint64_t> getBound();
  /// Whether a valid plan meets the lower bound, checking only plans that
  /// do.
  bool isAtBound();
  /// Whether no further strategy may start.
  bool isOutOfTime();
  /// Whether the smallest plan so far is within the gap tolerance of the
  /// lower bound, so that searching is not worth it.
  bool isWithinTolerance();
  /// Whether the next quick strategy has a cost that ignores overlap: it
  /// ends soon, and its plan, not the one before (naive's, whose check took
  /// a third of a 1 s limit on a million buffers), is the one to check.
  bool isCheapNext() const {
    return next < quickCount && hasTraits(getStrategy(order[next]).getTraits(),
                                          StrategyTraits::CostIgnoresOverlap);
  }
  /// Ends the run when it is within the tolerance and strategies are left.
  void stopIfWithinTolerance();
  Expected<PlanT> summarize();

  const BestParts<PlanT> &parts;
  const StrategyOptions &options;
  ArrayRef<Buffer> buffers;
  Clock::time_point startTime = Clock::now();
  SmallVector<StringRef> names;
  std::optional<unsigned> finisherIndex;
  /// No bound (a sum that overflows) stops nothing.
  std::optional<uint64_t> lowerBound;
  bool boundAsked = false;
  /// Whether the bound waits for the first kRunAlone plans and is not
  /// computed past the deadline: where the deadline is set, the buffers are
  /// many, and not all live at once (else naive meets the bound, and it is
  /// worth asking at once).
  bool boundWaits = false;
  std::vector<Outcome<PlanT>> outcomes;
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

template <typename PlanT>
BestRun<PlanT>::BestRun(const BestParts<PlanT> &parts, ArrayRef<Buffer> buffers)
    : parts(parts), options(parts.options), buffers(buffers) {
  for (const std::unique_ptr<Strategy> &candidate : parts.candidates)
    names.push_back(candidate->getName());
  if (parts.finisher) {
    finisherIndex = names.size();
    names.push_back(parts.finisher->getName());
  }
  outcomes.resize(names.size());
  ran.assign(names.size(), false);
  for (auto [index, candidate] : llvm::enumerate(parts.candidates))
    if (isQuick(candidate->getTraits()))
      order.push_back(index);
  quickCount = order.size();
  // Where a deadline may stop greedy-size and the like part way, those whose
  // cost ignores overlap go first. Ties still go to the strategy given
  // first among those that ran (findSmallestValid), but where a cheap one
  // meets the bound the run ends there, and its plan is kept, not the one
  // greedy-size would have made: the offsets may differ, not the slab.
  // Those that ran alone before still do, after them.
  deadlineBinds = options.deadline.isSet() &&
                  (buffers.size() >= options.cheapFirstFromBuffers ||
                   estimateOverlap(buffers) >= options.cheapFirstFromOverlap);
  if (deadlineBinds) {
    SmallVector<unsigned> alone(
        ArrayRef<unsigned>(order).take_front(std::min(kRunAlone, quickCount)));
    std::stable_partition(order.begin(), order.end(), [&](unsigned index) {
      return hasTraits(parts.candidates[index]->getTraits(),
                       StrategyTraits::CostIgnoresOverlap);
    });
    for (unsigned index : alone)
      aloneCount = std::max<unsigned>(aloneCount, llvm::find(order, index) -
                                                      order.begin() + 1);
  }
  for (auto [index, candidate] : llvm::enumerate(parts.candidates))
    if (!isQuick(candidate->getTraits()))
      order.push_back(index);
  if (finisherIndex)
    order.push_back(*finisherIndex);
  // Where some buffers are never live together, naive's plan (every buffer
  // on its own) cannot meet the bound, so waiting for the first plans
  // changes nothing but when the bound is computed; where all are live at
  // one time, naive meets it, and the bound does not wait.
  boundWaits = Ops::kBoundMayWait && options.deadline.isSet() &&
               buffers.size() >= options.cheapFirstFromBuffers &&
               !areAllLiveAtOnce(buffers);
}

template <typename PlanT> std::optional<uint64_t> BestRun<PlanT>::getBound() {
  if (boundAsked)
    return lowerBound;
  // On a million buffers the object bound took half a second, and before
  // it greedy-size did not get to run within a 1 s limit.
  if (boundWaits && (next < kRunAlone || options.deadline.hasPassed()))
    return std::nullopt;
  boundAsked = true;
  if (Expected<uint64_t> bound = Ops::computeBound(buffers))
    lowerBound = *bound;
  else
    consumeError(bound.takeError());
  return lowerBound;
}

template <typename PlanT> bool BestRun<PlanT>::isValid(unsigned index) {
  Outcome<PlanT> &outcome = outcomes[index];
  if (!outcome.plan)
    return false;
  if (outcome.checked)
    return true;
  if (Error error = Ops::validate(buffers, *outcome.plan)) {
    outcome.plan.reset();
    outcome.failure = "invalid: " + toString(std::move(error));
    return false;
  }
  outcome.checked = true;
  return true;
}

template <typename PlanT>
std::optional<unsigned> BestRun<PlanT>::findSmallestValid() {
  SmallVector<unsigned> bySize;
  for (unsigned i = 0, e = outcomes.size(); i != e; ++i)
    if (outcomes[i].plan)
      bySize.push_back(i);
  // Stable: among equal plans the first given stays first.
  llvm::stable_sort(bySize, [&](unsigned lhs, unsigned rhs) {
    return Ops::getSize(*outcomes[lhs].plan) <
           Ops::getSize(*outcomes[rhs].plan);
  });
  for (unsigned index : bySize)
    if (isValid(index))
      return index;
  return std::nullopt;
}

template <typename PlanT> bool BestRun<PlanT>::isAtBound() {
  std::optional<uint64_t> bound = getBound();
  if (!bound)
    return false;
  for (unsigned i = 0, e = outcomes.size(); i != e; ++i)
    if (outcomes[i].plan && Ops::getSize(*outcomes[i].plan) <= *bound &&
        isValid(i))
      return true;
  return false;
}

template <typename PlanT> bool BestRun<PlanT>::isOutOfTime() {
  // The clock first: without a deadline nothing needs checking.
  return options.deadline.hasPassed() && hasPlan();
}

template <typename PlanT> bool BestRun<PlanT>::isWithinTolerance() {
  double tolerance = options.gapTolerance;
  if (!(tolerance > 0))
    return false;
  std::optional<uint64_t> bound = getBound();
  if (!bound)
    return false;
  // Rounded down: within the tolerance means at most that many bytes over.
  double allowed = std::floor(double(*bound) * tolerance);
  std::optional<unsigned> smallest = findSmallestValid();
  return smallest &&
         double(Ops::getSize(*outcomes[*smallest].plan) - *bound) <= allowed;
}

template <typename PlanT>
bool BestRun<PlanT>::run(unsigned index, double limit) {
  PlanRequest request;
  request.timeLimitSeconds = limit;
  auto lookUp = [&](StringRef name) -> const Plan * {
    if constexpr (std::is_same_v<PlanT, Plan>)
      for (unsigned other = 0, e = names.size(); other != e; ++other)
        if (names[other] == name && outcomes[other].plan)
          return &*outcomes[other].plan;
    return nullptr;
  };
  request.known = lookUp;
  // The finisher starts from the smallest plan so far, so it never does
  // worse and spends its time below it.
  std::optional<unsigned> smallest;
  if (index == finisherIndex)
    smallest = findSmallestValid();
  if constexpr (std::is_same_v<PlanT, Plan>)
    if (smallest)
      request.start = &*outcomes[*smallest].plan;
  return record(index, Ops::run(getStrategy(index), buffers, request));
}

template <typename PlanT>
bool BestRun<PlanT>::record(unsigned index, Expected<PlanT> plan) {
  ran[index] = true;
  Outcome<PlanT> &outcome = outcomes[index];
  if (!plan) {
    outcome.failure = "failed: " + toString(plan.takeError());
    return false;
  }
  outcome.plan = std::move(*plan);
  return isAtBound();
}

template <typename PlanT> void BestRun<PlanT>::runQuickStrategies() {
  // The first ones alone: where one meets the bound, as a greedy one
  // usually does, running the others beside it would be wasted.
  bool atOnce =
      options.parallelFor && buffers.size() >= options.parallelFromBuffers;
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
  // the run, and what the later ones found is dropped. Their outcomes are
  // only written here; the bound is read after.
  unsigned first = next;
  // Read before the others write their outcomes; only a deadline asks.
  bool havePlan = options.deadline.isSet() && hasPlan();
  // Empty where the strategy did not start before the deadline.
  std::vector<std::optional<Expected<PlanT>>> plans(quickCount - first);
  options.parallelFor(quickCount - first, [&](size_t offset) {
    if (havePlan && options.deadline.hasPassed())
      return;
    plans[offset].emplace(
        Ops::run(getStrategy(order[first + offset]), buffers, PlanRequest()));
  });
  for (; next != quickCount; ++next) {
    std::optional<Expected<PlanT>> &plan = plans[next - first];
    if (!plan) {
      cut = Cut::OutOfTime;
      break;
    }
    bool atBound = record(order[next], std::move(*plan));
    plan.reset();
    if (atBound) {
      ++next;
      cut = Cut::AtLowerBound;
      break;
    }
  }
  // What those after the end of the run found.
  for (std::optional<Expected<PlanT>> &plan : plans)
    if (plan && !*plan)
      consumeError(plan->takeError());
  if (cut == Cut::None)
    stopIfWithinTolerance();
}

template <typename PlanT> void BestRun<PlanT>::stopIfWithinTolerance() {
  if (next != order.size() && isWithinTolerance())
    cut = Cut::WithinTolerance;
}

template <typename PlanT>
Expected<PlanT> BestRun<PlanT>::finish(double searchSeconds) {
  Clock::time_point searchStart = Clock::now();
  // Those before the finisher share the first half on the wall clock; the
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

template <typename PlanT> Expected<PlanT> BestRun<PlanT>::summarize() {
  double seconds =
      std::chrono::duration<double>(Clock::now() - startTime).count();
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
       << Ops::getSize(*outcomes[*winner].plan) << ")";
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
      os << Ops::getSize(*outcomes[i].plan);
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
                         100 * options.gapTolerance)
                     .str()
               : "out of time")
       << ", so " << join(notRun, ", ") << " did not run";
  // What the winner says of its own plan (a fallback it took, buffers a
  // clock left without reuse).
  if (winner && !outcomes[*winner].plan->details.empty())
    os << "; " << names[*winner] << ": " << outcomes[*winner].plan->details;
  os << formatv("; {0:f1} ms", seconds * 1e3);

  if (!winner)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             details);
  // What the others proved holds for the winner too: it is no larger.
  PlanOutcome summary;
  summary.strategy = names[*winner].str();
  for (const Outcome<PlanT> &outcome : outcomes) {
    if (!outcome.plan)
      continue;
    summary.stoppedByClock |= outcome.plan->outcome.stoppedByClock;
    if (outcome.checked)
      summary.provenBound =
          std::max(summary.provenBound, outcome.plan->outcome.provenBound);
  }
  summary.stoppedByClock |= cut == Cut::OutOfTime;
  summary.stackedByClock = outcomes[*winner].plan->outcome.stackedByClock;
  // A bound that waits is not computed past the deadline for this.
  if (std::optional<uint64_t> bound = getBound()) {
    summary.provenBound = std::max(summary.provenBound, *bound);
    if (Ops::kBoundIsLive)
      summary.liveBound = bound;
  }
  PlanT result = std::move(*outcomes[*winner].plan);
  summary.provenOptimal = Ops::getSize(result) <= summary.provenBound;
  result.outcome = std::move(summary);
  result.details = std::move(details);
  return result;
}

namespace {
/// An offset run as the second step of OffsetStrategy::startPlan.
class StagedBest final : public StagedOffsetPlan {
public:
  StagedBest(const BestParts<Plan> &parts, ArrayRef<Buffer> buffers)
      : run(parts, buffers) {
    run.runQuickStrategies();
  }
  bool wantsSearch() const override { return run.wantsSearch(); }
  Expected<Plan> finish(double searchSeconds) override {
    return run.finish(searchSeconds);
  }

private:
  BestRun<Plan> run;
};

class BestStrategy final : public OffsetStrategy {
public:
  explicit BestStrategy(BestParts<Plan> parts) : parts(std::move(parts)) {}

  StringRef getName() const override { return "best"; }

  /// Within `request.timeLimitSeconds`; it neither starts from a plan nor
  /// takes others'.
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &request) const override {
    BestRun<Plan> run(parts, buffers);
    run.runQuickStrategies();
    return run.finish(
        request.timeLimitSeconds.value_or(parts.options.timeLimitSeconds));
  }

  Expected<std::unique_ptr<StagedOffsetPlan>>
  startPlan(ArrayRef<Buffer> buffers) const override {
    return std::make_unique<StagedBest>(parts, buffers);
  }

private:
  BestParts<Plan> parts;
};

class BestObjectStrategy final : public ObjectStrategy {
public:
  explicit BestObjectStrategy(BestParts<ObjectPlan> parts)
      : parts(std::move(parts)) {}

  StringRef getName() const override { return "best"; }

  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override {
    BestRun<ObjectPlan> run(parts, buffers);
    run.runQuickStrategies();
    return run.finish(parts.options.timeLimitSeconds);
  }

private:
  BestParts<ObjectPlan> parts;
};
} // namespace

std::unique_ptr<OffsetStrategy>
createBestStrategy(std::vector<std::unique_ptr<OffsetStrategy>> candidates,
                   std::unique_ptr<OffsetStrategy> finisher,
                   const StrategyOptions &options) {
  return std::make_unique<BestStrategy>(
      BestParts<Plan>{std::move(candidates), std::move(finisher), options});
}

std::unique_ptr<ObjectStrategy> createBestObjectStrategy(
    std::vector<std::unique_ptr<ObjectStrategy>> candidates,
    const StrategyOptions &options) {
  return std::make_unique<BestObjectStrategy>(
      BestParts<ObjectPlan>{std::move(candidates), nullptr, options});
}

} // namespace memplan
