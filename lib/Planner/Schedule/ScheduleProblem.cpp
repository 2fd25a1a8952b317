//===- ScheduleProblem.cpp - Orders, their peaks and a bound ---------===//
//
// computePeak works from each buffer's first and last position, apart from
// the schedulers' incremental LiveState, so that tests can hold one to the
// other.
//
//===----------------------------------------------------------------------===//

#include "StepBuffers.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace memplan;

bool memplan::isValidOrder(const ScheduleProblem &problem,
                           llvm::ArrayRef<unsigned> order) {
  unsigned numSteps = problem.getNumSteps();
  if (order.size() != numSteps)
    return false;
  std::vector<unsigned> position(numSteps, UINT_MAX);
  for (auto [index, step] : llvm::enumerate(order)) {
    if (step >= numSteps || position[step] != UINT_MAX)
      return false;
    position[step] = index;
  }
  for (unsigned step = 0; step != numSteps; ++step)
    for (unsigned predecessor : problem.predecessors[step])
      if (predecessor >= numSteps || position[predecessor] >= position[step])
        return false;
  return true;
}

llvm::SmallVector<memplan::Buffer>
memplan::getOrderLifetimes(const ScheduleProblem &problem,
                           llvm::ArrayRef<unsigned> order) {
  unsigned numSteps = problem.getNumSteps();
  llvm::SmallVector<memplan::Buffer> lifetimes;
  if (numSteps == 0)
    return lifetimes;
  std::vector<unsigned> position(numSteps);
  for (auto [index, step] : llvm::enumerate(order))
    position[step] = index;
  for (const ScheduleProblem::Buffer &buffer : problem.buffers) {
    if (buffer.users.empty() && !(buffer.liveAtEntry && buffer.liveAtExit))
      continue;
    unsigned first = numSteps - 1, last = 0;
    for (unsigned user : buffer.users) {
      first = std::min(first, position[user]);
      last = std::max(last, position[user]);
    }
    if (buffer.liveAtEntry)
      first = 0;
    if (buffer.liveAtExit)
      last = numSteps - 1;
    lifetimes.push_back({buffer.size, buffer.alignment, first, last + 1ull});
  }
  return lifetimes;
}

uint64_t memplan::computePeak(const ScheduleProblem &problem,
                              llvm::ArrayRef<unsigned> order) {
  unsigned numSteps = problem.getNumSteps();
  // Bytes that begin at each position, and that end after it.
  std::vector<uint64_t> begins(numSteps, 0), ends(numSteps, 0);
  for (const memplan::Buffer &buffer : getOrderLifetimes(problem, order)) {
    begins[buffer.start] = addBytes(begins[buffer.start], buffer.size);
    ends[buffer.end - 1] = addBytes(ends[buffer.end - 1], buffer.size);
  }
  uint64_t live = 0, peak = 0;
  for (unsigned index = 0; index != numSteps; ++index) {
    live = addBytes(live, begins[index]);
    peak = std::max(peak, live);
    if (live != UINT64_MAX)
      live -= ends[index];
  }
  return peak;
}

uint64_t memplan::computeBoundOverAllOrders(const ScheduleProblem &problem) {
  StepBuffers steps(problem);
  uint64_t bound = 0;
  for (uint64_t bytes : steps.stepBound)
    bound = std::max(bound, bytes);
  return bound;
}

llvm::StringRef memplan::getOrderKindName(OrderKind kind) {
  switch (kind) {
  case OrderKind::Keep:
    return "keep";
  case OrderKind::List:
    return "list";
  case OrderKind::DepthFirst:
    return "dfs";
  case OrderKind::Exact:
    return "exact";
  case OrderKind::Best:
    return "best";
  }
  llvm_unreachable("unknown order kind");
}

std::optional<OrderKind> memplan::parseOrderKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<OrderKind>>(name)
      .Case("keep", OrderKind::Keep)
      .Case("list", OrderKind::List)
      .Case("dfs", OrderKind::DepthFirst)
      .Case("exact", OrderKind::Exact)
      .Case("best", OrderKind::Best)
      .Default(std::nullopt);
}
