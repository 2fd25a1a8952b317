//===- ObjectStrategy.h - Assigning buffers to shared objects ---*- C++ -*-===//
//
// The shared-objects mode of the planner (Pisarchyk & Lee, section 4), for
// targets that need each buffer to be a whole object, such as GPU textures.
// Every buffer is assigned one object; an object is as large as the largest
// buffer assigned to it, and the buffers of one object must not overlap in
// time. The aim is the smallest sum of object sizes.
//
// Each strategy lives in a file of its own under lib/Planner/ObjectStrategies
// and is listed once in include/memplan/Planner/Strategies.def.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_OBJECTSTRATEGY_H
#define MEMPLAN_PLANNER_OBJECTSTRATEGY_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace memplan {

/// Buffer `i` is assigned object `objectOf[i]`, of `objectSizes[objectOf[i]]`
/// bytes.
struct ObjectPlan {
  llvm::SmallVector<unsigned> objectOf;
  llvm::SmallVector<uint64_t> objectSizes;
  PlanOutcome outcome;
  /// What the strategy tried or chose, for people; empty when there is
  /// nothing to say. Nothing parses it: what tools need is in `outcome`.
  std::string details;

  /// The sum of the object sizes, saturated at UINT64_MAX. Strategies fail
  /// rather than return a plan whose total overflows, and the validator
  /// rejects such plans, so only hand-made plans can saturate.
  uint64_t getTotalSize() const;
};

/// Assigns buffers to shared objects.
class ObjectStrategy {
public:
  virtual ~ObjectStrategy();

  /// The name used on command lines and in reports, e.g. "greedy-size". It
  /// is the key of the strategy's row in Strategies.def.
  virtual llvm::StringRef getName() const = 0;

  /// What the strategy declares in Strategies.def (None for a strategy that
  /// has no row there).
  StrategyTraits getTraits() const;

  /// Computes a plan in which every object is as large as its largest buffer
  /// and every object holds at least one buffer. Fails if a buffer has an
  /// empty lifetime or if the total size overflows 64 bits. The result is
  /// deterministic: the same buffers in the same order give the same plan.
  virtual llvm::Expected<ObjectPlan>
  plan(llvm::ArrayRef<Buffer> buffers) const = 0;
};

/// The names of all object strategies, in the order they are documented.
llvm::ArrayRef<llvm::StringRef> getObjectStrategyNames();

/// What the object strategy called `name` declares in Strategies.def (None
/// if there is none).
StrategyTraits getObjectStrategyTraits(llvm::StringRef name);

/// Creates the object strategy called `name`, or returns null if there is
/// none.
std::unique_ptr<ObjectStrategy>
createObjectStrategy(llvm::StringRef name,
                     const StrategyOptions &options = StrategyOptions());

} // namespace memplan

#endif // MEMPLAN_PLANNER_OBJECTSTRATEGY_H
