//===- StepBuffers.cpp - What each step of a schedule touches ---------===//

#include "StepBuffers.h"

using namespace memplan;

StepBuffers::StepBuffers(const ScheduleProblem &problem)
    : buffersOf(problem.getNumSteps()), successors(problem.getNumSteps()),
      stepBound(problem.getNumSteps()) {
  for (unsigned step = 0, e = problem.getNumSteps(); step != e; ++step)
    for (unsigned predecessor : problem.predecessors[step])
      successors[predecessor].push_back(step);
  for (auto [index, buffer] : llvm::enumerate(problem.buffers)) {
    for (unsigned user : buffer.users)
      buffersOf[user].push_back(index);
    if (buffer.liveAtEntry && buffer.liveAtExit)
      throughout = addBytes(throughout, buffer.size);
  }
  for (unsigned step = 0, e = problem.getNumSteps(); step != e; ++step) {
    uint64_t bytes = throughout;
    for (unsigned index : buffersOf[step]) {
      const ScheduleProblem::Buffer &buffer = problem.buffers[index];
      if (!(buffer.liveAtEntry && buffer.liveAtExit))
        bytes = addBytes(bytes, buffer.size);
    }
    stepBound[step] = bytes;
  }
}

LiveState::LiveState(const ScheduleProblem &problem, const StepBuffers &steps)
    : problem(problem), steps(steps), usersLeft(problem.buffers.size()) {
  for (auto [index, buffer] : llvm::enumerate(problem.buffers)) {
    usersLeft[index] = buffer.users.size();
    // Live at entry: live until its last user, or throughout.
    if (buffer.liveAtEntry && (!buffer.users.empty() || buffer.liveAtExit))
      live = addBytes(live, buffer.size);
  }
}

uint64_t LiveState::getNewBytes(unsigned step) const {
  uint64_t bytes = 0;
  for (unsigned index : steps.buffersOf[step]) {
    const ScheduleProblem::Buffer &buffer = problem.buffers[index];
    if (!buffer.liveAtEntry && usersLeft[index] == buffer.users.size())
      bytes = addBytes(bytes, buffer.size);
  }
  return bytes;
}

uint64_t LiveState::getFreedBytes(unsigned step) const {
  uint64_t bytes = 0;
  for (unsigned index : steps.buffersOf[step]) {
    const ScheduleProblem::Buffer &buffer = problem.buffers[index];
    if (!buffer.liveAtExit && usersLeft[index] == 1)
      bytes = addBytes(bytes, buffer.size);
  }
  return bytes;
}

uint64_t LiveState::apply(unsigned step) {
  liveBefore.push_back(live);
  uint64_t atStep = addBytes(live, getNewBytes(step));
  uint64_t freed = getFreedBytes(step);
  for (unsigned index : steps.buffersOf[step])
    --usersLeft[index];
  // Saturated sums cannot be taken apart again; they stay saturated.
  live = atStep == UINT64_MAX ? atStep : atStep - freed;
  return atStep;
}

void LiveState::undo(unsigned step) {
  for (unsigned index : steps.buffersOf[step])
    ++usersLeft[index];
  live = liveBefore.back();
  liveBefore.pop_back();
}

bool memplan::isBetterListStep(const LiveState &state, unsigned a, unsigned b) {
  uint64_t newA = state.getNewBytes(a), newB = state.getNewBytes(b);
  uint64_t freedA = state.getFreedBytes(a), freedB = state.getFreedBytes(b);
  // newA - freedA < newB - freedB, without signed overflow.
  uint64_t left = addBytes(newA, freedB), right = addBytes(newB, freedA);
  if (left != right)
    return left < right;
  if (newA != newB)
    return newA < newB;
  return a < b;
}
