//===- PlannerTestUtils.h - Helpers shared by the planner tests -*- C++ -*-===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H
#define MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace memplan {

/// A buffer of `size` bytes live on [start, end), aligned to `alignment`.
inline Buffer makeBuffer(uint64_t size, uint64_t start, uint64_t end,
                         uint64_t alignment = 1) {
  Buffer buffer;
  buffer.size = size;
  buffer.alignment = alignment;
  buffer.start = start;
  buffer.end = end;
  return buffer;
}

/// An offsets plan with these offsets and slab size, right or wrong.
inline Plan makePlan(std::initializer_list<uint64_t> offsets,
                     uint64_t slabSize) {
  Plan plan;
  plan.offsets.assign(offsets);
  plan.slabSize = slabSize;
  return plan;
}

/// The ranges a random problem is drawn from.
struct RandomProblemShape {
  uint64_t minBuffers = 1;
  uint64_t maxBuffers = 60;
  /// Start times are drawn from [0, horizon], horizon from [1, this * n]: a
  /// short horizon packs many buffers into each moment, a long one few.
  uint64_t horizonPerBuffer = 2;
  unsigned maxAlignmentLog2 = 6;
  /// One buffer in ten, on average, has size 0.
  bool someZeroSized = true;
  uint64_t minSize = 1;
  uint64_t maxSize = 256;
  /// Every drawn size is multiplied by this.
  uint64_t sizeScale = 1;
  uint64_t maxLifetime = 10;
};

/// A random problem of the given shape. The draws are made in a fixed order,
/// so a seed always gives the same problem.
inline llvm::SmallVector<Buffer>
makeRandomProblem(std::mt19937 &rng, const RandomProblemShape &shape) {
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };
  llvm::SmallVector<Buffer> buffers(
      uniform(shape.minBuffers, shape.maxBuffers));
  uint64_t horizon = uniform(1, shape.horizonPerBuffer * buffers.size());
  for (Buffer &buffer : buffers) {
    buffer.alignment = uint64_t(1) << uniform(0, shape.maxAlignmentLog2);
    bool zeroSized = shape.someZeroSized && uniform(0, 9) == 0;
    buffer.size =
        zeroSized ? 0 : uniform(shape.minSize, shape.maxSize) * shape.sizeScale;
    buffer.start = uniform(0, horizon);
    buffer.end = buffer.start + uniform(1, shape.maxLifetime);
  }
  return buffers;
}

/// The message of `error`, or the empty string on success.
inline std::string errorMessage(llvm::Error error) {
  if (!error)
    return "";
  return llvm::toString(std::move(error));
}

/// A deadline that has passed already, so that what a strategy does past it
/// is the same on every machine.
inline Deadline passedDeadline() {
  Deadline deadline = Deadline::after(1e-9);
  while (!deadline.hasPassed()) {
  }
  return deadline;
}

/// Runs the strategy called `name`; records a test failure and returns
/// nullopt if it does not exist or fails.
inline std::optional<Plan>
runStrategy(llvm::StringRef name, llvm::ArrayRef<Buffer> buffers,
            const StrategyOptions &options = StrategyOptions()) {
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(name, options);
  if (!strategy) {
    ADD_FAILURE() << "no strategy called " << name.str();
    return std::nullopt;
  }
  llvm::Expected<Plan> plan = strategy->plan(buffers);
  if (!plan) {
    ADD_FAILURE() << name.str()
                  << " failed: " << errorMessage(plan.takeError());
    return std::nullopt;
  }
  return std::move(*plan);
}

/// A StrategyOptions::parallelFor that runs each body on a thread of its
/// own, started last first, so that later strategies tend to finish first:
/// a strategy that runs others at once must still give the plan of running
/// them in order.
inline void runOnThreadsLastFirst(size_t count,
                                  llvm::function_ref<void(size_t)> body) {
  std::vector<std::thread> threads;
  for (size_t i = count; i-- != 0;)
    threads.emplace_back([&body, i] { body(i); });
  for (std::thread &thread : threads)
    thread.join();
}

/// The details of either `best` without the time they end with.
inline std::string withoutTime(llvm::StringRef details) {
  return details.substr(0, details.rfind("; ")).str();
}

/// The offsets of `plan` in a form that gtest prints.
inline std::vector<uint64_t> offsetsOf(const Plan &plan) {
  return std::vector<uint64_t>(plan.offsets.begin(), plan.offsets.end());
}

/// The fixed plan and name of a FixedPlanStrategyOf.
template <typename StrategyBase, typename PlanType>
class FixedPlanBase : public StrategyBase {
public:
  FixedPlanBase(llvm::StringRef name, PlanType plan)
      : name(name.str()), fixed(std::move(plan)) {}
  llvm::StringRef getName() const override { return name; }

protected:
  std::string name;
  PlanType fixed;
};

/// A strategy of either mode (OffsetStrategy with Plan, ObjectStrategy with
/// ObjectPlan) that hands back a fixed plan, right or wrong.
template <typename StrategyBase, typename PlanType> class FixedPlanStrategyOf;

template <>
class FixedPlanStrategyOf<OffsetStrategy, Plan> final
    : public FixedPlanBase<OffsetStrategy, Plan> {
public:
  using FixedPlanBase::FixedPlanBase;
  using OffsetStrategy::plan;
  llvm::Expected<Plan> plan(llvm::ArrayRef<Buffer>,
                            const PlanRequest &) const override {
    return fixed;
  }
};

template <>
class FixedPlanStrategyOf<ObjectStrategy, ObjectPlan> final
    : public FixedPlanBase<ObjectStrategy, ObjectPlan> {
public:
  using FixedPlanBase::FixedPlanBase;
  llvm::Expected<ObjectPlan> plan(llvm::ArrayRef<Buffer>) const override {
    return fixed;
  }
};

} // namespace memplan

#endif // MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H
