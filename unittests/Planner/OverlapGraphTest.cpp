//===- OverlapGraphTest.cpp - The sweep against every pair ----------------===//

#include "OverlapGraph.h"

#include "PlannerTestUtils.h"

#include <optional>

using namespace memplan;
using memplan::detail::OverlapGraph;

namespace {

TEST(OverlapGraphTest, MatchesEveryPairOnRandomProblems) {
  // Every pair of non-zero sizes is tested with Buffer::overlapsInTime, the
  // rule hill-climb used before the sweep; empty lifetimes included.
  std::mt19937 rng(4093);
  for (int problem = 0; problem < 2000; ++problem) {
    RandomProblemShape shape;
    shape.maxBuffers = problem % 10 == 0 ? 300 : 40;
    shape.maxLifetime = problem % 3 == 0 ? 30 : 4;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    if (problem % 2 == 0)
      for (Buffer &buffer : buffers)
        if (rng() % 6 == 0)
          buffer.end = buffer.start;
    SCOPED_TRACE("problem " + std::to_string(problem));
    OverlapGraph graph(buffers);
    size_t pairs = 0;
    for (unsigned i = 0, e = buffers.size(); i != e; ++i) {
      std::vector<unsigned> expected;
      for (unsigned j = 0; j != e; ++j)
        if (j != i && buffers[i].size && buffers[j].size &&
            buffers[i].overlapsInTime(buffers[j]))
          expected.push_back(j);
      pairs += expected.size();
      llvm::ArrayRef<unsigned> found = graph.getNeighbours(i);
      ASSERT_EQ(std::vector<unsigned>(found.begin(), found.end()), expected)
          << "buffer " << i;
    }
    EXPECT_EQ(graph.getNumPairs() * 2, pairs);
  }
}

TEST(OverlapGraphTest, EmptyLifetimeInsideAnother) {
  // [2, 2) lies inside [0, 4) but not [2, 5): overlapsInTime's reading.
  Buffer buffers[] = {makeBuffer(8, 0, 4), makeBuffer(8, 2, 2),
                      makeBuffer(8, 2, 5), makeBuffer(0, 0, 9)};
  OverlapGraph graph(buffers);
  EXPECT_EQ(graph.getNeighbours(0), llvm::ArrayRef<unsigned>({1, 2}));
  EXPECT_EQ(graph.getNeighbours(1), llvm::ArrayRef<unsigned>({0}));
  EXPECT_EQ(graph.getNeighbours(2), llvm::ArrayRef<unsigned>({0}));
  EXPECT_TRUE(graph.getNeighbours(3).empty());
  EXPECT_EQ(graph.getNumPairs(), 2u);
}

// build gives the constructor's graph unless it would hold more than
// maxPairs pairs, or its stop callback says so; it asks that callback before
// the first buffer of the sweep.
TEST(OverlapGraphTest, BuildStopsAtItsCapOrWhenAsked) {
  std::mt19937 rng(7);
  RandomProblemShape shape;
  shape.minBuffers = 100;
  shape.maxBuffers = 200;
  shape.maxLifetime = 30;
  llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
  OverlapGraph full(buffers);
  size_t pairs = full.getNumPairs();
  ASSERT_GT(pairs, 10u);
  auto never = [] { return false; };

  std::optional<OverlapGraph> exact =
      OverlapGraph::build(buffers, pairs, never);
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->getNumPairs(), pairs);
  for (unsigned i = 0, e = buffers.size(); i != e; ++i)
    EXPECT_EQ(exact->getNeighbours(i), full.getNeighbours(i));
  EXPECT_FALSE(OverlapGraph::build(buffers, pairs - 1, never));
  EXPECT_FALSE(OverlapGraph::build(buffers, 0, never));

  unsigned asked = 0;
  EXPECT_FALSE(OverlapGraph::build(buffers, pairs, [&] {
    ++asked;
    return true;
  }));
  EXPECT_EQ(asked, 1u);
}

} // namespace
