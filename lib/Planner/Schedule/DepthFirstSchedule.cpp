//===- DepthFirstSchedule.cpp - Heaviest subgraph first --------------===//

#include "StepBuffers.h"

#include <algorithm>

using namespace memplan;

llvm::SmallVector<unsigned>
memplan::scheduleDepthFirst(const ScheduleProblem &problem) {
  StepBuffers steps(problem);
  unsigned numSteps = problem.getNumSteps();
  // The bytes a step uses and, counted once per path, those of everything
  // it depends on. Predecessors come first in program order.
  std::vector<uint64_t> weight(numSteps, 0);
  for (unsigned step = 0; step != numSteps; ++step) {
    uint64_t bytes = 0;
    for (unsigned index : steps.buffersOf[step])
      bytes = addBytes(bytes, problem.buffers[index].size);
    for (unsigned predecessor : problem.predecessors[step])
      bytes = addBytes(bytes, weight[predecessor]);
    weight[step] = bytes;
  }
  auto heavierFirst = [&](unsigned a, unsigned b) {
    return weight[a] != weight[b] ? weight[a] > weight[b] : a < b;
  };

  llvm::SmallVector<unsigned> order;
  order.reserve(numSteps);
  std::vector<bool> visited(numSteps, false);
  // A post-order walk from each step nothing waits for, in program order,
  // with an explicit stack: (step, how many of its predecessors are done).
  std::vector<std::pair<unsigned, unsigned>> stack;
  std::vector<llvm::SmallVector<unsigned, 4>> sortedPredecessors(numSteps);
  auto push = [&](unsigned step) {
    visited[step] = true;
    llvm::SmallVector<unsigned, 4> &predecessors = sortedPredecessors[step];
    predecessors.assign(problem.predecessors[step].begin(),
                        problem.predecessors[step].end());
    llvm::sort(predecessors, heavierFirst);
    stack.emplace_back(step, 0);
  };
  for (unsigned root = 0; root != numSteps; ++root) {
    if (!steps.successors[root].empty() || visited[root])
      continue;
    push(root);
    while (!stack.empty()) {
      auto &[step, next] = stack.back();
      llvm::ArrayRef<unsigned> predecessors = sortedPredecessors[step];
      while (next != predecessors.size() && visited[predecessors[next]])
        ++next;
      if (next == predecessors.size()) {
        order.push_back(step);
        stack.pop_back();
        continue;
      }
      push(predecessors[next]);
    }
  }
  return order;
}
