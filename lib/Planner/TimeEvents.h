//===- TimeEvents.h - Starts and ends of buffers in time order --*- C++ -*-===//
//
// Private to lib/Planner. The lower bound and the validator each sweep the
// starts and ends of every buffer, and object greedy-size's set-up orders
// them; on a million buffers sorting those events was most of their time. Here
// they are 16 bytes each, and where the times span few values for their number,
// as a generated problem's operation indices do, a counting sort orders them in
// linear time.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_TIMEEVENTS_H
#define MEMPLAN_LIB_PLANNER_TIMEEVENTS_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace memplan::detail {

/// Whatever `id` names (a buffer, a rank) becoming live (`isStart`) or dead
/// at `time`.
struct TimeEvent {
  uint64_t time;
  uint32_t id;
  uint32_t isStart;
};

/// Sorts `events`, given in nondecreasing id order, by time, ends before
/// starts at equal times (lifetimes are half-open: what ends at t is dead
/// before what starts at t is live), then by id.
void sortTimeEvents(llvm::SmallVectorImpl<TimeEvent> &events);

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_TIMEEVENTS_H
