//===- ObjectStrategiesOracleTest.cpp - Fast object strategies vs. oracles ===//
//
// The greedy object strategies find free objects with ordered sets, sweeps and
// heaps instead of scanning every object for every buffer. The straightforward
// versions they replaced are kept in ReferenceObjectStrategies.cpp; on
// thousands of random problems of varied shapes both must give the same
// object of every buffer, the same object sizes and the same details.
//
//===----------------------------------------------------------------------===//

#include "ReferenceObjectStrategies.h"

#include "ObjectLayout.h"
#include "ObjectStrategies/ObjectStrategies.h"

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Strategy.h"

#include "PlannerTestUtils.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace memplan;

namespace {

const char *const kStrategies[] = {"greedy-size", "greedy-in-order",
                                   "greedy-breadth", "greedy-size-improved"};

/// The shape of random problem `problem`: a few hundred buffers now and then,
/// few distinct sizes for ties, long lifetimes, short and long horizons.
RandomProblemShape shapeOf(int problem) {
  RandomProblemShape shape;
  shape.maxBuffers = problem % 10 == 0 ? 300 : 60;
  switch (problem % 5) {
  case 0:
    break;
  case 1:
    // Few sizes: many ties between buffers and between objects.
    shape.maxSize = 4;
    shape.sizeScale = 16;
    break;
  case 2:
    // Long lifetimes over a short horizon: many objects.
    shape.maxLifetime = 40;
    shape.horizonPerBuffer = 1;
    break;
  case 3:
    // A long horizon of short lifetimes: much reuse.
    shape.maxLifetime = 3;
    shape.horizonPerBuffer = 4;
    shape.maxSize = 8;
    break;
  case 4:
    // Lifetimes of every length, huge sizes near overflow of the breadths.
    shape.maxLifetime = 200;
    shape.minSize = 1;
    shape.maxSize = 3;
    shape.sizeScale = uint64_t(1) << 60;
    break;
  }
  if (problem % 7 == 0)
    shape.someZeroSized = false;
  return shape;
}

void expectSamePlans(const ObjectPlan &fast, const ObjectPlan &slow) {
  EXPECT_EQ(std::vector<unsigned>(fast.objectOf.begin(), fast.objectOf.end()),
            std::vector<unsigned>(slow.objectOf.begin(), slow.objectOf.end()));
  EXPECT_EQ(
      std::vector<uint64_t>(fast.objectSizes.begin(), fast.objectSizes.end()),
      std::vector<uint64_t>(slow.objectSizes.begin(), slow.objectSizes.end()));
  EXPECT_EQ(fast.details, slow.details);
}

/// Compares `strategy`, strategy `name`, with its oracle on `numProblems`
/// random problems.
void compareWithOracle(const ObjectStrategy &strategy, const char *name,
                       int numProblems, unsigned seed) {
  std::mt19937 rng(seed);
  for (int problem = 0; problem < numProblems; ++problem) {
    llvm::SmallVector<Buffer> buffers =
        makeRandomProblem(rng, shapeOf(problem));
    SCOPED_TRACE(std::string(name) + " problem " + std::to_string(problem));
    llvm::Expected<ObjectPlan> fast = strategy.plan(buffers);
    llvm::Expected<ObjectPlan> slow = reference::planReference(name, buffers);
    ASSERT_EQ(bool(fast), bool(slow));
    if (!fast) {
      EXPECT_EQ(errorMessage(fast.takeError()), errorMessage(slow.takeError()));
      continue;
    }
    expectSamePlans(*fast, *slow);
    if (testing::Test::HasFailure())
      return;
  }
}

/// compareWithOracle on the registry's strategy `name`.
void compareWithOracle(const char *name, int numProblems, unsigned seed) {
  std::unique_ptr<ObjectStrategy> strategy = createObjectStrategy(name);
  ASSERT_TRUE(strategy);
  compareWithOracle(*strategy, name, numProblems, seed);
}

TEST(ObjectStrategiesOracleTest, GreedyBySize) {
  compareWithOracle("greedy-size", 3000, 101);
}

// The scan and the sweep of each size, each on every size: the registry's
// strategy picks one per size by cost, and large problems need not reach
// both.
TEST(ObjectStrategiesOracleTest, GreedyBySizeEachSearch) {
  using detail::FreeObjectSearch;
  for (FreeObjectSearch search :
       {FreeObjectSearch::Scan, FreeObjectSearch::Sweep}) {
    SCOPED_TRACE(search == FreeObjectSearch::Scan ? "scan" : "sweep");
    compareWithOracle(*detail::createGreedyBySizeObjectStrategy(search),
                      "greedy-size", 3000, 303);
  }
}

// Few distinct lifetimes and sizes: stacks of equal buffers live at once,
// which greedy-size places without searching once all objects are busy.
TEST(ObjectStrategiesOracleTest, StacksOfEqualBuffers) {
  std::mt19937 rng(77);
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };
  // Each strategy of the registry, then greedy-size with its sweep alone.
  std::vector<std::pair<const char *, std::unique_ptr<ObjectStrategy>>>
      strategies;
  for (const char *name : kStrategies)
    strategies.emplace_back(name, createObjectStrategy(name));
  strategies.emplace_back("greedy-size",
                          detail::createGreedyBySizeObjectStrategy(
                              detail::FreeObjectSearch::Sweep));
  for (auto &[name, strategy] : strategies) {
    ASSERT_TRUE(strategy);
    for (int problem = 0; problem < 300; ++problem) {
      llvm::SmallVector<std::pair<uint64_t, uint64_t>> lifetimes;
      for (unsigned i = 0, e = uniform(1, 4); i != e; ++i) {
        uint64_t start = uniform(0, 6);
        lifetimes.push_back({start, start + uniform(1, 6)});
      }
      llvm::SmallVector<Buffer> buffers(uniform(1, 150));
      for (Buffer &buffer : buffers) {
        auto [start, end] = lifetimes[uniform(0, lifetimes.size() - 1)];
        buffer = makeBuffer(16 * uniform(0, 2), start, end);
      }
      SCOPED_TRACE(std::string(name) + " problem " + std::to_string(problem));
      llvm::Expected<ObjectPlan> fast = strategy->plan(buffers);
      llvm::Expected<ObjectPlan> slow = reference::planReference(name, buffers);
      ASSERT_TRUE(fast && slow);
      expectSamePlans(*fast, *slow);
      if (testing::Test::HasFailure())
        return;
    }
  }
}

