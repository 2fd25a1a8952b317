//===- ExactSolver.cpp - Smallest slabs, with proof -----------------------===//
//
// The anytime loop around CapacitySearch. Components are independent, so
// the slab is the largest component top and each component keeps its own
// best offsets and its own proven bound; a capacity is decided by deciding
// every component whose best plan does not fit it yet.
//
// Minimising runs in rounds of growing effort (nodes per search). A round
// first tries the lower bound (a plan there is optimal, a refutation raises
// the bound), then capacities below the best slab, one unit below first and
// twice as far each time, over and over (a plan lowers the slab, a
// refutation raises the bound).
// Each decision runs the orders of getSearchOrders in turn, then as many
// perturbed ones, with node limits that double, the usual restart
// portfolio: one order often finds in a few nodes what another misses in
// millions.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ExactSolver.h"

#include "CapacitySearch.h"
#include "ExactModel.h"

#include "../SearchBudget.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Strategy.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>

using namespace llvm;

namespace memplan {

using detail::CapacitySearch;
using detail::ExactComponent;
using detail::SearchBudget;
using detail::SearchOutcome;

namespace {
/// Nodes of the first round of each search; every round doubles it.
constexpr uint64_t kFirstRoundNodes = 256;
/// Perturbed orders tried at each node limit after the static ones, each
/// with a perturbation never used before on the component. Where a capacity
/// fits but every static order is stuck, it is an order's early choices
/// that are wrong (search costs are heavy-tailed: Gomes, Selman and Kautz,
/// AAAI 1998), and fresh orders are fresh chances; as many as the static
/// orders, so that each kind gets half of the nodes.
constexpr unsigned kPerturbedOrders = 6;

/// One component's best plan, proven bound and searches.
struct ComponentState {
  const ExactComponent *component = nullptr;
  /// In bytes, by local buffer index.
  SmallVector<uint64_t> bestOffsets;
  uint64_t bestTop = 0;
  /// In units: no plan of the component within fewer units exists.
  uint64_t provenBound = 0;
  /// One search per static order, made on first use.
  SmallVector<std::unique_ptr<CapacitySearch>> searches;
  /// The perturbation of the next perturbed order: 1, 2, ... in every run,
  /// so that runs repeat.
  uint64_t nextPerturbation = 1;
};

class ExactSolver {
public:
  ExactSolver(const detail::ExactModel &model, SearchBudget &budget)
      : model(model), budget(budget) {}

  /// Takes the lowest top of each component over the given plans.
  void seed(ArrayRef<Buffer> buffers, ArrayRef<Plan> plans);

  /// Shrinks the slab until it is proven optimal or the budget is spent,
  /// or, given a target, until a plan within it is found or refuted.
  void minimise(std::optional<uint64_t> targetUnits = std::nullopt);
  /// Whether everything fits in `capacityUnits`.
  SearchOutcome decide(uint64_t capacityUnits, uint64_t maxNodes);

  uint64_t getUpperUnits() const;
  uint64_t getLowerUnits() const;
  Plan makePlan(ArrayRef<Buffer> buffers) const;
  uint64_t getNodes() const { return nodes; }

private:
  SearchOutcome decideComponent(ComponentState &state, uint64_t capacityUnits,
                                uint64_t maxNodes);

