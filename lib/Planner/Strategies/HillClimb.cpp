//===- HillClimb.cpp - Local search over greedy placement orders ----------===//
//
// A solution is an order of the buffers; the plan of an order places each
// buffer in turn by the rule of greedy-size (Pisarchyk & Lee, Algorithm 3,
// with alignment): the smallest gap that fits among the placed buffers that
// overlap it in time, the lowest on a tie, else above them all. The first
// order is greedy-size's (largest first), so the search starts from
// greedy-size's plan.
//
//  * Start: the strategies it is given run once (the registry gives it
//    greedy-size and every other "greedy-*" strategy; those after
//    greedy-size only while time is left); the smallest slab is the
//    incumbent. (Only greedy-size's order is searched from: the other
//    plans are not orders.)
//  * Moves: the critical buffers are those that end at the slab top and
//    those live at the start of the first (lowest index) such buffer, where
//    the peak is. A move takes one at random and either moves it to a random
//    earlier position in the order, or swaps it with a random other buffer
//    (one half each; a buffer already first is always swapped). Only the
//    order from the first changed position on is placed again.
//  * Acceptance: first improvement. A move is kept if the slab does not
//    grow; equal slabs are kept too so that the search can walk across
//    plateaus, and only smaller ones count as improvements.
//  * Stop: at the lower bound (computeLowerBound), after kMaxMoves moves,
//    or when StrategyOptions::timeLimitSeconds have passed (asked before
//    each move and during the long steps: the neighbours' sweep, and every
//    few hundred buffers a move places). Where more than
//    kMaxNeighbourPairs pairs of buffers overlap in time, the search does
//    not start: its neighbours would not fit in memory, nor its moves in
//    any time limit.
//
// Random choices come from std::mt19937_64 seeded with StrategyOptions::seed
// (whose sequence the C++ standard fixes), so a run that stops at the cap or
// the bound is reproducible on any machine. A run stopped
// by the time limit has tried as many moves as the machine allowed, so its
// result may depend on machine speed; Plan::details says which stop applied.
//
// Each move costs at most one greedy placement, O(sum over buffers of
// d log d) where d is the number of buffers overlapping one in time. The
// neighbours in time are found once, by a sweep (OverlapGraph.h). The
// search's first placement, greedy-size's order, is greedy-size's plan,
// which the start computed already (the rules agree where no buffer of
// bytes has an empty lifetime, which OverlapGraph pairs with those live
// across it).
//
//===----------------------------------------------------------------------===//

#include "GapPlacement.h"
#include "Strategies.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/CheckedMath.h"

#include "../BufferOrder.h"
#include "../OverlapGraph.h"
#include "../SearchBudget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <optional>
#include <random>

using namespace llvm;

namespace memplan {

namespace {
/// Enough to settle problems of a few hundred buffers, little enough that a
/// run without a time limit stays short.
constexpr unsigned kMaxMoves = 1000;
/// 32M pairs: the sweep's peak is 16 bytes a pair (512 MiB). The long-lived
/// problem of 20k buffers (about 1.8k live at once) has 20.6M.
constexpr size_t kMaxNeighbourPairs = size_t(1) << 25;

class OrderPlacer;

class HillClimbStrategy final : public OffsetStrategy {
public:
  HillClimbStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                    const StrategyOptions &options)
      : starters(std::move(starters)), options(options) {}

  StringRef getName() const override { return "hill-climb"; }

  /// Takes the starters' plans from `request.known` where it has them.
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &request) const override;

private:
  /// The starting plans: the smallest, and greedy-size's, the search's
  /// first placement.
  struct Starts {
    std::optional<Plan> incumbent;
    std::optional<Plan> greedy;
    std::string name;
    /// Each start's slab, for the details.
    std::string figures;
    unsigned run = 0;
  };
  /// Runs (or takes from `known`) the starters, greedy-size first, the
  /// others while there is time.
  Expected<Starts> collectStarts(ArrayRef<Buffer> buffers,
                                 PlanRequest::KnownPlans known,
                                 function_ref<bool()> outOfTime) const;

  /// What the search did.
  struct Climb {
    SmallVector<uint64_t> bestOffsets;
    uint64_t bestSlab = 0;
    unsigned moves = 0, improvements = 0;
    const char *stop = nullptr;
    bool stoppedByClock = false;
  };
  /// Moves critical buffers in the placement order from `order` (placed at
  /// `offsets`, `slab` bytes), keeping each move that does not raise the
  /// slab, until the bound, the move cap, the clock or nothing to move.
  Climb climb(ArrayRef<Buffer> buffers, OrderPlacer &placer,
              SmallVector<unsigned> order, SmallVector<uint64_t> offsets,
              uint64_t slab, uint64_t startSlab, uint64_t lowerBound,
              function_ref<bool()> outOfTime) const;

