//===- Schedule.h - An op order with fewer live bytes ----------*- C++ -*-===//
//
// The planners place buffers in the order the program gives; the slab can
// only shrink further by changing that order. A schedule problem is one
// block's steps (its ops) as a dependence DAG, and the buffers the steps
// use; a buffer is live from the first step that uses it to the last, both
// included, whatever the order, which is how the planning passes time a
// buffer. The schedulers here look for a valid order whose peak of live
// bytes is small. Like the rest of the planner core, this is free of MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_SCHEDULE_H
#define MEMPLAN_PLANNER_SCHEDULE_H

#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

struct ScheduleProblem {
  /// `predecessors[i]` are the steps that must come before step `i`. Steps
  /// are numbered in the program's order, which must be a valid order.
  std::vector<llvm::SmallVector<unsigned, 4>> predecessors;

  struct Buffer {
    uint64_t size = 0;
    /// The steps that use the buffer, each once.
    llvm::SmallVector<unsigned, 4> users;
    /// Used before the block's first step, or after its last: live from the
    /// start of the block, or up to its end.
    bool liveAtEntry = false;
    bool liveAtExit = false;
    /// What its offset in a slab must be a multiple of (a power of two).
    uint64_t alignment = 1;
  };
  std::vector<Buffer> buffers;

  unsigned getNumSteps() const { return predecessors.size(); }
};

/// Whether `order` holds every step once and each after its predecessors.
bool isValidOrder(const ScheduleProblem &problem,
                  llvm::ArrayRef<unsigned> order);

/// The largest sum of sizes of buffers live at one step of `order`, a valid
/// order. Sums saturate at UINT64_MAX.
uint64_t computePeak(const ScheduleProblem &problem,
                     llvm::ArrayRef<unsigned> order);

/// The buffers live at some step of `order`, a valid order, as the planners
/// take them: buffer `i` live on [first position, last position + 1).
llvm::SmallVector<memplan::Buffer>
getOrderLifetimes(const ScheduleProblem &problem,
                  llvm::ArrayRef<unsigned> order);

/// A peak no valid order can go below: whatever the order, the buffers a
/// step uses are live together at that step, along with every buffer live
/// at both ends of the block.
uint64_t computeBoundOverAllOrders(const ScheduleProblem &problem);

/// The order strategies, as `order=` names them.
enum class OrderKind { Keep, List, DepthFirst, Exact, Best };

/// The name of `kind` ("keep", "list", "dfs", "exact", "best"), and back.
llvm::StringRef getOrderKindName(OrderKind kind);
std::optional<OrderKind> parseOrderKind(llvm::StringRef name);
/// Every name parseOrderKind accepts, for messages that list them.
inline constexpr llvm::StringLiteral kOrderKindNames =
    "keep, list, dfs, exact or best";

/// A list scheduler: of the steps whose predecessors are done, take the one
/// that adds the fewest bytes to what is live (new buffers minus those it
/// uses last); ties go to the fewest new bytes, then to program order.
llvm::SmallVector<unsigned> scheduleByList(const ScheduleProblem &problem);

/// Depth first over the DAG, as XLA's DFS scheduler: each step after its
/// predecessors, visited heaviest first (the bytes used by a step and
/// everything it depends on), so that a large subgraph finishes, and frees
/// its buffers, before the next one starts.
llvm::SmallVector<unsigned> scheduleDepthFirst(const ScheduleProblem &problem);

/// What the exact search found.
struct ExactOrder {
  /// The best order found; none when the search met no order under
  /// `startingPeak` (what the caller already has is then as good).
  std::optional<llvm::SmallVector<unsigned>> order;
  /// The smallest peak of any valid order is `provenPeak` when the search
  /// finished: the peak of `order`, or `startingPeak` itself without one.
  std::optional<uint64_t> provenPeak;
  /// Search nodes expanded.
  uint64_t nodes = 0;
};

/// Branch and bound over the sets of steps done, memoised on those sets
/// (the bytes live after a prefix depend only on which steps it holds).
/// Searches for an order whose peak is below `startingPeak` (the best peak
/// the caller already has), expanding at most `nodeBudget` nodes and
/// stopping at `deadlineSeconds` (on a steady clock, from the call) when
/// positive.
ExactOrder scheduleExact(const ScheduleProblem &problem, uint64_t startingPeak,
                         uint64_t nodeBudget, double deadlineSeconds);

struct ScheduleOptions {
  OrderKind kind = OrderKind::Best;
  /// For the exact search: nodes, and seconds of wall clock (0: none).
  uint64_t exactNodeBudget = 200000;
  double timeLimitSeconds = 2.0;
  /// Where the exact search stops at the latest, whatever is left of
  /// `timeLimitSeconds`: the end of a planning pass's limit.
  Deadline deadline;
  /// An offsets strategy (Planner.h) that plans each candidate order's
  /// lifetimes: an order then wins with a smaller slab and no larger peak,
  /// or the same slab and a smaller peak. Empty: peaks alone are compared.
  std::string slabStrategy;
};

/// An order for a problem and what is known of it.
struct Schedule {
  llvm::SmallVector<unsigned> order;
  uint64_t peak = 0;
  /// The peak of the program's own order.
  uint64_t originalPeak = 0;
  /// With ScheduleOptions::slabStrategy: the slab that strategy plans for
  /// `order`, and for the program's order.
  std::optional<uint64_t> slab;
  std::optional<uint64_t> originalSlab;
  /// No valid order has a smaller peak than this.
  uint64_t bound = 0;
  /// `peak` is the smallest of any valid order (the exact search finished,
  /// or `peak` meets the bound over all orders).
  bool provenOptimal = false;
  /// The strategy whose order this is: under `best` the one that won, or
  /// "keep" when none beat the program's order.
  std::string strategy;
  /// For people: each strategy's peak under `best`, the exact search's
  /// nodes.
  std::string details;
};

/// Orders `problem` with `options.kind`. The result's peak is never above
/// the program's order: a strategy that does worse yields that order.
Schedule scheduleSteps(const ScheduleProblem &problem,
                       const ScheduleOptions &options);

} // namespace memplan

#endif // MEMPLAN_PLANNER_SCHEDULE_H
