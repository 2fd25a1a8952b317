//===- SymbolicPlan.cpp - One plan valid for every run-time size ----------===//
//
// The orientation comes from a static plan at a point: each pair of buffers
// live at once is ordered by their offsets there (then by index), which is
// a total order, so the orientation has no cycle. Its transitive reduction
// keeps an edge only where no other path joins the two buffers: sizes are
// never negative, so a path's end is never below its first buffer's end,
// and the maxima over the direct edges alone give the same offsets.
// At the point itself the offsets are at most the static plan's (that plan
// satisfies every edge, and these are the least that do), so the slab
// there is no larger.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/SymbolicPlan.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/CheckedMath.h"

#include "OverlapGraph.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace memplan {

static Error makeError(const Twine &message) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           message);
}

Expected<SmallVector<Buffer>>
SymbolicProblem::instantiate(ArrayRef<uint64_t> values) const {
  assert(sizes.size() == buffers.size() && "a size per buffer");
  SmallVector<Buffer> result(buffers);
  for (auto [index, buffer] : llvm::enumerate(result)) {
    std::optional<uint64_t> size = sizes[index].evaluate(values);
    if (!size)
      return makeError("the size of buffer " + Twine(index) +
                       " overflows 64 bits at these values");
    buffer.size = *size;
  }
  return result;
}

size_t SymbolicPlan::getNumEdges() const {
  size_t edges = 0;
  for (const SmallVector<unsigned, 2> &lower : below)
    edges += lower.size();
  return edges;
}

/// The orientation of the pairs live at once by `offsets`, a plan of the
/// buffers `atPoint`, transitively reduced.
static SymbolicPlan orient(const SymbolicProblem &problem,
                           const detail::OverlapGraph &graph,
                           ArrayRef<Buffer> atPoint,
                           ArrayRef<uint64_t> offsets) {
  size_t count = problem.buffers.size();
  SymbolicPlan plan;
  plan.order.resize(count);
  std::iota(plan.order.begin(), plan.order.end(), 0u);
  // By offset, then by end: a buffer of no bytes at the point lies below
  // one that starts where it is, as the plan has them.
  llvm::stable_sort(plan.order, [&](unsigned lhs, unsigned rhs) {
    return std::pair(offsets[lhs], offsets[lhs] + atPoint[lhs].size) <
           std::pair(offsets[rhs], offsets[rhs] + atPoint[rhs].size);
  });
  SmallVector<unsigned> rank(count);
  for (auto [position, index] : llvm::enumerate(plan.order))
    rank[index] = position;

  plan.below.resize(count);
  // Each buffer's ancestors: those a path leads up from.
  std::vector<BitVector> ancestors(count, BitVector(count));
  SmallVector<unsigned> lower;
  for (unsigned index : plan.order) {
    lower.clear();
    for (unsigned other : graph.getNeighbours(index))
      if (rank[other] < rank[index])
        lower.push_back(other);
    // From the highest down: one below a kept buffer is its ancestor.
    llvm::sort(lower, [&](unsigned lhs, unsigned rhs) {
      return rank[lhs] > rank[rhs];
    });
    BitVector &reached = ancestors[index];
    for (unsigned other : lower) {
      if (reached.test(other))
        continue;
      plan.below[index].push_back(other);
      reached |= ancestors[other];
      reached.set(other);
    }
  }
  return plan;
}

/// The offsets and slab of `plan` for `buffers`, the problem's at some
/// values.
static Expected<Plan> placeInstance(const SymbolicPlan &plan,
                                    ArrayRef<Buffer> buffers) {
  Plan result;
  result.offsets.assign(buffers.size(), 0);
  SmallVector<uint64_t> ends(buffers.size(), 0);
  for (unsigned index : plan.order) {
    const Buffer &buffer = buffers[index];
    uint64_t floor = 0;
    for (unsigned other : plan.below[index])
      floor = std::max(floor, ends[other]);
    std::optional<uint64_t> offset = checkedAlignTo(floor, buffer.alignment);
    std::optional<uint64_t> end =
        offset ? checkedAdd(*offset, buffer.size) : std::nullopt;
    if (!end)
      return makeError("the end of buffer " + Twine(index) +
                       " overflows 64 bits at these values");
    result.offsets[index] = *offset;
    ends[index] = *end;
    result.slabSize = std::max(result.slabSize, *end);
  }
  result.outcome.strategy = plan.outcome.strategy;
  return result;
}

