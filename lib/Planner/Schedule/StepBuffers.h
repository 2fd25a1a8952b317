//===- StepBuffers.h - What each step of a schedule touches -----*- C++ -*-===//
//
// The schedulers' shared view of a problem: for each step the buffers it
// uses and the steps that wait for it, and the bytes that are live whatever
// the order.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_SCHEDULE_STEPBUFFERS_H
#define MEMPLAN_LIB_PLANNER_SCHEDULE_STEPBUFFERS_H

#include "memplan/Planner/Schedule.h"

#include "llvm/Support/MathExtras.h"

namespace memplan {

struct StepBuffers {
  explicit StepBuffers(const ScheduleProblem &problem);

  /// The buffers step `i` uses.
  std::vector<llvm::SmallVector<unsigned, 4>> buffersOf;
  /// The steps that have step `i` among their predecessors.
  std::vector<llvm::SmallVector<unsigned, 4>> successors;
  /// Bytes of the buffers live at both ends of the block: live at every
  /// step.
  uint64_t throughout = 0;
  /// For each step, the bytes live at it whatever the order: its buffers
  /// and `throughout`.
  std::vector<uint64_t> stepBound;
};

inline uint64_t addBytes(uint64_t a, uint64_t b) {
  return llvm::SaturatingAdd(a, b);
}

/// Where a schedule stands after some steps: which buffers have begun and
/// how many of each one's users are still to come. Steps are applied in a
/// valid order and undone in reverse.
class LiveState {
public:
  LiveState(const ScheduleProblem &problem, const StepBuffers &steps);

  /// Bytes live between the last step done and the next.
  uint64_t getLiveBytes() const { return live; }
  /// Bytes step `step` would add: its buffers that have not begun.
  uint64_t getNewBytes(unsigned step) const;
  /// Bytes step `step` would end: its buffers it is the last user of.
  uint64_t getFreedBytes(unsigned step) const;
  /// Does `step`; returns the bytes live at it.
  uint64_t apply(unsigned step);
  /// Undoes `step`, the last step applied.
  void undo(unsigned step);

private:
  const ScheduleProblem &problem;
  const StepBuffers &steps;
  /// Users of each buffer still to come; none has come while this is the
  /// buffer's number of users.
  std::vector<unsigned> usersLeft;
  uint64_t live = 0;
  /// What each apply changed of `live`, for undo.
  std::vector<uint64_t> liveBefore;
};

/// Whether `a` is a better next step than `b` for a list scheduler:
/// fewer bytes added net, then fewer new bytes, then earlier in the program.
bool isBetterListStep(const LiveState &state, unsigned a, unsigned b);

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_SCHEDULE_STEPBUFFERS_H
