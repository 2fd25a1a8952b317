//===- ScheduleSteps.cpp - One order strategy, or the best of all ----===//

#include "StepBuffers.h"

#include "memplan/Planner/Planner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <numeric>

using namespace memplan;

namespace {

/// The slab `planner` plans for the lifetimes of `order`; UINT64_MAX when
/// there is no planner or it plans none (the order then never wins on its
/// slab).
uint64_t planSlab(const ScheduleProblem &problem,
                  llvm::ArrayRef<unsigned> order, const Planner *planner) {
  if (!planner)
    return UINT64_MAX;
  llvm::Expected<SlabPlan> plan =
      planner->plan(getOrderLifetimes(problem, order));
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return UINT64_MAX;
  }
  return plan->getTotalSize();
}

} // namespace

Schedule memplan::scheduleSteps(const ScheduleProblem &problem,
                                const ScheduleOptions &options) {
  Schedule result;
  result.order.resize(problem.getNumSteps());
  std::iota(result.order.begin(), result.order.end(), 0u);
  result.originalPeak = result.peak = computePeak(problem, result.order);
  bool bySlab = !options.slabStrategy.empty();
  std::unique_ptr<Planner> slabPlanner =
      bySlab ? createPlanner(PlanKind::Offsets, options.slabStrategy) : nullptr;
  if (bySlab)
    result.originalSlab = result.slab =
        planSlab(problem, result.order, slabPlanner.get());
  result.bound = computeBoundOverAllOrders(problem);
  result.strategy = "keep";
  llvm::SmallVector<std::string> tried;

  // Takes `order` if it beats what there is (a smaller slab when slabs are
  // compared, else a smaller peak); ties keep the earlier one, so the
  // program's order wins them all.
  auto consider = [&](llvm::StringRef name, llvm::SmallVector<unsigned> order) {
    uint64_t peak = computePeak(problem, order);
    std::optional<uint64_t> slab;
    std::string figures = llvm::formatv("{0} {1}", name, peak).str();
    if (bySlab) {
      slab = planSlab(problem, order, slabPlanner.get());
      figures += llvm::formatv(" (slab {0})", *slab).str();
    }
    tried.push_back(figures);
    // On slabs, an order must not raise the peak either: the peak bounds
    // the slab of every strategy, which the one here only estimates.
    bool better = bySlab ? (*slab < *result.slab && peak <= result.peak) ||
                               (*slab == *result.slab && peak < result.peak)
                         : peak < result.peak;
    if (better) {
      result.peak = peak;
      result.slab = slab;
      result.order = std::move(order);
      result.strategy = name.str();
    }
  };
  OrderKind kind = options.kind;
  if (kind == OrderKind::List || kind == OrderKind::Best)
    consider("list", scheduleByList(problem));
  if (kind == OrderKind::DepthFirst || kind == OrderKind::Best)
    consider("dfs", scheduleDepthFirst(problem));
  if (kind == OrderKind::Exact || kind == OrderKind::Best) {
    // The search looks for a smaller peak; compared on slabs, it starts from
    // the program's peak so that an order of the same slab but a smaller
    // peak is not missed.
    uint64_t startingPeak = bySlab ? result.originalPeak : result.peak;
    // The earlier of the limit and the deadline; 0 would mean none.
    double seconds = options.timeLimitSeconds;
    if (options.deadline.isSet())
      seconds =
          std::max(options.deadline.within(seconds).getSecondsLeft(), 1e-3);
    ExactOrder exact =
        scheduleExact(problem, startingPeak, options.exactNodeBudget, seconds);
    if (exact.order)
      consider("exact", std::move(*exact.order));
    else
      tried.push_back("exact none better");
    if (exact.provenPeak) {
      result.bound = std::max(result.bound, *exact.provenPeak);
      tried.back() += " (proven optimal)";
    }
    tried.back() += llvm::formatv(", {0} nodes", exact.nodes).str();
  }
  result.provenOptimal = result.peak <= result.bound;
  if (kind == OrderKind::Best)
    result.details = llvm::join(tried, "; ");
  return result;
}
