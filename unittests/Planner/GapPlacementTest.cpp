//===- GapPlacementTest.cpp - The segment tree against the scan -----------===//
//
// GapPlacer finds the placed buffers that overlap a new one with a segment
// tree; the textbook scan of every placed buffer is kept as the oracle. Both
// must give the same plan for any order of placement, which covers
// greedy-size, greedy-breadth and start-best-fit at once.
//
//===----------------------------------------------------------------------===//

#include "Strategies/GapPlacement.h"

#include "PlannerTestUtils.h"

#include <algorithm>
#include <numeric>
#include <random>

using namespace memplan;
using memplan::detail::GapPlacer;
using memplan::detail::OverlapSearch;

namespace {

Plan placeInOrder(llvm::ArrayRef<Buffer> buffers,
                  llvm::ArrayRef<unsigned> order, OverlapSearch search) {
  Plan plan;
  GapPlacer placer(buffers, plan, search);
  for (unsigned index : order)
    EXPECT_TRUE(placer.place(index));
  return plan;
}

TEST(GapPlacementTest, SegmentTreeMatchesScanOnRandomOrders) {
  std::mt19937 rng(515);
  for (int problem = 0; problem < 2000; ++problem) {
    RandomProblemShape shape;
    shape.maxBuffers = problem % 10 == 0 ? 300 : 60;
    shape.maxLifetime = problem % 3 == 0 ? 40 : 6;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    // Empty lifetimes, which the scan's overlap test must not pair.
    if (problem % 4 == 0)
      for (Buffer &buffer : buffers)
        if (rng() % 8 == 0)
          buffer.end = buffer.start;
    llvm::SmallVector<unsigned> order(buffers.size());
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), rng);
    SCOPED_TRACE("problem " + std::to_string(problem));
    Plan tree = placeInOrder(buffers, order, OverlapSearch::SegmentTree);
    Plan scan = placeInOrder(buffers, order, OverlapSearch::Scan);
    ASSERT_EQ(offsetsOf(tree), offsetsOf(scan));
    ASSERT_EQ(tree.slabSize, scan.slabSize);
  }
}

TEST(GapPlacementTest, EdgeCases) {
  // Empty, zero sizes, and lifetimes that touch but do not overlap.
  for (OverlapSearch search :
       {OverlapSearch::SegmentTree, OverlapSearch::Scan}) {
    EXPECT_EQ(placeInOrder({}, {}, search).slabSize, 0u);
    Buffer zeros[] = {makeBuffer(0, 0, 3), makeBuffer(0, 1, 2)};
    EXPECT_EQ(placeInOrder(zeros, {0, 1}, search).slabSize, 0u);
    Buffer touching[] = {makeBuffer(8, 0, 2), makeBuffer(4, 2, 4),
                         makeBuffer(2, 1, 3)};
    Plan plan = placeInOrder(touching, {0, 1, 2}, search);
    EXPECT_EQ(offsetsOf(plan), (std::vector<uint64_t>{0, 0, 8}));
    EXPECT_EQ(plan.slabSize, 10u);
  }
}

} // namespace
