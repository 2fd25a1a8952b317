//===- PlannerFuzzer.cpp - libFuzzer target for the CSV reader and planner ===//
//
// Reads the input as a MiniMalloc CSV problem with the real reader. Errors
// must be clean (`fuzz.csv:LINE: error: ...`). A problem that parses is
// written back and read again, and when it is small enough to plan in
// milliseconds it is planned by every registered strategy of both modes.
// Every plan that comes back is checked with the independent validator and
// against the lower bounds; the bounds are computed a second time here, the
// simple way, to check them too. A strategy may fail only when a figure
// could overflow 64 bits, and then with an error, never a crash.
//
// A problem whose sizes name symbols (docs/dynamic.md) is planned for
// every value of them: the plan is checked for all values by its own
// validator, and at several points by the plain one, against the static
// plan it was read off and against its slab formula. Plain problems are
// planned that way too, as sizes with no symbol.
//
// Any violation prints what was wrong and aborts, which libFuzzer reports as
// a crash with the input that caused it. docs/planner-fuzzer.md says how to
// run it (scripts/fuzz-planner.sh).
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/Strategy.h"
#include "memplan/Planner/SymbolicPlan.h"
#include "memplan/Planner/Validator.h"
#include "memplan/Tooling/HeapMap.h"

// GapPlacer's segment tree, held to its scan in small shapes, in
// greedy-size's order among others.
#include "BufferOrder.h"
#include "ObjectStrategies/ObjectStrategies.h"
#include "Strategies/GapPlacement.h"

// The slow oracles of the unit tests (unittests/Planner).
#include "BruteForcePlanner.h"
#include "ReferenceGreedyByBreadth.h"
#include "ReferenceObjectStrategies.h"
#include "ReferenceStrategies.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <string>

using namespace llvm;
using namespace memplan;