  const detail::ExactModel &model;
  SearchBudget &budget;
  SmallVector<ComponentState, 0> states;
  uint64_t nodes = 0;
  /// How far below the best slab minimise() asks next, in units.
  uint64_t improveStep = 1;
};
} // namespace

void ExactSolver::seed(ArrayRef<Buffer> buffers, ArrayRef<Plan> plans) {
  states.resize(model.components.size());
  for (auto [state, component] : llvm::zip(states, model.components)) {
    state.component = &component;
    state.provenBound = component.liveBound;
    // The bound that counts alignment padding (Bounds.h) can be higher;
    // every top is a whole number of units.
    SmallVector<Buffer> members;
    for (unsigned original : component.original)
      members.push_back(buffers[original]);
    if (Expected<uint64_t> padded = computeLowerBound(members))
      state.provenBound =
          std::max(state.provenBound, divideCeil(*padded, model.unit));
    else
      consumeError(padded.takeError());
    bool seeded = false;
    for (const Plan &plan : plans) {
      uint64_t top = 0;
      for (unsigned original : component.original)
        top = std::max(top, plan.offsets[original] + buffers[original].size);
      if (seeded && top >= state.bestTop)
        continue;
      seeded = true;
      state.bestTop = top;
      state.bestOffsets.clear();
      for (unsigned original : component.original)
        state.bestOffsets.push_back(plan.offsets[original]);
    }
  }
}

/// In units, rounded down: a slab of `bytes` holds this many whole units.
uint64_t ExactSolver::getUpperUnits() const {
  uint64_t top = 0;
  for (const ComponentState &state : states)
    top = std::max(top, state.bestTop);
  return divideCeil(top, model.unit);
}

uint64_t ExactSolver::getLowerUnits() const {
  uint64_t bound = 0;
  for (const ComponentState &state : states)
    bound = std::max(bound, state.provenBound);
  return bound;
}

Plan ExactSolver::makePlan(ArrayRef<Buffer> buffers) const {
  Plan plan;
  // Buffers in no component (zero bytes) go at offset 0.
  plan.offsets.assign(buffers.size(), 0);
  for (const ComponentState &state : states) {
    for (auto [original, offset] :
         llvm::zip(state.component->original, state.bestOffsets))
      plan.offsets[original] = offset;
    plan.slabSize = std::max(plan.slabSize, state.bestTop);
  }
  return plan;
}

SearchOutcome ExactSolver::decideComponent(ComponentState &state,
                                           uint64_t capacityUnits,
                                           uint64_t maxNodes) {
  const ExactComponent &component = *state.component;
  if (!component.isSearchable)
    return SearchOutcome::Stopped;
  if (state.searches.empty()) {
    for (const detail::SearchOrder &order : detail::getSearchOrders())
      state.searches.push_back(
          std::make_unique<CapacitySearch>(component, order));
  }
  // Runs `search` with `limit` nodes; Stopped means go on.
  auto tryOrder = [&](CapacitySearch &search, uint64_t limit) {
    SearchOutcome outcome = search.run(capacityUnits, limit, budget);
    nodes += search.getNodes();
    if (outcome == SearchOutcome::Found) {
      state.bestOffsets.clear();
      state.bestTop = 0;
      for (auto [buffer, offset] : llvm::enumerate(search.getOffsets())) {
        state.bestOffsets.push_back(offset * model.unit);
        state.bestTop = std::max(
            state.bestTop, (offset + component.sizes[buffer]) * model.unit);
      }
    } else if (outcome == SearchOutcome::Refuted) {
      state.provenBound = std::max(state.provenBound, capacityUnits + 1);
    }
    return outcome;
  };
  // Each order once with maxNodes, or, with no limit, restarts doubling from
  // kFirstRoundNodes: the static orders, then as many perturbed ones.
  ArrayRef<detail::SearchOrder> orders = detail::getSearchOrders();
  for (uint64_t limit = maxNodes != 0 ? maxNodes : kFirstRoundNodes;;
       limit *= 2) {
    for (std::unique_ptr<CapacitySearch> &search : state.searches) {
      SearchOutcome outcome = tryOrder(*search, limit);
      if (outcome != SearchOutcome::Stopped)
        return outcome;
      if (budget.isSpent())
        return SearchOutcome::Stopped;
    }
    for (unsigned i = 0; i != kPerturbedOrders; ++i) {
      uint64_t perturbation = state.nextPerturbation++;
      CapacitySearch search(component, orders[perturbation % orders.size()],
                            perturbation);
      SearchOutcome outcome = tryOrder(search, limit);
      if (outcome != SearchOutcome::Stopped)
        return outcome;
      if (budget.isSpent())
        return SearchOutcome::Stopped;
    }
    if (limit == maxNodes)
      return SearchOutcome::Stopped;
  }
}

SearchOutcome ExactSolver::decide(uint64_t capacityUnits, uint64_t maxNodes) {
  // The components whose plans are furthest above the capacity first: they
  // are the likeliest to refute it.
  SmallVector<ComponentState *> pending;
  for (ComponentState &state : states)
    if (state.bestTop > capacityUnits * model.unit)
      pending.push_back(&state);
  llvm::stable_sort(pending, [](ComponentState *a, ComponentState *b) {
    return a->bestTop > b->bestTop;
  });
  SearchOutcome result = SearchOutcome::Found;
  for (ComponentState *state : pending) {
    if (state->provenBound > capacityUnits)
      return SearchOutcome::Refuted;
    SearchOutcome outcome = decideComponent(*state, capacityUnits, maxNodes);
    if (outcome == SearchOutcome::Refuted)
      return outcome;
    if (outcome == SearchOutcome::Stopped)
      result = SearchOutcome::Stopped;
    if (budget.isSpent())
      return SearchOutcome::Stopped;
  }
  return result;
}

void ExactSolver::minimise(std::optional<uint64_t> targetUnits) {
  auto isSettled = [&] {
    uint64_t lower = getLowerUnits(), upper = getUpperUnits();
    if (targetUnits && (upper <= *targetUnits || lower > *targetUnits))
      return true;
    return lower >= upper || budget.isSpent();
  };
  for (uint64_t effort = kFirstRoundNodes; !isSettled(); effort *= 2) {
    uint64_t roundNodes = nodes, roundLower = getLowerUnits(),
             roundUpper = getUpperUnits();
    // The question asked, if any, first.
    if (targetUnits && decide(*targetUnits, effort) != SearchOutcome::Stopped)
      return;
    // Prove: a plan at the bound is optimal.
    uint64_t proveStart = nodes;
    while (!isSettled() && getLowerUnits() != targetUnits &&
           decide(getLowerUnits(), effort) == SearchOutcome::Refuted)
      ;
    // Improve: ask for a slab `improveStep` units below the best. Which
    // capacities are quick to fill is erratic (a tight one often more than a
    // loose one), so the step doubles after every answer or none, and
    // starts again at one unit when it passes the gap; it carries over from
    // round to round, so rounds try other capacities. This gets about as
    // many nodes as proving did, so neither starves the other.
    uint64_t improveStart = nodes, proveNodes = nodes - proveStart;
    while (!isSettled() && nodes - improveStart <= proveNodes) {
      uint64_t lower = getLowerUnits(), upper = getUpperUnits();
      if (improveStep >= upper - lower)
        improveStep = 1;
      uint64_t before = nodes;
      SearchOutcome outcome = decide(upper - improveStep, effort);
      // No answer and no node searched: only parts too large to search
      // stand above this capacity, and more effort will not change that.
      if (outcome == SearchOutcome::Stopped && nodes == before)
        break;
      if (outcome != SearchOutcome::Refuted)
        improveStep *= 2;
    }
    // Likewise for a round that searched nothing and moved no bound.
    if (nodes == roundNodes && getLowerUnits() == roundLower &&
        getUpperUnits() == roundUpper)
      return;
  }
}

static std::optional<Plan> startingPlan(ArrayRef<Buffer> buffers,
                                        const OffsetStrategy &strategy) {
  Expected<Plan> plan = strategy.plan(buffers);
  if (!plan) {
    consumeError(plan.takeError());
    return std::nullopt;
  }
  if (Error error = validatePlan(buffers, *plan)) {
    consumeError(std::move(error));
    return std::nullopt;
  }
  return std::move(*plan);
}

Expected<ExactResult> solveExact(ArrayRef<Buffer> buffers,
                                 const ExactOptions &options) {
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.start >= buffer.end)
      return createStringError(std::errc::invalid_argument,
                               "buffer %zu has an empty lifetime", index);
  // The clock starts before the model and the starting plans, so that the
  // limit bounds the whole call when they are slow (huge problems).
  SearchBudget budget =
      SearchBudget::forSeconds(options.timeLimitSeconds, options.deadline);
  Expected<detail::ExactModel> model = detail::buildExactModel(buffers);
  if (!model)
    return model.takeError();

