//===- ScheduleTest.cpp - Op orders against every order ----------------===//
//
// The schedulers are held to an exhaustive search over every valid order of
// small random DAGs: each order they return is valid, the exact search finds
// the smallest peak and proves it, and no bound exceeds it.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Schedule.h"
#include "memplan/Planner/Planner.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

using namespace memplan;

namespace {

/// The peak of `order`, counted step by step from each buffer's first and
/// last position: the definition, apart from computePeak's sweep.
uint64_t peakByDefinition(const ScheduleProblem &problem,
                          llvm::ArrayRef<unsigned> order) {
  unsigned numSteps = order.size();
  std::vector<unsigned> position(numSteps);
  for (unsigned index = 0; index != numSteps; ++index)
    position[order[index]] = index;
  uint64_t peak = 0;
  for (unsigned at = 0; at != numSteps; ++at) {
    uint64_t live = 0;
    for (const ScheduleProblem::Buffer &buffer : problem.buffers) {
      if (buffer.users.empty() && !(buffer.liveAtEntry && buffer.liveAtExit))
        continue;
      unsigned first = buffer.liveAtEntry ? 0 : numSteps;
      unsigned last = buffer.liveAtExit ? numSteps - 1 : 0;
      for (unsigned user : buffer.users) {
        first = std::min(first, position[user]);
        last = std::max(last, position[user]);
      }
      if (first <= at && at <= last)
        live += buffer.size;
    }
    peak = std::max(peak, live);
  }
  return peak;
}

/// The smallest peak over every valid order, by enumerating them all.
uint64_t smallestPeak(const ScheduleProblem &problem) {
  unsigned numSteps = problem.getNumSteps();
  std::vector<unsigned> waiting(numSteps);
  std::vector<std::vector<unsigned>> successors(numSteps);
  for (unsigned step = 0; step != numSteps; ++step) {
    waiting[step] = problem.predecessors[step].size();
    for (unsigned predecessor : problem.predecessors[step])
      successors[predecessor].push_back(step);
  }
  std::vector<bool> done(numSteps, false);
  llvm::SmallVector<unsigned> order;
  uint64_t best = UINT64_MAX;
  std::function<void()> extend = [&] {
    if (order.size() == numSteps) {
      best = std::min(best, peakByDefinition(problem, order));
      return;
    }
    for (unsigned step = 0; step != numSteps; ++step) {
      if (done[step] || waiting[step] != 0)
        continue;
      done[step] = true;
      order.push_back(step);
      for (unsigned successor : successors[step])
        --waiting[successor];
      extend();
      for (unsigned successor : successors[step])
        ++waiting[successor];
      order.pop_back();
      done[step] = false;
    }
  };
  extend();
  return best;
}

/// The slab greedy-size plans for the lifetimes of `order`.
uint64_t greedySlab(const ScheduleProblem &problem,
                    llvm::ArrayRef<unsigned> order) {
  llvm::SmallVector<Buffer> lifetimes = getOrderLifetimes(problem, order);
  llvm::Expected<SlabPlan> plan =
      createPlanner(PlanKind::Offsets, "greedy-size")->plan(lifetimes);
  EXPECT_TRUE(static_cast<bool>(plan));
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return 0;
  }
  if (llvm::Error error = validateSlabPlan(lifetimes, *plan)) {
    ADD_FAILURE() << llvm::toString(std::move(error));
  }
  return plan->getTotalSize();
}

ScheduleProblem randomProblem(std::mt19937 &random) {
  std::uniform_int_distribution<unsigned> stepCount(1, 8);
  std::uniform_int_distribution<unsigned> percent(0, 99);
  std::uniform_int_distribution<uint64_t> size(1, 100);
  ScheduleProblem problem;
  unsigned numSteps = stepCount(random);
  unsigned edgePercent = percent(random) / 2;
  problem.predecessors.resize(numSteps);
  for (unsigned step = 0; step != numSteps; ++step)
    for (unsigned earlier = 0; earlier != step; ++earlier)
      if (percent(random) < edgePercent)
        problem.predecessors[step].push_back(earlier);
  unsigned numBuffers = std::uniform_int_distribution<unsigned>(0, 8)(random);
  for (unsigned index = 0; index != numBuffers; ++index) {
    ScheduleProblem::Buffer buffer;
    buffer.size = size(random);
    for (unsigned step = 0; step != numSteps; ++step)
      if (percent(random) < 30)
        buffer.users.push_back(step);
    buffer.liveAtEntry = percent(random) < 10;
    buffer.liveAtExit = percent(random) < 10;
    problem.buffers.push_back(buffer);
  }
  return problem;
}

TEST(ScheduleTest, PeakFollowsItsDefinition) {
  std::mt19937 random(1);
  for (unsigned round = 0; round != 300; ++round) {
    ScheduleProblem problem = randomProblem(random);
    llvm::SmallVector<unsigned> order(problem.getNumSteps());
    std::iota(order.begin(), order.end(), 0u);
    ASSERT_TRUE(isValidOrder(problem, order));
    EXPECT_EQ(computePeak(problem, order), peakByDefinition(problem, order));
  }
}