namespace {

/// Larger problems are only parsed. Under the sanitizers, every strategy and
/// oracle on 32 buffers takes tens of milliseconds already, and mincost-flow
/// grows fastest.
constexpr size_t kMaxPlannedBuffers = 32;

/// The budget of the strategies that search (hill-climb, exact, best). The
/// exact search turns it into a fixed number of steps (600 million a
/// second), so 1e-4 s is 60,000 steps: enough to prove small problems, small
/// enough to keep each input fast.
constexpr double kSearchSeconds = 1e-4;

/// Problems whose sizes and alignments add up to less than this cannot make
/// any reasonable plan overflow 64 bits, so a strategy that fails on them
/// breaks its contract ("fails only if a size or an offset overflows").
constexpr uint64_t kRoomyTotal = uint64_t(1) << 60;

/// The brute-force optimum (every order of first-fit placements) is
/// computed for problems this small, with sizes and alignments adding up to
/// less than kTinyTotal.
constexpr size_t kMaxBruteForceBuffers = 6;
constexpr uint64_t kTinyTotal = uint64_t(1) << 32;

constexpr StringLiteral kFileName = "fuzz.csv";

[[noreturn]] void fail(const Twine &message) {
  errs() << "memplan-planner-fuzzer: " << message << '\n';
  errs().flush();
  std::abort();
}

void check(bool condition, const Twine &message) {
  if (!condition)
    fail(message);
}

/// Whether `value` holds a value; an error is consumed.
template <typename T> bool succeeded(Expected<T> &value) {
  if (value)
    return true;
  consumeError(value.takeError());
  return false;
}

bool sameBuffers(ArrayRef<Buffer> a, ArrayRef<Buffer> b) {
  return a.size() == b.size() && all_of(zip_equal(a, b), [](auto pair) {
           const auto &[x, y] = pair;
           return x.size == y.size && x.alignment == y.alignment &&
                  x.start == y.start && x.end == y.end &&
                  ArrayRef<LiveRange>(x.ranges) ==
                      ArrayRef<LiveRange>(y.ranges);
         });
}

/// Reads `text`, which a writer of ProblemCsv.h made from `buffers`, and
/// checks that it gives the same buffers back.
void checkReadsBack(StringRef text, ArrayRef<Buffer> buffers, StringRef what) {
  Expected<CsvProblem> again = readProblemCsv(text, kFileName);
  if (!again)
    fail(what + " is not read back: " + toString(again.takeError()) + "\n" +
         text);
  check(sameBuffers(again->buffers, buffers),
        what + " is read back as different buffers:\n" + text);
}

/// What the reader promises of a problem it accepts.
void checkParsed(const CsvProblem &problem) {
  size_t n = problem.buffers.size();
  // No field holds a comma: they were split at them.
  for (size_t row = 0, e = problem.getNumRows(); row != e; ++row)
    check(problem.getRow(row).count(',') + 1 == problem.columns.size(),
          "row " + Twine(row) + " has a field count unlike the columns'");
  StringSet<> ids;
  for (size_t i = 0; i != n; ++i) {
    const Buffer &buffer = problem.buffers[i];
    check(buffer.start < buffer.end,
          "buffer " + Twine(i) + " was accepted with an empty lifetime");
    check(isPowerOf2_64(buffer.alignment), "buffer " + Twine(i) +
                                               " was accepted with alignment " +
                                               Twine(buffer.alignment));
    check(!problem.getId(i).empty() && ids.insert(problem.getId(i)).second,
          "id '" + problem.getId(i) + "' was empty or accepted twice");
  }
}

/// Whether `buffer` is live at `time`, from its intervals one by one.
bool isLiveAt(const Buffer &buffer, uint64_t time) {
  if (buffer.ranges.empty())
    return buffer.start <= time && time < buffer.end;
  return any_of(buffer.ranges, [&](const LiveRange &range) {
    return range.start <= time && time < range.end;
  });
}

/// The moments buffers start to be live: the start of each interval.
SmallVector<uint64_t> getStartTimes(ArrayRef<Buffer> buffers) {
  SmallVector<uint64_t> times;
  for (const Buffer &buffer : buffers) {
    times.push_back(buffer.start);
    for (const LiveRange &range : buffer.ranges)
      times.push_back(range.start);
  }
  return times;
}

/// computeLowerBound's figure computed the plain way: the largest sum, over
/// the moments buffers start, of the sizes live then, each rounded up to the
/// least alignment, less the largest rounding among them (the highest
/// buffer keeps its own size). nullopt when it overflows 64 bits.
std::optional<uint64_t> simpleLowerBound(ArrayRef<Buffer> buffers) {
  // Offsets are multiples of the least alignment of the buffers that hold
  // bytes while live, so each buffer below the highest one live with it
  // takes its size rounded up to that.
  uint64_t least = UINT64_MAX;
  for (const Buffer &buffer : buffers)
    if (buffer.start < buffer.end && buffer.size != 0)
      least = std::min(least, buffer.alignment);
  uint64_t peak = 0;
  for (uint64_t at : getStartTimes(buffers)) {
    uint64_t live = 0, largestPadding = 0;
    for (const Buffer &buffer : buffers) {
      if (buffer.size == 0 || !isLiveAt(buffer, at))
        continue;
      uint64_t padding = (least - buffer.size % least) % least;
      std::optional<uint64_t> rounded =
          checkedAddUnsigned(buffer.size, padding);
      std::optional<uint64_t> sum =
          rounded ? checkedAddUnsigned(live, *rounded) : std::nullopt;
      if (!sum)
        return std::nullopt;
      live = *sum;
      largestPadding = std::max(largestPadding, padding);
    }
    peak = std::max(peak, live - largestPadding);
  }
  return peak;
}

/// Pisarchyk & Lee's positional maximums, computed the plain way from the
/// sizes live at each moment a buffer starts to be live.
SmallVector<uint64_t> simplePositionalMaximums(ArrayRef<Buffer> buffers) {
  SmallVector<uint64_t> maximums;
  for (uint64_t at : getStartTimes(buffers)) {
    SmallVector<uint64_t> live;
    for (const Buffer &buffer : buffers)
      if (buffer.size != 0 && isLiveAt(buffer, at))
        live.push_back(buffer.size);
    llvm::sort(live, std::greater<uint64_t>());
    if (maximums.size() < live.size())
      maximums.resize(live.size(), 0);
    for (auto [liveSize, maximum] : zip_first(live, maximums))
      maximum = std::max(maximum, liveSize);
  }
  return maximums;
}

/// Whether every size plus alignment adds up to less than `limit`, at most
/// 2^62.
bool isTotalBelow(ArrayRef<Buffer> buffers, uint64_t limit) {
  uint64_t total = 0;
  for (const Buffer &buffer : buffers) {
    if (buffer.size >= limit || buffer.alignment >= limit)
      return false;
    total += buffer.size + buffer.alignment;
    if (total >= limit)
      return false;
  }
  return true;
}

/// The bounds of Bounds.h against the plain computations above.
void checkBounds(ArrayRef<Buffer> buffers) {
  Expected<uint64_t> lowerBound = computeLowerBound(buffers);
  std::optional<uint64_t> simple = simpleLowerBound(buffers);
  if (!lowerBound) {
    std::string message = toString(lowerBound.takeError());
    if (simple)
      fail("computeLowerBound failed (" + message +
           ") but the plain computation gives " + Twine(*simple));
  } else if (!simple || *simple != *lowerBound) {
    fail("computeLowerBound is " + Twine(*lowerBound) +
         ", the plain computation " +
         (simple ? "gives " + Twine(*simple) : Twine("overflows")));
  }

  SmallVector<uint64_t> maximums = computePositionalMaximums(buffers);
  check(maximums == simplePositionalMaximums(buffers),
        "computePositionalMaximums differs from the plain computation");
  std::optional<uint64_t> sum = 0;
  for (uint64_t maximum : maximums)
    sum = sum ? checkedAddUnsigned(*sum, maximum) : std::nullopt;
  Expected<uint64_t> objectLowerBound = computeObjectLowerBound(buffers);
  if (!objectLowerBound) {
    consumeError(objectLowerBound.takeError());
    check(!sum, "computeObjectLowerBound failed without overflow");
  } else {
    check(sum && *sum == *objectLowerBound,
          "computeObjectLowerBound is not the sum of positional maximums");
  }

  uint64_t naive = 0;
  bool naiveOverflows = false;
  for (const Buffer &buffer : buffers) {
    std::optional<uint64_t> offset = checkedMulUnsigned(
        divideCeil(naive, buffer.alignment), buffer.alignment);
    std::optional<uint64_t> end =
        offset ? checkedAddUnsigned(*offset, buffer.size) : std::nullopt;
    if (!end) {
      naiveOverflows = true;
      break;
    }
    naive = *end;
  }
  Expected<uint64_t> naiveSize = computeNaiveSize(buffers);
  if (!naiveSize) {
    consumeError(naiveSize.takeError());
    check(naiveOverflows, "computeNaiveSize failed without overflow");
  } else if (naiveOverflows || *naiveSize != naive) {
    fail("computeNaiveSize is " + Twine(*naiveSize) + ", back to back is " +
         (naiveOverflows ? Twine("an overflow") : Twine(naive)));
  }
}

/// The end of the highest buffer of `plan`, which every strategy must give
/// as its slab.
uint64_t highestEnd(ArrayRef<Buffer> buffers, const Plan &plan) {
  uint64_t top = 0;
  for (auto [buffer, offset] : zip_equal(buffers, plan.offsets))
    top = std::max(top, offset + buffer.size);
  return top;
}

StrategyOptions getOptions() {
  StrategyOptions options;
  options.timeLimitSeconds = kSearchSeconds;
  return options;
}

/// Strategies whose plan may depend on the clock: they are not held to
/// giving the same plan twice, and `best` may not match their smallest.
bool dependsOnClock(StringRef name) {
  return name == "hill-climb" || name == "exact" || name == "best";
}

/// What a strategy says of its plan of `bytes` bytes must hold: it names
/// itself (best names a strategy it ran), proves no bound above the plan,
/// and proves a plan optimal only at its bound.
void checkOutcome(StringRef kind, StringRef name, const PlanOutcome &outcome,
                  uint64_t bytes, ArrayRef<StringRef> names) {
  std::string what = (kind + " strategy " + name).str();
  if (name == "best")
    check(outcome.strategy != "best" && is_contained(names, outcome.strategy),
          what + " names no strategy it ran: '" + outcome.strategy + "'");
  else
    check(outcome.strategy == name,
          what + " names another: '" + outcome.strategy + "'");
  check(outcome.provenBound <= bytes,
        what + " proved a bound of " + Twine(outcome.provenBound) +
            " bytes above its plan of " + Twine(bytes));
  check(!outcome.provenOptimal || outcome.provenBound == bytes,
        what + " says its plan is optimal, but proved a bound of " +
            Twine(outcome.provenBound) + " bytes below its " + Twine(bytes));
}

/// Plans `buffers` with every offset strategy and checks each plan. Returns
/// the smallest slab of a valid plan, if any.
std::optional<Plan> checkOffsetStrategies(const CsvProblem &problem,
                                          bool roomy) {
  ArrayRef<Buffer> buffers = problem.buffers;
  Expected<uint64_t> lowerBound = computeLowerBound(buffers);
  std::optional<uint64_t> bound;
  if (lowerBound)
    bound = *lowerBound;
  else
    consumeError(lowerBound.takeError());

  std::optional<Plan> smallest;
  std::optional<uint64_t> smallestSteady, bestSlab;
  for (StringRef name : getOffsetStrategyNames()) {
    std::unique_ptr<OffsetStrategy> strategy =
        createOffsetStrategy(name, getOptions());
    check(strategy && strategy->getName() == name,
          "offset strategy '" + name + "' is registered but not created");
    Expected<Plan> plan = strategy->plan(buffers);
    if (!plan) {
      std::string message = toString(plan.takeError());
      check(!roomy,
            "offset strategy " + name +
                " failed on a problem that cannot overflow: " + message);
      continue;
    }
    check(plan->offsets.size() == buffers.size(),
          "offset strategy " + name + " gave " + Twine(plan->offsets.size()) +
              " offsets for " + Twine(buffers.size()) + " buffers");
    if (Error error = validatePlan(buffers, *plan))
      fail("offset strategy " + name +
           " gave an invalid plan: " + toString(std::move(error)));
    check(bound && plan->slabSize >= *bound,
          "offset strategy " + name + " has a slab of " +
              Twine(plan->slabSize) + " bytes, below the lower bound");
    check(plan->slabSize == highestEnd(buffers, *plan),
          "offset strategy " + name + " has a slab of " +
              Twine(plan->slabSize) +
              " bytes, but its highest buffer ends at " +
              Twine(highestEnd(buffers, *plan)));
    checkOutcome("offset", name, plan->outcome, plan->slabSize,
                 getOffsetStrategyNames());
    if (name == "naive") {
      Expected<uint64_t> naive = computeNaiveSize(buffers);
      check(succeeded(naive) && *naive == plan->slabSize,
            "the naive strategy's slab is not computeNaiveSize");
    }
    if (!dependsOnClock(name)) {
      Expected<Plan> again = strategy->plan(buffers);
      check(succeeded(again) && again->offsets == plan->offsets &&
                again->slabSize == plan->slabSize,
            "offset strategy " + name + " is not deterministic");
      smallestSteady =
          std::min(smallestSteady.value_or(UINT64_MAX), plan->slabSize);
    }
    if (name == "best")
      bestSlab = plan->slabSize;
    if (!smallest || plan->slabSize < smallest->slabSize)
      smallest = std::move(*plan);
  }
  // best runs all the others, and exact only ever improves on them.
  if (bestSlab && smallestSteady)
    check(*bestSlab <= *smallestSteady, "best's slab " + Twine(*bestSlab) +
                                            " is above another strategy's " +
                                            Twine(*smallestSteady));
  return smallest;
}

/// The exact solver's proven lower bound may never exceed a valid plan, and
/// its capacity answers must agree with the plans found.
void checkExactSolver(ArrayRef<Buffer> buffers, const Plan &smallest,
                      bool roomy) {
  // On the tiniest problems the true optimum is known, so the exact
  // solver's proofs can be held to it, not just to the plans found.
  std::optional<uint64_t> optimum;
  if (buffers.size() <= kMaxBruteForceBuffers &&
      isTotalBelow(buffers, kTinyTotal)) {
    Plan brute = bruteForceMinimum(buffers);
    if (Error error = validatePlan(buffers, brute))
      fail("the brute-force oracle gave an invalid plan: " +
           toString(std::move(error)));
    check(brute.slabSize <= smallest.slabSize,
          "a valid plan of " + Twine(smallest.slabSize) +
              " bytes is below the brute-force optimum " +
              Twine(brute.slabSize));
    optimum = brute.slabSize;
  }

  std::vector<std::unique_ptr<OffsetStrategy>> starters =
      createExactStartingStrategies();
  ExactOptions options;
  options.timeLimitSeconds = kSearchSeconds;
  options.startingStrategies = getStrategyPointers(starters);
  Expected<ExactResult> result = solveExact(buffers, options);
  if (!result) {
    // Like the strategies, it may fail where a figure could overflow.
    std::string message = toString(result.takeError());
    check(!roomy,
          "solveExact failed on a problem that cannot overflow: " + message);
    return;
  }
  uint64_t feasible = optimum.value_or(smallest.slabSize);
  check(result->lowerBound <= feasible,
        "solveExact proved a lower bound of " + Twine(result->lowerBound) +
            " bytes, above a valid plan of " + Twine(feasible));
  check(result->plan.has_value(), "solveExact returned no plan");
  check(result->plan->slabSize >= result->lowerBound,
        "solveExact's plan is below its own lower bound");
  if (Error error = validatePlan(buffers, *result->plan))
    fail("solveExact gave an invalid plan: " + toString(std::move(error)));

  // Capacities at the smallest slab known to fit (a plan exists) and
  // halfway down to the live peak (a plan may exist).
  uint64_t peak = *simpleLowerBound(buffers);
  for (uint64_t capacity : {feasible, peak + (feasible - peak) / 2}) {
    options.capacity = capacity;
    Expected<ExactResult> answer = solveExact(buffers, options);
    if (!answer) {
      std::string message = toString(answer.takeError());
      check(!roomy, "solveExact with a capacity failed on a problem that "
                    "cannot overflow: " +
                        message);
      continue;
    }
    switch (answer->answer) {
    case CapacityAnswer::Fits:
      check(answer->plan && answer->plan->slabSize <= capacity,
            "solveExact says Fits in " + Twine(capacity) +
                " bytes without a plan that fits");
      if (Error error = validatePlan(buffers, *answer->plan))
        fail("solveExact's plan for a capacity is invalid: " +
             toString(std::move(error)));
      break;
    case CapacityAnswer::DoesNotFit:
      check(capacity < feasible,
            "solveExact says nothing fits in " + Twine(capacity) +
                " bytes, but a valid plan has a slab of " + Twine(feasible));
      check(!answer->plan, "solveExact says DoesNotFit with a plan");
      break;
    case CapacityAnswer::Unknown:
      break;
    }
  }
}

/// Plans `buffers` with every object strategy and checks each plan. Returns
/// the plan with the smallest total, if any.
std::optional<ObjectPlan> checkObjectStrategies(ArrayRef<Buffer> buffers,
                                                bool roomy) {
  Expected<uint64_t> lowerBound = computeObjectLowerBound(buffers);
  std::optional<uint64_t> bound;
  if (lowerBound)
    bound = *lowerBound;
  else
    consumeError(lowerBound.takeError());

  std::optional<ObjectPlan> smallest;
  std::optional<uint64_t> smallestOther, bestTotal;
  for (StringRef name : getObjectStrategyNames()) {
    std::unique_ptr<ObjectStrategy> strategy =
        createObjectStrategy(name, getOptions());
    check(strategy && strategy->getName() == name,
          "object strategy '" + name + "' is registered but not created");
    Expected<ObjectPlan> plan = strategy->plan(buffers);
    if (!plan) {
      std::string message = toString(plan.takeError());
      check(!roomy,
            "object strategy " + name +
                " failed on a problem that cannot overflow: " + message);
      continue;
    }
    check(plan->objectOf.size() == buffers.size(),
          "object strategy " + name + " assigned " +
              Twine(plan->objectOf.size()) + " buffers of " +
              Twine(buffers.size()));
    if (Error error = validateObjectPlan(buffers, *plan))
      fail("object strategy " + name +
           " gave an invalid plan: " + toString(std::move(error)));
    uint64_t total = plan->getTotalSize();
    checkOutcome("object", name, plan->outcome, total,
                 getObjectStrategyNames());
    check(bound && total >= *bound, "object strategy " + name +
                                        " has a total of " + Twine(total) +
                                        " bytes, below the lower bound");
    Expected<ObjectPlan> again = strategy->plan(buffers);
    check(succeeded(again) && again->objectOf == plan->objectOf &&
              again->objectSizes == plan->objectSizes,
          "object strategy " + name + " is not deterministic");
    if (name == "best")
      bestTotal = total;
    else
      smallestOther = std::min(smallestOther.value_or(UINT64_MAX), total);
    if (!smallest || total < smallest->getTotalSize())
      smallest = std::move(*plan);
  }
  if (bestTotal && smallestOther)
    check(*bestTotal <= *smallestOther,
          "object best's total " + Twine(*bestTotal) +
              " is above another strategy's " + Twine(*smallestOther));
  return smallest;
}

/// Whether two results are the same plan (offsets, slab and details) or the
/// same error.
template <typename PlanT>
bool samePlans(Expected<PlanT> fast, Expected<PlanT> slow,
               function_ref<bool(const PlanT &, const PlanT &)> equal) {
  if (!fast || !slow) {
    std::string fastError = fast ? "" : toString(fast.takeError());
    std::string slowError = slow ? "" : toString(slow.takeError());
    return fastError == slowError;
  }
  return equal(*fast, *slow) && fast->details == slow->details;
}

/// The strategies that keep a deadline by stopping as they place (offsets:
/// ClockedPlacement.h; objects: ObjectSet::takeStoppedPlan), each given one
/// that has passed: the plan is valid at once, and every buffer that takes
/// up memory is counted as left sharing nothing.
void checkStoppedByClock(ArrayRef<Buffer> buffers, bool roomy) {
  StrategyOptions late = getOptions();
  late.deadline = Deadline::after(1e-9);
  while (!late.deadline.hasPassed()) {
  }
  size_t occupying = count_if(buffers, [](const Buffer &buffer) {
    return buffer.size != 0 && buffer.start < buffer.end;
  });
  for (StringRef name :
       {"greedy-size", "greedy-breadth", "greedy-in-order", "strip-best-fit",
        "path-cover", "start-best-fit", "gergov"}) {
    Expected<Plan> plan = createOffsetStrategy(name, late)->plan(buffers);
    if (!plan) {
      std::string message = toString(plan.takeError());
      check(!roomy, "offset strategy " + name +
                        " past its deadline failed "
                        "on a problem that cannot overflow: " +
                        message);
      continue;
    }
    if (Error error = validatePlan(buffers, *plan))
      fail("offset strategy " + name +
           " past its deadline gave an invalid "
           "plan: " +
           toString(std::move(error)));
    check(plan->outcome.stackedByClock == occupying,
          "offset strategy " + name + " past its deadline stacked " +
              Twine(plan->outcome.stackedByClock) + " of the " +
              Twine(occupying) + " buffers that take up memory");
    check(!occupying || plan->outcome.stoppedByClock,
          "offset strategy " + name +
              " stacked buffers but does not say it "
              "was stopped by the clock");
  }
  size_t sized =
      count_if(buffers, [](const Buffer &buffer) { return buffer.size != 0; });
  // (mincost-flow stops only where greedy-size stands in for it, above
  // 1000 buffers: far more than a fuzzed problem has.)
  for (StringRef name : {"greedy-size", "greedy-size-improved",
                         "greedy-breadth", "greedy-in-order"}) {
    Expected<ObjectPlan> plan = createObjectStrategy(name, late)->plan(buffers);
    if (!plan) {
      // Objects mode rejects empty lifetimes; the other checks cover that.
      consumeError(plan.takeError());
      continue;
    }
    if (Error error = validateObjectPlan(buffers, *plan))
      fail("object strategy " + name +
           " past its deadline gave an invalid "
           "plan: " +
           toString(std::move(error)));
    check(plan->outcome.stackedByClock == sized,
          "object strategy " + name + " past its deadline left " +
              Twine(plan->outcome.stackedByClock) + " of the " + Twine(sized) +
              " buffers of nonzero size in objects of their own");
  }
}

/// The fast strategies against the slow versions the unit tests hold them to
/// (unittests/Planner/Reference*.h): the same plans or the same errors, on
/// problems no test generator made. The references take one interval per
/// buffer, so a problem with gapped lifetimes is compared as its hulls (the
/// other checks plan it as it is).
void checkAgainstOracles(ArrayRef<Buffer> problem) {
  SmallVector<Buffer> hulls = getHulls(problem);
  ArrayRef<Buffer> buffers = hulls;
  auto sameOffsets = [](const Plan &a, const Plan &b) {
    return a.offsets == b.offsets && a.slabSize == b.slabSize;
  };
  auto planWith = [&](StringRef name) {
    return createOffsetStrategy(name, getOptions())->plan(buffers);
  };
  check(samePlans<Plan>(planWith("strip-best-fit"),
                        planStripBestFitReference(buffers), sameOffsets),
        "strip-best-fit differs from its reference");
  // The reader rejects the empty lifetimes that planGergovReference cannot
  // take.
  check(samePlans<Plan>(planWith("gergov"), planGergovReference(buffers),
                        sameOffsets),
        "gergov differs from its reference");

  // This reference says nullopt where the strategy fails, and no details.
  Expected<Plan> breadth = planWith("greedy-breadth");
  std::optional<Plan> breadthReference = planGreedyByBreadthReference(buffers);
  if (!breadth) {
    std::string message = toString(breadth.takeError());
    check(!breadthReference, "greedy-breadth failed (" + message +
                                 ") where its reference planned");
  } else {
    check(breadthReference && sameOffsets(*breadth, *breadthReference),
          "greedy-breadth differs from its reference");
  }

  auto sameObjects = [](const ObjectPlan &a, const ObjectPlan &b) {
    return a.objectOf == b.objectOf && a.objectSizes == b.objectSizes;
  };
  for (StringRef name : {"greedy-size", "greedy-in-order", "greedy-breadth",
                         "greedy-size-improved"})
    check(samePlans<ObjectPlan>(
              createObjectStrategy(name, getOptions())->plan(buffers),
              reference::planReference(name, buffers), sameObjects),
          "object strategy " + name + " differs from its reference");
  // Greedy-size sweeps a size's buffers only where scanning could cost more,
  // which problems this small seldom reach: the sweep for every size too.
  check(samePlans<ObjectPlan>(memplan::detail::createGreedyBySizeObjectStrategy(
                                  memplan::detail::FreeObjectSearch::Sweep)
                                  ->plan(buffers),
                              reference::planReference("greedy-size", buffers),
                              sameObjects),
        "object greedy-size with its sweep differs from its reference");
}

/// GapPlacer's segment tree against its scan, which the strategies never
/// compare on problems this small (they scan up to kScanLimit buffers): the
/// same plan, in greedy-size's order and in the input's, in every small
/// shape of a table that reaches each kind of list the tree keeps. The tree
/// holds each buffer at its hull, where the scan compares the intervals of
/// gapped lifetimes: they are compared on the hulls.
void checkTreeShapes(ArrayRef<Buffer> problem) {
  SmallVector<Buffer> hulls = getHulls(problem);
  ArrayRef<Buffer> buffers = hulls;
  using memplan::detail::GapPlacer;
  using memplan::detail::GapTreeShape;
  using memplan::detail::OverlapSearch;
  // {full levels, slotted levels, bands, band span, banded from}: the
  // default shape, then shapes of a few levels each.
  static const GapTreeShape shapes[] = {{},
                                        {0, 0, 0, 1, 1},
                                        {1, 1, 2, 1, 1},
                                        {2, 2, 4, 1, 4},
                                        {3, 32, 8, 2, 1},
                                        {32, 1, 1, 1, 1},
                                        {0, 3, 1024, 1, 2}};
  SmallVector<unsigned> inputOrder(buffers.size());
  std::iota(inputOrder.begin(), inputOrder.end(), 0u);
  SmallVector<unsigned> largestFirst =
      memplan::detail::getLargestFirstOrder(buffers);
  auto place = [&](ArrayRef<unsigned> order, OverlapSearch search,
                   const GapTreeShape &shape) {
    Plan plan;
    GapPlacer placer(buffers, plan, search, shape);
    for (unsigned index : order)
      if (!placer.place(index))
        return std::optional<Plan>();
    return std::optional<Plan>(plan);
  };
  for (ArrayRef<unsigned> order :
       {ArrayRef(inputOrder), ArrayRef(largestFirst)}) {
    std::optional<Plan> scan = place(order, OverlapSearch::Scan, {});
    for (auto [index, shape] : llvm::enumerate(shapes)) {
      std::optional<Plan> tree =
          place(order, OverlapSearch::SegmentTree, shape);
      check(tree.has_value() == scan.has_value() &&
                (!tree || (tree->offsets == scan->offsets &&
                           tree->slabSize == scan->slabSize)),
            "GapPlacer's segment tree in shape " + Twine(index) +
                " differs from its scan");
    }
  }
}

/// The writers and the heap map, on plans that passed the validator.
void checkOutputs(const CsvProblem &problem, const std::optional<Plan> &plan,
                  const std::optional<ObjectPlan> &objects) {
  ArrayRef<Buffer> buffers = problem.buffers;
  SmallVector<HeapMapPicture, 2> pictures;
  if (plan) {
    std::string text;
    raw_string_ostream os(text);
    writeOffsetsCsv(os, problem, plan->offsets);
    checkReadsBack(text, buffers, "writeOffsetsCsv's output");
    HeapMapPicture picture;
    picture.buffers.assign(buffers.begin(), buffers.end());
    picture.offsets = plan->offsets;
    picture.peak = plan->slabSize;
    pictures.push_back(std::move(picture));
  }
  if (objects) {
    // The objects back to back, as memplan-solve writes them, are a valid
    // offsets plan too, unless the padding overflows.
    SlabPlan slabs = toSlabPlan(buffers, *objects);
    if (Error error = validateSlabPlan(buffers, slabs))
      fail("a valid object plan is not a valid slab plan: " +
           toString(std::move(error)));
    SmallVector<uint64_t> offsets(buffers.size(), 0);
    if (Expected<Plan> laidOut = layOutBackToBack(buffers, slabs)) {
      if (Error error = validatePlan(buffers, *laidOut))
        fail("the objects laid back to back are an invalid plan: " +
             toString(std::move(error)));
      offsets = laidOut->offsets;
    } else {
      consumeError(laidOut.takeError());
    }
    std::string text;
    raw_string_ostream os(text);
    writeObjectsCsv(os, problem, objects->objectOf, offsets);
    checkReadsBack(text, buffers, "writeObjectsCsv's output");
    pictures.push_back(makeObjectsHeapMap(buffers, objects->objectOf,
                                          objects->objectSizes, 0));
  }
  raw_null_ostream svg;
  writeHeapMapSvg(svg, pictures);
}

/// Plans `problem` for every value of its symbols with greedy-size, read
/// off at a few points, and checks it wherever it is evaluated.
void checkSymbolicPlan(const SymbolicProblem &problem) {
  size_t numSymbols = problem.symbols.size();
  std::unique_ptr<OffsetStrategy> greedy =
      createOffsetStrategy("greedy-size", getOptions());
  SmallVector<SmallVector<uint64_t>> points;
  for (uint64_t value : {1, 3, 64})
    points.push_back(SmallVector<uint64_t>(numSymbols, value));
  for (ArrayRef<uint64_t> hint : points) {
    // Weighed over the points too from the first hint on, which brings in
    // the plan with fixed sizes below.
    Expected<SymbolicPlan> plan =
        planSymbolically(problem, *greedy, {SmallVector<uint64_t>(hint)},
                         hint.data() == points.front().data()
                             ? ArrayRef<SmallVector<uint64_t>>(points)
                             : ArrayRef<SmallVector<uint64_t>>());
    if (!plan) {
      // Only a size that overflows at the point may stop it.
      std::string message = toString(plan.takeError());
      check(StringRef(message).contains("overflows 64 bits"),
            "a symbolic plan failed: " + message);
      continue;
    }
    if (Error error = validateSymbolicPlan(problem, *plan))
      fail("a symbolic plan is invalid: " + toString(std::move(error)));
    Expected<SmallVector<Buffer>> atHint = problem.instantiate(hint);
    Expected<Plan> fixed =
        atHint ? greedy->plan(*atHint) : Expected<Plan>(atHint.takeError());
    std::optional<SlabFormula> formula = getSlabFormula(problem, *plan, 16);
    for (ArrayRef<uint64_t> values : points) {
      Expected<SmallVector<Buffer>> buffers = problem.instantiate(values);
      Expected<Plan> placed = evaluateSymbolicPlan(problem, *plan, values);
      if (!buffers || !placed) {
        consumeError(buffers.takeError());
        consumeError(placed.takeError());
        continue;
      }
      if (Error error = validatePlan(*buffers, *placed))
        fail("a symbolic plan is invalid at a point: " +
             toString(std::move(error)));
      if (values.data() == hint.data() && fixed)
        check(placed->slabSize <= fixed->slabSize,
              "a symbolic plan is larger at its hint than the plan it was "
              "read off");
      if (!formula)
        continue;
      std::optional<uint64_t> largest = 0;
      for (const SizeExpr &part : formula->largestOf) {
        std::optional<uint64_t> value = part.evaluate(values);
        largest = value && largest ? std::max(*largest, *value)
                                   : std::optional<uint64_t>();
      }
      if (largest)
        check(formula->exact ? *largest == placed->slabSize
                             : *largest >= placed->slabSize,
              "a slab formula disagrees with its plan: " +
                  formula->toString(problem.symbols));
    }
    if (!fixed)
      consumeError(fixed.takeError());
  }
}

} // namespace