  /// Says what was done, in the details for people and in the outcome for
  /// tools: reaching the lower bound proves the plan optimal.
  void describe(Plan &result, const Starts &starts, uint64_t startSlab,
                uint64_t lowerBound, unsigned moves, unsigned improvements,
                const char *stop, bool stoppedByClock = false) const;

  /// greedy-size first: it wins ties and its failure is the search's.
  std::vector<std::unique_ptr<OffsetStrategy>> starters;
  StrategyOptions options;
};

/// Places buffers in a given order by greedy-size's smallest-gap rule.
class OrderPlacer {
public:
  // Zero-size buffers never constrain anyone, so they have no neighbours.
  OrderPlacer(ArrayRef<Buffer> buffers, detail::OverlapGraph neighbours)
      : buffers(buffers), neighbours(std::move(neighbours)),
        placed(buffers.size(), false) {}

  /// Places order[from...] given the offsets of order[0, from) and returns
  /// the slab, or nullopt if an end overflows 64 bits or `stop()`, asked
  /// every few hundred buffers, says to give up (`stopped` says which).
  std::optional<uint64_t> place(ArrayRef<unsigned> order, unsigned from,
                                MutableArrayRef<uint64_t> offsets,
                                function_ref<bool()> stop, bool &stopped) {
    stopped = false;
    for (auto [position, index] : llvm::enumerate(order))
      placed[index] = position < from;
    for (auto [count, index] : llvm::enumerate(order.drop_front(from))) {
      if (count % 256 == 255 && stop()) {
        stopped = true;
        return std::nullopt;
      }
      if (!placeOne(index, offsets))
        return std::nullopt;
      placed[index] = true;
    }
    uint64_t slab = 0;
    for (auto [index, buffer] : llvm::enumerate(buffers))
      slab = std::max(slab, offsets[index] + buffer.size);
    return slab;
  }

private:
  bool placeOne(unsigned index, MutableArrayRef<uint64_t> offsets) {
    const Buffer &buffer = buffers[index];
    if (buffer.size == 0) {
      offsets[index] = 0;
      return true;
    }
    // The placed neighbours by offset, then index, as greedy-size scans them.
    scratch.clear();
    for (unsigned other : neighbours.getNeighbours(index))
      if (placed[other])
        scratch.push_back(other);
    llvm::sort(scratch, [&](unsigned lhs, unsigned rhs) {
      return offsets[lhs] != offsets[rhs] ? offsets[lhs] < offsets[rhs]
                                          : lhs < rhs;
    });

    uint64_t prev = 0;
    std::optional<uint64_t> bestOffset;
    uint64_t smallestGap = 0;
    for (unsigned other : scratch) {
      uint64_t xOffset = offsets[other];
      if (xOffset > prev) {
        std::optional<uint64_t> candidate =
            detail::fitInGap(buffer, prev, xOffset);
        uint64_t gap = xOffset - prev;
        if (candidate && (!bestOffset || gap < smallestGap)) {
          bestOffset = candidate;
          smallestGap = gap;
        }
      }
      // Cannot overflow: the end was checked when `other` was placed.
      prev = std::max(prev, xOffset + buffers[other].size);
    }
    if (!bestOffset) {
      std::optional<AlignedPlacement> above =
          checkedPlaceAbove(prev, buffer.alignment, buffer.size);
      if (!above)
        return false;
      bestOffset = above->offset;
    }
    offsets[index] = *bestOffset;
    return true;
  }

  ArrayRef<Buffer> buffers;
  detail::OverlapGraph neighbours;
  SmallVector<bool> placed;
  SmallVector<unsigned> scratch;
};
} // namespace

/// The buffers that make the peak of a placement of slab `slab`.
static SmallVector<unsigned> criticalBuffers(ArrayRef<Buffer> buffers,
                                             ArrayRef<uint64_t> offsets,
                                             uint64_t slab) {
  SmallVector<unsigned> critical;
  std::optional<uint64_t> peakTime;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size != 0 && offsets[index] + buffer.size == slab) {
      critical.push_back(index);
      if (!peakTime)
        peakTime = buffer.start;
    }
  if (peakTime)
    for (auto [index, buffer] : llvm::enumerate(buffers))
      if (buffer.size != 0 && buffer.isLiveAt(*peakTime) &&
          offsets[index] + buffer.size != slab)
        critical.push_back(index);
  return critical;
}