Expected<Plan> evaluateSymbolicPlan(const SymbolicProblem &problem,
                                    const SymbolicPlan &plan,
                                    ArrayRef<uint64_t> values) {
  Expected<SmallVector<Buffer>> buffers = problem.instantiate(values);
  if (!buffers)
    return buffers.takeError();
  return placeInstance(plan, *buffers);
}

namespace {
/// The problem at one sample point, and its lower bound there.
struct Sample {
  SmallVector<Buffer> buffers;
  uint64_t bound = 0;
};
} // namespace

/// The largest ratio of `plan`'s slab to the lower bound over `samples`,
/// but where the slab overflows 64 bits (sizes no program has).
static double findWorstRatio(const SymbolicPlan &plan,
                             ArrayRef<Sample> samples) {
  double worst = 1;
  for (const Sample &sample : samples) {
    Expected<Plan> placed = placeInstance(plan, sample.buffers);
    if (!placed) {
      llvm::consumeError(placed.takeError());
      continue;
    }
    if (sample.bound != 0)
      worst = std::max(worst, double(placed->slabSize) / double(sample.bound));
  }
  return worst;
}

static std::string formatPoint(const SymbolicProblem &problem,
                               ArrayRef<uint64_t> values) {
  SmallVector<std::string> parts;
  for (auto [name, value] : llvm::zip_equal(problem.symbols, values))
    parts.push_back(name + "=" + std::to_string(value));
  return parts.empty() ? "no symbols" : join(parts, ", ");
}

/// The offsets of a plan of `buffers` (the problem's at a point) with the
/// buffers of fixed size below those whose size names a symbol, each part
/// planned by `strategy` on its own: at small values the fixed part sets the
/// slab, at large ones the rest, and neither is laid out for the other's
/// sizes.
static Expected<SmallVector<uint64_t>>
planFixedBelow(const SymbolicProblem &problem, const OffsetStrategy &strategy,
               ArrayRef<Buffer> buffers) {
  SmallVector<unsigned> parts[2];
  for (auto [index, size] : llvm::enumerate(problem.sizes))
    parts[size.getConstantValue() ? 0 : 1].push_back(index);
  SmallVector<uint64_t> offsets(buffers.size(), 0);
  uint64_t base = 0;
  for (ArrayRef<unsigned> part : parts) {
    SmallVector<Buffer> subset;
    for (unsigned index : part)
      subset.push_back(buffers[index]);
    Expected<Plan> placed = strategy.plan(subset);
    if (!placed)
      return placed.takeError();
    for (auto [index, offset] : llvm::zip_equal(part, placed->offsets))
      offsets[index] = base + offset;
    std::optional<uint64_t> top = checkedAdd(base, placed->slabSize);
    if (!top)
      return makeError("the slab overflows 64 bits at these values");
    base = *top;
  }
  return offsets;
}

