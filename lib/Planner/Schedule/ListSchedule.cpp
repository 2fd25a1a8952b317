//===- ListSchedule.cpp - Take the ready step that adds least --------===//

#include "StepBuffers.h"

using namespace memplan;

llvm::SmallVector<unsigned>
memplan::scheduleByList(const ScheduleProblem &problem) {
  StepBuffers steps(problem);
  LiveState state(problem, steps);
  unsigned numSteps = problem.getNumSteps();
  std::vector<unsigned> waitingFor(numSteps);
  llvm::SmallVector<unsigned> ready;
  for (unsigned step = 0; step != numSteps; ++step) {
    waitingFor[step] = problem.predecessors[step].size();
    if (waitingFor[step] == 0)
      ready.push_back(step);
  }
  llvm::SmallVector<unsigned> order;
  order.reserve(numSteps);
  while (!ready.empty()) {
    unsigned best = 0;
    for (unsigned index = 1, e = ready.size(); index != e; ++index)
      if (isBetterListStep(state, ready[index], ready[best]))
        best = index;
    unsigned step = ready[best];
    ready[best] = ready.back();
    ready.pop_back();
    state.apply(step);
    order.push_back(step);
    for (unsigned successor : steps.successors[step])
      if (--waitingFor[successor] == 0)
        ready.push_back(successor);
  }
  return order;
}