/// Both arena choices put every buffer in one arena, plan each within its
/// capacity, and keep no more traffic in the first than the bound; the
/// traffic is the `accessed` column's where the input has one.
void checkArenaAssignment(const CsvProblem &problem) {
  ArrayRef<Buffer> buffers = problem.buffers;
  Expected<std::optional<SmallVector<uint64_t>>> accessed =
      readNumberColumn(problem, "accessed");
  if (!accessed)
    fail("the accessed column the reader took cannot be read: " +
         toString(accessed.takeError()));
  SmallVector<uint64_t> traffic;
  if (*accessed)
    traffic = std::move(**accessed);
  else
    for (auto [index, buffer] : llvm::enumerate(buffers))
      traffic.push_back(checkedMulUnsigned(buffer.size, uint64_t(index % 7 + 1))
                            .value_or(UINT64_MAX));
  Expected<uint64_t> bound = computeLowerBound(buffers);
  if (!bound) {
    consumeError(bound.takeError());
    return;
  }
  uint64_t fast = std::max<uint64_t>(*bound / 3, 1);
  SmallVector<ArenaSpec> arenas = {{"fast", fast},
                                   {"middle", std::max<uint64_t>(*bound, 1)},
                                   {"slow", std::nullopt}};
  std::unique_ptr<OffsetStrategy> greedy =
      createOffsetStrategy("greedy-size", getOptions());
  uint64_t most = boundArenaTraffic(buffers, traffic, fast);
  // What each single choice keeps, arena by arena; best keeps no less.
  SmallVector<SmallVector<uint64_t>> kept;
  for (ArenaChoice choice : {ArenaChoice::Traffic, ArenaChoice::Accessed,
                             ArenaChoice::FallThrough, ArenaChoice::Best}) {
    Expected<ArenaAssignment> assignment =
        assignArenas(buffers, traffic, arenas, *greedy, choice);
    if (!assignment) {
      std::string message = toString(assignment.takeError());
      check(StringRef(message).contains("overflows"),
            "an arena assignment failed: " + message);
      continue;
    }
    size_t placed = 0;
    for (auto [arena, members] : llvm::enumerate(assignment->members)) {
      SmallVector<Buffer> subset;
      for (unsigned buffer : members) {
        check(assignment->arenaOf[buffer] == arena,
              "a buffer is a member of an arena it is not in");
        subset.push_back(buffers[buffer]);
      }
      placed += members.size();
      if (Error error = validatePlan(subset, assignment->plans[arena]))
        fail("an arena's plan is invalid: " + toString(std::move(error)));
      if (arenas[arena].capacity)
        check(assignment->plans[arena].slabSize <= *arenas[arena].capacity,
              "an arena's plan exceeds its capacity");
    }
    check(placed == buffers.size(), "a buffer is in no arena, or in two");
    check(assignment->traffic.front() <= most,
          "an arena choice keeps more traffic than the bound");
    if (choice == ArenaChoice::Best)
      for (const SmallVector<uint64_t> &single : kept)
        check(assignment->traffic >= single,
              "best keeps less traffic than a single choice");
    else
      kept.push_back(assignment->traffic);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef text(reinterpret_cast<const char *>(data), size);
  Expected<CsvProblem> problem =
      readProblemCsv(text, kFileName, CsvSizes::Symbolic);
  if (problem && problem->hasSymbolicSizes()) {
    if (problem->buffers.size() <= kMaxPlannedBuffers)
      checkSymbolicPlan(SymbolicProblem{problem->symbols, problem->buffers,
                                        problem->symbolicSizes});
    return 0;
  }
  if (!problem)
    consumeError(problem.takeError());
  problem = readProblemCsv(text, kFileName);
  if (!problem) {
    std::string message = toString(problem.takeError());
    check(StringRef(message).starts_with(kFileName.str() + ":") &&
              StringRef(message).contains(": error: "),
          "a reader error without FILE:LINE: error: " + message);
    return 0;
  }
  checkParsed(*problem);
  ArrayRef<Buffer> buffers = problem->buffers;

  std::string written;
  raw_string_ostream os(written);
  writeProblemCsv(os, buffers);
  checkReadsBack(written, buffers, "writeProblemCsv's output");

  // -1 keeps inputs that are only parsed out of the corpus.
  if (buffers.size() > kMaxPlannedBuffers)
    return -1;

  checkBounds(buffers);
  bool roomy = isTotalBelow(buffers, kRoomyTotal);
  std::optional<Plan> plan = checkOffsetStrategies(*problem, roomy);
  if (plan)
    checkExactSolver(buffers, *plan, roomy);
  std::optional<ObjectPlan> objects = checkObjectStrategies(buffers, roomy);
  checkStoppedByClock(buffers, roomy);
  checkAgainstOracles(buffers);
  checkTreeShapes(buffers);
  checkOutputs(*problem, plan, objects);
  checkArenaAssignment(*problem);
  SymbolicProblem constant{{}, problem->buffers, {}};
  for (const Buffer &buffer : buffers)
    constant.sizes.push_back(SizeExpr::getConstant(buffer.size));
  checkSymbolicPlan(constant);
  return 0;
}