TEST(ObjectStrategiesOracleTest, GreedyInOrder) {
  compareWithOracle("greedy-in-order", 3000, 202);
}

TEST(ObjectStrategiesOracleTest, GreedyByBreadth) {
  compareWithOracle("greedy-breadth", 3000, 303);
}

TEST(ObjectStrategiesOracleTest, GreedyBySizeImproved) {
  compareWithOracle("greedy-size-improved", 3000, 404);
}

TEST(ObjectStrategiesOracleTest, GreedyInOrderAsOffsets) {
  // The offsets mode lays the objects of greedy-in-order back to back.
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy("greedy-in-order");
  ASSERT_TRUE(strategy);
  std::mt19937 rng(505);
  for (int problem = 0; problem < 1000; ++problem) {
    llvm::SmallVector<Buffer> buffers =
        makeRandomProblem(rng, shapeOf(problem));
    SCOPED_TRACE("problem " + std::to_string(problem));
    llvm::Expected<ObjectPlan> objects = reference::planGreedyInOrder(buffers);
    llvm::Expected<Plan> slow =
        objects ? layOutObjects(buffers, *objects, "greedy-in-order")
                : llvm::Expected<Plan>(objects.takeError());
    llvm::Expected<Plan> fast = strategy->plan(buffers);
    ASSERT_EQ(bool(fast), bool(slow));
    if (!fast) {
      EXPECT_EQ(errorMessage(fast.takeError()), errorMessage(slow.takeError()));
      continue;
    }
    ASSERT_EQ(offsetsOf(*fast), offsetsOf(*slow));
    ASSERT_EQ(fast->slabSize, slow->slabSize);
    ASSERT_EQ(fast->details, slow->details);
  }
}

TEST(ObjectStrategiesOracleTest, BitmapsAgreeWithLifetimes) {
  // Small budgets give bitmaps to some objects and lifetimes to the rest; the
  // strategies at their budget never reach the rest on problems this small.
  std::mt19937 rng(606);
  for (int problem = 0; problem < 500; ++problem) {
    llvm::SmallVector<Buffer> buffers =
        makeRandomProblem(rng, shapeOf(problem));
    if (llvm::any_of(buffers, [](const Buffer &b) { return b.start >= b.end; }))
      continue;
    SCOPED_TRACE("problem " + std::to_string(problem));
    size_t budget = std::uniform_int_distribution<size_t>(0, 2000)(rng);
    detail::ObjectSet withBitmaps(buffers), plain(buffers);
    withBitmaps.useBitmaps(budget);
    llvm::SmallVector<unsigned> order(buffers.size());
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), rng);
    for (unsigned index : order) {
      std::optional<unsigned> free;
      for (unsigned object = 0; object != plain.getNumObjects(); ++object) {
        bool isFree = plain.isFree(object, index);
        ASSERT_EQ(withBitmaps.isFree(object, index), isFree);
        if (isFree && !free)
          free = object;
      }
      if (free) {
        plain.assign(index, *free);
        withBitmaps.assign(index, *free);
      } else {
        plain.create(index);
        withBitmaps.create(index);
      }
    }
  }
}

TEST(ObjectStrategiesOracleTest, EdgeCases) {
  // No buffers; equal lifetimes; lifetimes that touch; a total that
  // overflows; an empty lifetime.
  std::vector<std::vector<Buffer>> problems = {
      {},
      {makeBuffer(4, 0, 5), makeBuffer(4, 0, 5), makeBuffer(4, 0, 5)},
      {makeBuffer(8, 0, 2), makeBuffer(4, 2, 4), makeBuffer(2, 1, 3),
       makeBuffer(8, 4, 6)},
      {makeBuffer(0, 0, 1), makeBuffer(0, 0, 1), makeBuffer(0, 1, 2)},
      {makeBuffer(5, 3, 4), makeBuffer(5, 1, 2), makeBuffer(5, 0, 9),
       makeBuffer(5, 2, 3)},
      {makeBuffer(UINT64_MAX, 0, 2), makeBuffer(UINT64_MAX, 1, 3),
       makeBuffer(2, 1, 2)},
      {makeBuffer(1, 0, 2), makeBuffer(1, 3, 3)},
  };
  for (const char *name : kStrategies) {
    std::unique_ptr<ObjectStrategy> strategy = createObjectStrategy(name);
    ASSERT_TRUE(strategy);
    for (auto [index, buffers] : llvm::enumerate(problems)) {
      SCOPED_TRACE(std::string(name) + " problem " + std::to_string(index));
      llvm::Expected<ObjectPlan> fast = strategy->plan(buffers);
      llvm::Expected<ObjectPlan> slow = reference::planReference(name, buffers);
      ASSERT_EQ(bool(fast), bool(slow));
      if (!fast) {
        EXPECT_EQ(errorMessage(fast.takeError()),
                  errorMessage(slow.takeError()));
        continue;
      }
      expectSamePlans(*fast, *slow);
    }
  }
}

} // namespace