  SmallVector<Plan> plans;
  if (options.initialPlan) {
    if (Error error = validatePlan(buffers, *options.initialPlan))
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "the initial plan is invalid: " + toString(std::move(error)));
    plans.push_back(*options.initialPlan);
  } else {
    if (options.startingStrategies.empty())
      return createStringError(std::errc::invalid_argument,
                               "no starting plan: neither an initial plan nor "
                               "starting strategies were given");
    for (const OffsetStrategy *strategy : options.startingStrategies)
      if (std::optional<Plan> plan = startingPlan(buffers, *strategy))
        plans.push_back(std::move(*plan));
  }
  if (plans.empty())
    return createStringError(std::errc::value_too_large,
                             "no starting plan: the sizes overflow 64 bits");

  ExactSolver solver(*model, budget);
  solver.seed(buffers, plans);

  ExactResult result;
  uint64_t unit = model->unit;
  if (options.capacity) {
    // A tighter capacity is often easier to fill than a loose one, so the
    // capacity is asked alongside the minimisation, not alone.
    uint64_t capacityUnits = *options.capacity / unit;
    solver.minimise(capacityUnits);
    if (solver.getUpperUnits() <= capacityUnits) {
      result.answer = CapacityAnswer::Fits;
      result.plan = solver.makePlan(buffers);
    } else if (solver.getLowerUnits() > capacityUnits) {
      result.answer = CapacityAnswer::DoesNotFit;
    }
  } else {
    solver.minimise();
    result.plan = solver.makePlan(buffers);
  }
  result.lowerBound = solver.getLowerUnits() * unit;
  result.nodes = solver.getNodes();
  for (const detail::ExactComponent &component : model->components)
    if (!component.isSearchable)
      result.unsearchedBuffers += component.size();
  result.stoppedBySteps = budget.stoppedBySteps();
  result.stoppedByClock = budget.stoppedByClock();

  if (result.plan)
    if (Error error = validatePlan(buffers, *result.plan))
      return createStringError(
          std::make_error_code(std::errc::state_not_recoverable),
          "internal error: the exact plan is invalid: " +
              toString(std::move(error)));
  return result;
}

