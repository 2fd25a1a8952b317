//===- ObjectStrategies.h - Factories and helpers of object strategies ----===//
//
// Private to lib/Planner: the registry (ObjectStrategyRegistry.cpp) is the
// only public way to reach an object strategy.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H
#define MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H

#include "memplan/Planner/ObjectStrategy.h"

#include "llvm/ADT/SmallVector.h"

#include <map>
#include <memory>

namespace memplan {

/// One object per buffer.
std::unique_ptr<ObjectStrategy>
createNaiveObjectStrategy(const StrategyOptions &);

/// Pisarchyk & Lee, 4.3 (Greedy by Size for Shared Objects).
std::unique_ptr<ObjectStrategy>
createGreedyBySizeObjectStrategy(const StrategyOptions &);

/// Pisarchyk & Lee, 4.4 (Greedy by Size Improved).
std::unique_ptr<ObjectStrategy>
createGreedyBySizeImprovedObjectStrategy(const StrategyOptions &);

/// Pisarchyk & Lee, 4.2 (Greedy by Breadth for Shared Objects).
std::unique_ptr<ObjectStrategy>
createGreedyByBreadthObjectStrategy(const StrategyOptions &);

/// Lee et al. 2019, the greedy assignment in execution order.
std::unique_ptr<ObjectStrategy>
createGreedyInOrderObjectStrategy(const StrategyOptions &);

/// Lee et al. 2019, shared objects as a min-cost flow.
std::unique_ptr<ObjectStrategy>
createMinCostFlowObjectStrategy(const StrategyOptions &);

/// Every other object strategy; the smallest valid total wins.
std::unique_ptr<ObjectStrategy>
createBestObjectStrategy(const StrategyOptions &);

namespace detail {

/// Fails, naming the strategy and the buffer, if a buffer has an empty
/// lifetime: such a buffer has no time in which to hold an object.
llvm::Error checkObjectProblem(llvm::ArrayRef<Buffer> buffers,
                               llvm::StringRef strategy);

/// The plan that assigns buffer `i` to `objectOf[i]`, of `sizes[objectOf[i]]`
/// bytes. Fails, naming `strategy`, if the total size overflows 64 bits.
llvm::Expected<ObjectPlan> makeObjectPlan(llvm::SmallVector<unsigned> objectOf,
                                          llvm::SmallVector<uint64_t> sizes,
                                          llvm::StringRef strategy);

/// The objects of a plan being built: their sizes and the lifetimes of the
/// buffers assigned to each, kept sorted so that asking whether an object is
/// free over a lifetime costs O(log n).
class ObjectSet {
public:
  explicit ObjectSet(llvm::ArrayRef<Buffer> buffers);

  unsigned getNumObjects() const { return sizes.size(); }
  uint64_t getSize(unsigned object) const { return sizes[object]; }
  bool isAssigned(unsigned buffer) const;

  /// Whether no buffer of `object` overlaps `buffer` in time.
  bool isFree(unsigned object, unsigned buffer) const;

  /// The time between `buffer` and the closest buffer of `object`, which
  /// must be free for it.
  uint64_t getGap(unsigned object, unsigned buffer) const;

  /// The lifetimes of the buffers of `object`, as start -> end.
  const std::map<uint64_t, uint64_t> &getLifetimes(unsigned object) const {
    return lifetimes[object];
  }

  /// Assigns `buffer` to a new object of its size and returns the object.
  unsigned create(unsigned buffer);

  /// Assigns `buffer` to `object`, which must be free for it, and grows the
  /// object to the buffer's size if it is smaller.
  void assign(unsigned buffer, unsigned object);

  /// The plan once every buffer is assigned. Fails, naming `strategy`, if the
  /// total size overflows 64 bits.
  llvm::Expected<ObjectPlan> takePlan(llvm::StringRef strategy);

private:
  llvm::ArrayRef<Buffer> buffers;
  llvm::SmallVector<unsigned> objectOf;
  llvm::SmallVector<uint64_t> sizes;
  /// Per object, the lifetimes of its buffers as start -> end. Lifetimes of
  /// one object are disjoint and non-empty, so starts are distinct.
  llvm::SmallVector<std::map<uint64_t, uint64_t>> lifetimes;
};

} // namespace detail

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H