Expected<SymbolicPlan>
planSymbolically(const SymbolicProblem &problem, const OffsetStrategy &strategy,
                 ArrayRef<SmallVector<uint64_t>> candidates,
                 ArrayRef<SmallVector<uint64_t>> samples) {
  assert(!candidates.empty() && "a point to plan at");
  size_t count = problem.buffers.size();
  if (count > kMaxSymbolicBuffers)
    return makeError(formatv("{0} buffers are more than a symbolic plan takes "
                             "({1})",
                             count, kMaxSymbolicBuffers));
  // Who is live with whom, by whether a size can be nonzero at all.
  SmallVector<Buffer> occupied(problem.buffers);
  for (auto [buffer, size] : llvm::zip_equal(occupied, problem.sizes))
    buffer.size = size.isZero() ? 0 : 1;
  detail::OverlapGraph graph(occupied);

  // Each sample point's buffers once, for every order weighed there. A
  // point where a size or the bound overflows 64 bits is no size a program
  // runs at (degree-6 sizes at 4096, say): it is left out, and so is a
  // candidate there.
  std::vector<Sample> instances;
  for (ArrayRef<uint64_t> values : samples) {
    Expected<SmallVector<Buffer>> buffers = problem.instantiate(values);
    if (!buffers) {
      llvm::consumeError(buffers.takeError());
      continue;
    }
    Expected<uint64_t> bound = computeLowerBound(*buffers);
    if (!bound) {
      llvm::consumeError(bound.takeError());
      continue;
    }
    instances.push_back({std::move(*buffers), *bound});
  }

  bool mixesFixedSizes =
      llvm::any_of(problem.sizes,
                   [](const SizeExpr &size) {
                     return size.getConstantValue().has_value();
                   }) &&
      llvm::any_of(problem.sizes, [](const SizeExpr &size) {
        return !size.getConstantValue();
      });
  std::optional<SymbolicPlan> kept;
  for (auto [candidate, point] : llvm::enumerate(candidates)) {
    // The first point must plan; another where a size overflows is skipped.
    bool first = candidate == 0;
    auto skip = [&](llvm::Error error) -> std::optional<Error> {
      if (first)
        return std::move(error);
      llvm::consumeError(std::move(error));
      return std::nullopt;
    };
    Expected<SmallVector<Buffer>> buffers = problem.instantiate(point);
    if (!buffers) {
      if (std::optional<Error> error = skip(buffers.takeError()))
        return std::move(*error);
      continue;
    }
    Expected<Plan> placed = strategy.plan(*buffers);
    if (!placed) {
      if (std::optional<Error> error = skip(placed.takeError()))
        return std::move(*error);
      continue;
    }
    SmallVector<SmallVector<uint64_t>, 2> orders = {placed->offsets};
    // Where fixed and run-time sizes mix and there is a range to weigh
    // against, the fixed ones apart too.
    if (mixesFixedSizes && !samples.empty()) {
      Expected<SmallVector<uint64_t>> apart =
          planFixedBelow(problem, strategy, *buffers);
      if (apart)
        orders.push_back(std::move(*apart));
      else
        llvm::consumeError(apart.takeError());
    }
    for (auto [index, offsets] : llvm::enumerate(orders)) {
      SymbolicPlan plan = orient(problem, graph, *buffers, offsets);
      plan.orientedAt.assign(point.begin(), point.end());
      plan.fixedBelow = index == 1;
      plan.outcome.strategy = placed->outcome.strategy.empty()
                                  ? strategy.getName().str()
                                  : placed->outcome.strategy;
      if (!samples.empty()) {
        plan.worstRatio = findWorstRatio(plan, instances);
      }
      if (!kept || (plan.worstRatio && *plan.worstRatio < *kept->worstRatio))
        kept = std::move(plan);
    }
  }
  kept->details = formatv("oriented by {0} at {1}{2}", kept->outcome.strategy,
                          formatPoint(problem, kept->orientedAt),
                          kept->fixedBelow ? ", fixed sizes below" : "")
                      .str();
  if (candidates.size() > 1)
    kept->details +=
        formatv(" (the smallest worst ratio of {0} points)", candidates.size())
            .str();
  kept->details += formatv("; {0} edges", kept->getNumEdges()).str();
  return std::move(*kept);
}

std::string SlabFormula::toString(ArrayRef<std::string> names) const {
  if (largestOf.size() == 1)
    return largestOf.front().toString(names);
  SmallVector<std::string> parts;
  for (const SizeExpr &part : largestOf)
    parts.push_back(part.toString(names));
  return "max(" + join(parts, ", ") + ")";
}

std::string SlabFormula::describeBytes(ArrayRef<std::string> names) const {
  return (exact ? "" : "at most ") + toString(names) + " bytes";
}

/// Adds `sum` to `sums` unless one there dominates it, dropping those it
/// dominates.
static void addUndominated(SmallVectorImpl<SizeExpr> &sums, SizeExpr sum) {
  if (llvm::any_of(sums,
                   [&](const SizeExpr &kept) { return kept.dominates(sum); }))
    return;
  llvm::erase_if(sums,
                 [&](const SizeExpr &kept) { return sum.dominates(kept); });
  sums.push_back(std::move(sum));
}