SmallVector<const OffsetStrategy *>
getStrategyPointers(ArrayRef<std::unique_ptr<OffsetStrategy>> owned) {
  return map_to_vector(
      owned, [](const std::unique_ptr<OffsetStrategy> &strategy) {
        return static_cast<const OffsetStrategy *>(strategy.get());
      });
}

Expected<Plan> planExactly(ArrayRef<Buffer> buffers,
                           const ExactOptions &options) {
  assert(!options.capacity && "a plan is promised only when minimising");
  Expected<ExactResult> result = solveExact(buffers, options);
  if (!result)
    return result.takeError();
  Plan plan = std::move(*result->plan);
  plan.outcome.provenOptimal = result->isOptimal();
  plan.outcome.provenBound = result->lowerBound;
  plan.outcome.stoppedByClock = result->stoppedByClock;
  plan.details = describeExactResult(*result);
  return plan;
}

std::string describeExactResult(const ExactResult &result) {
  std::string text;
  raw_string_ostream os(text);
  if (result.answer != CapacityAnswer::Unknown || !result.plan) {
    switch (result.answer) {
    case CapacityAnswer::Fits:
      os << "fits";
      break;
    case CapacityAnswer::DoesNotFit:
      os << "does not fit (proven)";
      break;
    case CapacityAnswer::Unknown:
      os << "fit unknown";
      break;
    }
    os << ", lower bound " << result.lowerBound;
  } else if (result.isOptimal()) {
    os << "optimal (proven)";
  } else {
    uint64_t slab = result.plan->slabSize;
    // The gap in bytes too: on large slabs a few bytes round to 0.00%.
    os << "lower bound " << result.lowerBound << " (gap "
       << slab - result.lowerBound << " bytes";
    if (result.lowerBound != 0)
      os << formatv(", {0:F2}%", 100.0 * double(slab - result.lowerBound) /
                                     double(result.lowerBound));
    os << ")";
  }
  os << ", " << result.nodes << " nodes";
  if (result.unsearchedBuffers != 0)
    os << ", " << result.unsearchedBuffers
       << " buffers in parts too large to search";
  if (result.stoppedBySteps)
    os << ", stopped by the step budget";
  else if (result.stoppedByClock)
    os << ", stopped by the clock";
  return text;
}

} // namespace memplan
