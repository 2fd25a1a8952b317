//===- ScheduleSteps.cpp - One order strategy, or the best of all ----===//

#include "StepBuffers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

using namespace memplan;

Schedule memplan::scheduleSteps(const ScheduleProblem &problem,
                                const ScheduleOptions &options) {
  Schedule result;
  result.order.resize(problem.getNumSteps());
  std::iota(result.order.begin(), result.order.end(), 0u);
  result.originalPeak = result.peak = computePeak(problem, result.order);
  result.bound = computeBoundOverAllOrders(problem);
  result.strategy = "keep";
  llvm::SmallVector<std::string> tried;

  // Takes `order` if it beats what there is; ties keep the earlier one, so
  // the program's order wins them all.
  auto consider = [&](llvm::StringRef name, llvm::SmallVector<unsigned> order) {
    uint64_t peak = computePeak(problem, order);
    tried.push_back(llvm::formatv("{0} {1}", name, peak).str());
    if (peak < result.peak) {
      result.peak = peak;
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
    ExactOrder exact =
        scheduleExact(problem, result.peak, options.exactNodeBudget,
                      options.timeLimitSeconds);
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