TEST(ScheduleTest, StrategiesAgainstEveryOrder) {
  std::mt19937 random(2);
  for (unsigned round = 0; round != 400; ++round) {
    ScheduleProblem problem = randomProblem(random);
    SCOPED_TRACE(round);
    uint64_t smallest = smallestPeak(problem);
    EXPECT_LE(computeBoundOverAllOrders(problem), smallest);

    for (auto strategy : {scheduleByList, scheduleDepthFirst}) {
      llvm::SmallVector<unsigned> order = strategy(problem);
      ASSERT_TRUE(isValidOrder(problem, order));
      EXPECT_GE(computePeak(problem, order), smallest);
    }

    ExactOrder exact = scheduleExact(problem, UINT64_MAX, 1u << 20, 0);
    ASSERT_TRUE(exact.order);
    ASSERT_TRUE(isValidOrder(problem, *exact.order));
    EXPECT_EQ(computePeak(problem, *exact.order), smallest);
    ASSERT_TRUE(exact.provenPeak);
    EXPECT_EQ(*exact.provenPeak, smallest);

    for (OrderKind kind :
         {OrderKind::Keep, OrderKind::List, OrderKind::DepthFirst,
          OrderKind::Exact, OrderKind::Best}) {
      ScheduleOptions options;
      options.kind = kind;
      options.timeLimitSeconds = 0;
      Schedule schedule = scheduleSteps(problem, options);
      ASSERT_TRUE(isValidOrder(problem, schedule.order));
      EXPECT_EQ(schedule.peak, computePeak(problem, schedule.order));
      EXPECT_LE(schedule.peak, schedule.originalPeak);
      EXPECT_LE(schedule.bound, smallest);
      if (kind == OrderKind::Exact || kind == OrderKind::Best) {
        EXPECT_EQ(schedule.peak, smallest);
        EXPECT_TRUE(schedule.provenOptimal);
        EXPECT_EQ(schedule.bound, smallest);
      }
      if (kind == OrderKind::Keep) {
        EXPECT_EQ(schedule.strategy, "keep");
      }
    }

    // Compared on greedy-size's slabs: never a larger slab or peak than the
    // program's order, and the slab reported is the one planned.
    ScheduleOptions bySlab;
    bySlab.timeLimitSeconds = 0;
    bySlab.slabStrategy = "greedy-size";
    Schedule schedule = scheduleSteps(problem, bySlab);
    ASSERT_TRUE(isValidOrder(problem, schedule.order));
    ASSERT_TRUE(schedule.slab && schedule.originalSlab);
    EXPECT_LE(*schedule.slab, *schedule.originalSlab);
    EXPECT_LE(schedule.peak, schedule.originalPeak);
    EXPECT_EQ(*schedule.slab, greedySlab(problem, schedule.order));
    EXPECT_GE(*schedule.slab, schedule.peak);
  }
}

/// Two independent chains, each making a large buffer and reading it into
/// a small one; a join reads both small ones. The program interleaves the
/// chains, so both large buffers are live at once; finishing one chain first
/// halves the peak.
ScheduleProblem twoChains() {
  ScheduleProblem problem;
  // 0: make A (1000), 1: make B (1000), 2: A -> a (10), 3: B -> b (10),
  // 4: join a, b.
  problem.predecessors = {{}, {}, {0}, {1}, {2, 3}};
  problem.buffers = {{1000, {0, 2}, false, false},
                     {1000, {1, 3}, false, false},
                     {10, {2, 4}, false, false},
                     {10, {3, 4}, false, false}};
  return problem;
}

TEST(ScheduleTest, FinishingAChainFirstHalvesThePeak) {
  ScheduleProblem problem = twoChains();
  llvm::SmallVector<unsigned> program = {0, 1, 2, 3, 4};
  EXPECT_EQ(computePeak(problem, program), 2010u);
  EXPECT_EQ(computePeak(problem, scheduleByList(problem)), 1020u);
  EXPECT_EQ(computePeak(problem, scheduleDepthFirst(problem)), 1020u);
  Schedule best = scheduleSteps(problem, ScheduleOptions());
  EXPECT_EQ(best.originalPeak, 2010u);
  EXPECT_EQ(best.peak, 1020u);
  EXPECT_TRUE(best.provenOptimal);
  EXPECT_NE(best.strategy, "keep");
}

TEST(ScheduleTest, AStoppedSearchProvesNothing) {
  ScheduleProblem problem = twoChains();
  ExactOrder exact = scheduleExact(problem, UINT64_MAX, 1, 0);
  EXPECT_FALSE(exact.provenPeak);
}

TEST(ScheduleTest, TheProgramOrderWinsTies) {
  // Nothing to gain: every order has the same peak.
  ScheduleProblem problem;
  problem.predecessors = {{}, {}, {}};
  problem.buffers = {{8, {0, 1, 2}, false, false}};
  Schedule schedule = scheduleSteps(problem, ScheduleOptions());
  EXPECT_EQ(schedule.strategy, "keep");
  EXPECT_EQ(schedule.order, (llvm::SmallVector<unsigned>{0, 1, 2}));
  EXPECT_TRUE(schedule.provenOptimal);
}

TEST(ScheduleTest, InvalidOrders) {
  ScheduleProblem problem = twoChains();
  EXPECT_FALSE(isValidOrder(problem, {0, 1, 2, 3}));
  EXPECT_FALSE(isValidOrder(problem, {0, 0, 1, 2, 3}));
  EXPECT_FALSE(isValidOrder(problem, {2, 0, 1, 3, 4}));
  EXPECT_FALSE(isValidOrder(problem, {0, 1, 2, 3, 7}));
  EXPECT_TRUE(isValidOrder(problem, {1, 3, 0, 2, 4}));
}

TEST(ScheduleTest, OrderKindNames) {
  for (OrderKind kind :
       {OrderKind::Keep, OrderKind::List, OrderKind::DepthFirst,
        OrderKind::Exact, OrderKind::Best})
    EXPECT_EQ(parseOrderKind(getOrderKindName(kind)), kind);
  EXPECT_FALSE(parseOrderKind("fastest"));
}

} // namespace