std::optional<SlabFormula> getSlabFormula(const SymbolicProblem &problem,
                                          const SymbolicPlan &plan,
                                          size_t maxTerms) {
  SlabFormula formula;
  uint64_t largestAlignment = 1;
  for (const Buffer &buffer : problem.buffers)
    largestAlignment = std::max(largestAlignment, buffer.alignment);
  for (const SizeExpr &size : problem.sizes)
    for (const SizeExpr::Term &term : size.getTerms())
      formula.exact &= term.coefficient % largestAlignment == 0;

  // The ends of each buffer along each chain below it.
  SmallVector<SmallVector<SizeExpr, 2>> ends(problem.buffers.size());
  SmallVector<SizeExpr> slab;
  for (unsigned index : plan.order) {
    const SizeExpr &size = problem.sizes[index];
    SmallVector<SizeExpr> sums;
    addUndominated(sums, size);
    SizeExpr step = size;
    if (!formula.exact) {
      std::optional<SizeExpr> padded = SizeExpr::add(
          size, SizeExpr::getConstant(problem.buffers[index].alignment - 1));
      if (!padded)
        return std::nullopt;
      step = std::move(*padded);
    }
    for (unsigned other : plan.below[index])
      for (const SizeExpr &end : ends[other]) {
        std::optional<SizeExpr> sum = SizeExpr::add(end, step);
        if (!sum)
          return std::nullopt;
        addUndominated(sums, std::move(*sum));
      }
    if (sums.size() > maxTerms)
      return std::nullopt;
    for (const SizeExpr &sum : sums)
      addUndominated(slab, sum);
    if (slab.size() > maxTerms)
      return std::nullopt;
    ends[index].assign(sums.begin(), sums.end());
  }
  if (slab.empty())
    slab.push_back(SizeExpr());
  formula.largestOf.assign(slab.begin(), slab.end());
  return formula;
}

SmallVector<SmallVector<uint64_t>>
getSamplePoints(unsigned numSymbols, uint64_t lowest, uint64_t highest) {
  assert(lowest <= highest && "an empty range");
  SmallVector<SmallVector<uint64_t>> points;
  SmallVector<uint64_t> levels = {lowest};
  for (uint64_t power = 1; power != 0 && power <= highest; power <<= 1)
    if (power > lowest)
      levels.push_back(power);
  if (levels.back() != highest)
    levels.push_back(highest);
  for (uint64_t level : levels)
    points.push_back(SmallVector<uint64_t>(numSymbols, level));
  // The corners where some symbols are small and others large.
  if (numSymbols >= 2 && numSymbols <= 6 && lowest != highest)
    for (unsigned mask = 1; mask + 1 < (1u << numSymbols); ++mask) {
      SmallVector<uint64_t> corner;
      for (unsigned symbol = 0; symbol != numSymbols; ++symbol)
        corner.push_back(mask >> symbol & 1 ? highest : lowest);
      points.push_back(std::move(corner));
    }
  return points;
}

SmallVector<SmallVector<uint64_t>>
getCandidatePoints(ArrayRef<uint64_t> hint,
                   ArrayRef<SmallVector<uint64_t>> samples) {
  SmallVector<SmallVector<uint64_t>> candidates = {llvm::to_vector(hint)};
  for (const SmallVector<uint64_t> &sample : samples)
    if (!llvm::is_contained(candidates, sample))
      candidates.push_back(sample);
  return candidates;
}

Expected<std::pair<uint64_t, uint64_t>> parseSizeRange(StringRef text) {
  uint64_t lowest, highest;
  auto [lowText, highText] = text.split(':');
  if (lowText.getAsInteger(10, lowest) || highText.getAsInteger(10, highest) ||
      lowest > highest)
    return makeError("a size range is LOWEST:HIGHEST, two numbers in order, "
                     "not '" +
                     text + "'");
  return std::make_pair(lowest, highest);
}

} // namespace memplan