Expected<HillClimbStrategy::Starts>
HillClimbStrategy::collectStarts(ArrayRef<Buffer> buffers,
                                 PlanRequest::KnownPlans known,
                                 function_ref<bool()> outOfTime) const {
  Starts starts;
  for (const std::unique_ptr<OffsetStrategy> &strategy : starters) {
    StringRef name = strategy->getName();
    const Plan *knownPlan = known ? known(name) : nullptr;
    // greedy-size always runs; the others only while there is time, as
    // each takes about as long on a large problem.
    if (!knownPlan && strategy != starters.front() && outOfTime())
      break;
    Expected<Plan> plan =
        knownPlan ? Expected<Plan>(*knownPlan) : strategy->plan(buffers);
    if (!plan) {
      // greedy-size fails only on overflow, which any order would hit too.
      if (strategy == starters.front())
        return plan.takeError();
      consumeError(plan.takeError());
      continue;
    }
    ++starts.run;
    if (strategy == starters.front())
      starts.greedy = *plan;
    starts.figures += (starts.figures.empty() ? "" : ", ") + name.str() + " " +
                      std::to_string(plan->slabSize);
    if (!starts.incumbent || plan->slabSize < starts.incumbent->slabSize) {
      starts.incumbent = std::move(*plan);
      starts.name = name.str();
    }
  }
  if (!starts.incumbent)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             "hill-climb: no strategy to start from");
  return starts;
}

void HillClimbStrategy::describe(Plan &result, const Starts &starts,
                                 uint64_t startSlab, uint64_t lowerBound,
                                 unsigned moves, unsigned improvements,
                                 const char *stop, bool stoppedByClock) const {
  result.outcome = PlanOutcome();
  result.outcome.strategy = getName().str();
  if (result.slabSize <= lowerBound) {
    result.outcome.provenOptimal = true;
    result.outcome.provenBound = lowerBound;
  }
  result.outcome.stoppedByClock = stoppedByClock;
  result.details.clear();
  raw_string_ostream os(result.details);
  os << "hill-climb: start " << starts.name << " " << startSlab;
  if (starts.run > 1)
    os << " (" << starts.figures << ")";
  os << ", " << moves << " moves tried, " << improvements
     << " improvements, final " << result.slabSize << ", " << stop;
}

/// What stops a search by the clock says.
static const char *const kClockStop =
    "stopped by time limit (the result may depend on machine speed)";

HillClimbStrategy::Climb HillClimbStrategy::climb(
    ArrayRef<Buffer> buffers, OrderPlacer &placer, SmallVector<unsigned> order,
    SmallVector<uint64_t> offsets, uint64_t slab, uint64_t startSlab,
    uint64_t lowerBound, function_ref<bool()> outOfTime) const {
  Climb result;
  result.bestOffsets = offsets;
  result.bestSlab = slab;
  result.stop = "stopped by iteration cap";
  uint64_t searchSlab = slab;
  std::mt19937_64 rng(options.seed);
  // Not std::uniform_int_distribution, whose results differ between standard
  // libraries; the modulo bias is negligible for these ranges.
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return lo + rng() % (hi - lo + 1);
  };
  bool stopped = false;
  SmallVector<unsigned> candidate;
  SmallVector<uint64_t> candidateOffsets;
  while (true) {
    if (std::min(result.bestSlab, startSlab) <= lowerBound) {
      result.stop = "reached the lower bound";
      break;
    }
    if (result.moves == kMaxMoves)
      break;
    if (outOfTime()) {
      result.stop = kClockStop;
      result.stoppedByClock = true;
      break;
    }
    SmallVector<unsigned> critical =
        criticalBuffers(buffers, offsets, searchSlab);
    if (order.size() < 2 || critical.empty()) {
      result.stop = "nothing to move";
      break;
    }
    ++result.moves;
    // Move a critical buffer earlier in the order, or swap it with another.
    unsigned chosen = critical[uniform(0, critical.size() - 1)];
    unsigned from = llvm::find(order, chosen) - order.begin();
    candidate = order;
    unsigned firstChanged;
    if (from > 0 && uniform(0, 1) == 0) {
      unsigned to = uniform(0, from - 1);
      std::rotate(candidate.begin() + to, candidate.begin() + from,
                  candidate.begin() + from + 1);
      firstChanged = to;
    } else {
      unsigned other = uniform(0, order.size() - 2);
      if (other >= from)
        ++other;
      std::swap(candidate[from], candidate[other]);
      firstChanged = std::min(from, other);
    }
    candidateOffsets = offsets;
    std::optional<uint64_t> candidateSlab = placer.place(
        candidate, firstChanged, candidateOffsets, outOfTime, stopped);
    if (stopped) {
      result.stop = kClockStop;
      result.stoppedByClock = true;
      break;
    }
    if (!candidateSlab || *candidateSlab > searchSlab)
      continue;
    if (*candidateSlab < searchSlab)
      ++result.improvements;
    std::swap(order, candidate);
    std::swap(offsets, candidateOffsets);
    searchSlab = *candidateSlab;
    if (searchSlab < result.bestSlab) {
      result.bestSlab = searchSlab;
      result.bestOffsets = offsets;
    }
  }
  return result;
}

Expected<Plan> HillClimbStrategy::plan(ArrayRef<Buffer> buffers,
                                       const PlanRequest &request) const {
  // The rounds of the search are too uneven to count in steps: the clock
  // alone stops it.
  detail::SearchBudget budget = detail::SearchBudget::forWallClock(
      request.timeLimitSeconds.value_or(options.timeLimitSeconds),
      options.deadline);
  auto outOfTime = [&] { return budget.hasPassed(); };

  Expected<uint64_t> lowerBound = computeLowerBound(buffers);
  if (!lowerBound)
    return lowerBound.takeError();
  Expected<Starts> starts = collectStarts(buffers, request.known, outOfTime);
  if (!starts)
    return starts.takeError();
  uint64_t startSlab = starts->incumbent->slabSize;
  // The start as it is, with what stopped the search before its first move.
  auto keepStart = [&](const char *stop, bool stoppedByClock) {
    Plan result = std::move(*starts->incumbent);
    describe(result, *starts, startSlab, *lowerBound, 0, 0, stop,
             stoppedByClock);
    return result;
  };
  // No order beats a start at the lower bound: skip building the search's
  // neighbours in time, whose number is quadratic when all buffers are live
  // at once.
  if (startSlab <= *lowerBound)
    return keepStart("reached the lower bound", false);
  if (outOfTime())
    return keepStart(kClockStop, true);

  // The search, from greedy-size's order.
  std::optional<detail::OverlapGraph> neighbours =
      detail::OverlapGraph::build(buffers, kMaxNeighbourPairs, outOfTime);
  if (!neighbours) {
    if (outOfTime())
      return keepStart(kClockStop, true);
    return keepStart("not searched: more than 33554432 pairs of buffers "
                     "overlap in time",
                     false);
  }
  static_assert(kMaxNeighbourPairs == 33554432, "the message above says so");
  OrderPlacer placer(buffers, std::move(*neighbours));
  SmallVector<unsigned> order = detail::getLargestFirstOrder(buffers);
  SmallVector<uint64_t> offsets;
  std::optional<uint64_t> slab;
  bool stopped = false;
  bool emptyLifetimes = llvm::any_of(buffers, [](const Buffer &buffer) {
    return buffer.size != 0 && buffer.start >= buffer.end;
  });
  // greedy-size runs first, and its failure is returned above.
  assert(starts->greedy && "greedy-size's plan is the first start");
  if (!emptyLifetimes) {
    offsets = std::move(starts->greedy->offsets);
    slab = starts->greedy->slabSize;
  } else {
    offsets.assign(buffers.size(), 0);
    slab = placer.place(order, 0, offsets, outOfTime, stopped);
  }
  if (stopped)
    return keepStart(kClockStop, true);
  if (!slab)
    return createStringError(std::make_error_code(std::errc::value_too_large),
                             "hill-climb: a buffer end overflows 64 bits");

  Climb search = climb(buffers, placer, std::move(order), std::move(offsets),
                       *slab, startSlab, *lowerBound, outOfTime);
  Plan result;
  if (search.bestSlab < startSlab) {
    result.offsets = std::move(search.bestOffsets);
    result.slabSize = search.bestSlab;
  } else {
    result = std::move(*starts->incumbent);
  }
  describe(result, *starts, startSlab, *lowerBound, search.moves,
           search.improvements, search.stop, search.stoppedByClock);
  return result;
}

std::unique_ptr<OffsetStrategy>
createHillClimbStrategy(std::vector<std::unique_ptr<OffsetStrategy>> starters,
                        const StrategyOptions &options) {
  return std::make_unique<HillClimbStrategy>(std::move(starters), options);
}

} // namespace memplan
