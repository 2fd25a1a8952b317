//===- GapPlacementTest.cpp - The segment tree and the sweep against the scan //
//
// GapPlacer finds the placed buffers that overlap a new one with a segment
// tree; the textbook scan of every placed buffer is kept as the oracle. Both
// must give the same plan for any order of placement, which covers
// greedy-size and greedy-breadth at once. SweepGapPlacer, start-best-fit's,
// must give the scan's plan for every order by start.
//
//===----------------------------------------------------------------------===//

#include "Strategies/GapPlacement.h"
#include "Strategies/SweepPlacement.h"

#include "PlannerTestUtils.h"

#include "memplan/Tooling/ProblemGenerator.h"

#include <algorithm>
#include <numeric>
#include <random>

using namespace memplan;
using memplan::detail::GapPlacer;
using memplan::detail::GapTreeShape;
using memplan::detail::OverlapSearch;
using memplan::detail::SweepGapPlacer;

namespace {

Plan placeInOrder(llvm::ArrayRef<Buffer> buffers,
                  llvm::ArrayRef<unsigned> order, OverlapSearch search,
                  const GapTreeShape &shape = {}) {
  Plan plan;
  GapPlacer placer(buffers, plan, search, shape);
  for (unsigned index : order)
    EXPECT_TRUE(placer.place(index));
  return plan;
}

llvm::SmallVector<unsigned> shuffledOrder(unsigned size, std::mt19937 &rng) {
  llvm::SmallVector<unsigned> order(size);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

/// `order` sorted by start, stably, as the sweep requires.
llvm::SmallVector<unsigned> byStart(llvm::ArrayRef<Buffer> buffers,
                                    llvm::ArrayRef<unsigned> order) {
  llvm::SmallVector<unsigned> sorted(order);
  llvm::stable_sort(sorted, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });
  return sorted;
}

/// The sweep and the scan place the buffers in this order, by start, alike.
void expectSweepMatchesScan(llvm::ArrayRef<Buffer> buffers,
                            llvm::ArrayRef<unsigned> order) {
  Plan sweep;
  SweepGapPlacer placer(buffers, sweep);
  for (unsigned index : order)
    EXPECT_TRUE(placer.place(index));
  Plan scan = placeInOrder(buffers, order, OverlapSearch::Scan);
  EXPECT_EQ(offsetsOf(sweep), offsetsOf(scan));
  EXPECT_EQ(sweep.slabSize, scan.slabSize);
}

/// The tree (of `shape`) and the scan place the buffers in this order alike.
void expectTreeMatchesScan(llvm::ArrayRef<Buffer> buffers,
                           llvm::ArrayRef<unsigned> order,
                           const GapTreeShape &shape = {}) {
  Plan tree = placeInOrder(buffers, order, OverlapSearch::SegmentTree, shape);
  Plan scan = placeInOrder(buffers, order, OverlapSearch::Scan);
  EXPECT_EQ(offsetsOf(tree), offsetsOf(scan));
  EXPECT_EQ(tree.slabSize, scan.slabSize);
}

/// Calls `check(buffers, rng)` on 2000 random problems of up to 300 buffers,
/// some with empty lifetimes (which the scan's overlap test must not pair),
/// until a check fails.
template <typename Check>
void forEachRandomProblem(unsigned seed, unsigned maxAlignmentLog2,
                          Check check) {
  std::mt19937 rng(seed);
  for (int problem = 0; problem < 2000; ++problem) {
    RandomProblemShape shape;
    shape.maxBuffers = problem % 10 == 0 ? 300 : 60;
    shape.maxLifetime = problem % 3 == 0 ? 40 : 6;
    shape.maxAlignmentLog2 = maxAlignmentLog2;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    if (problem % 4 == 0)
      for (Buffer &buffer : buffers)
        if (rng() % 8 == 0)
          buffer.end = buffer.start;
    SCOPED_TRACE("problem " + std::to_string(problem));
    check(buffers, rng);
    if (::testing::Test::HasFailure())
      return;
  }
}

TEST(GapPlacementTest, SegmentTreeMatchesScanOnRandomOrders) {
  forEachRandomProblem(515, RandomProblemShape().maxAlignmentLog2,
                       [](llvm::ArrayRef<Buffer> buffers, std::mt19937 &rng) {
                         expectTreeMatchesScan(
                             buffers, shuffledOrder(buffers.size(), rng));
                       });
}

// Orders by start with ties in any order, as start-best-fit's (larger first)
// is one of them; alignments up to 16 make gaps that are long enough yet do
// not fit, which the sweep must pass over.
TEST(GapPlacementTest, SweepMatchesScanInStartOrder) {
  forEachRandomProblem(
      616, 4, [](llvm::ArrayRef<Buffer> buffers, std::mt19937 &rng) {
        expectSweepMatchesScan(
            buffers, byStart(buffers, shuffledOrder(buffers.size(), rng)));
      });
  if (HasFailure())
    return;
  for (ProblemShape shape : {ProblemShape::Chain, ProblemShape::LongLived}) {
    SCOPED_TRACE(getProblemShapeName(shape).str());
    llvm::SmallVector<Buffer> buffers = generateProblem(4000, 3, shape);
    std::mt19937 rng(12);
    expectSweepMatchesScan(
        buffers, byStart(buffers, shuffledOrder(buffers.size(), rng)));
  }
}

// Tree nodes merge the byte ranges that touch into blocks. Few distinct
// lifetimes stack many buffers in each node, and small sizes with large
// alignments leave some neighbours touching and others apart, so blocks are
// made, grown at either end, and joined by a buffer that fills the hole
// between two of them.
TEST(GapPlacementTest, MergedBlocksMatchScan) {
  std::mt19937 rng(7);
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };
  for (int problem = 0; problem < 1000; ++problem) {
    unsigned numLifetimes = uniform(1, 6);
    llvm::SmallVector<std::pair<uint64_t, uint64_t>> lifetimes;
    for (unsigned i = 0; i != numLifetimes; ++i) {
      uint64_t start = uniform(0, 8);
      lifetimes.push_back({start, start + uniform(1, 8)});
    }
    llvm::SmallVector<Buffer> buffers(uniform(1, 200));
    uint64_t maxSize = problem % 2 ? 4 : 64;
    for (Buffer &buffer : buffers) {
      auto [start, end] = lifetimes[uniform(0, numLifetimes - 1)];
      buffer = makeBuffer(uniform(problem % 5 == 0 ? 0 : 1, maxSize), start,
                          end, uint64_t(1) << uniform(0, 3));
    }
    SCOPED_TRACE("problem " + std::to_string(problem));
    expectTreeMatchesScan(buffers, shuffledOrder(buffers.size(), rng));
    if (HasFailure())
      return;
  }
}

// The shapes that used to make the tree quadratic: many buffers live at
// once, with one lifetime (equal or different sizes) or nested lifetimes.
TEST(GapPlacementTest, StacksMatchScan) {
  constexpr unsigned n = 2000;
  llvm::SmallVector<Buffer> same, sizes, nested;
  for (unsigned i = 0; i != n; ++i) {
    same.push_back(makeBuffer(64, 0, 1));
    sizes.push_back(makeBuffer(1 + i * 7919 % 500, 3, 9, i % 3 ? 1 : 16));
    nested.push_back(makeBuffer(8 + i % 5, i, 2 * n - i));
  }
  llvm::SmallVector<unsigned> order(n);
  std::iota(order.begin(), order.end(), 0u);
  llvm::SmallVector<unsigned> reversed(order.rbegin(), order.rend());
  for (llvm::ArrayRef<Buffer> buffers : {same, sizes, nested})
    for (llvm::ArrayRef<unsigned> o : {order, reversed})
      expectTreeMatchesScan(buffers, o);
  EXPECT_EQ(placeInOrder(same, order, OverlapSearch::SegmentTree).slabSize,
            64u * n);
}

// The generated shapes, placed largest first as greedy-size does: a chain
// with few buffers live at once, and a training step with thousands, whose
// long queries read the unions of everything that overlaps the tree's top
// nodes.
TEST(GapPlacementTest, GeneratedShapesMatchScan) {
  for (ProblemShape shape : {ProblemShape::Chain, ProblemShape::LongLived}) {
    SCOPED_TRACE(getProblemShapeName(shape).str());
    llvm::SmallVector<Buffer> buffers = generateProblem(4000, 3, shape);
    llvm::SmallVector<unsigned> order(buffers.size());
    std::iota(order.begin(), order.end(), 0u);
    llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
      return buffers[lhs].size > buffers[rhs].size;
    });
    expectTreeMatchesScan(buffers, order);
    std::mt19937 rng(11);
    expectTreeMatchesScan(buffers, shuffledOrder(buffers.size(), rng));
  }
}

// Past a few thousand time sections the tree keeps, for the nodes of one
// level, the union of everything held at or above them. Random lifetimes,
// short and long (up to the whole program), cut time into about 5000
// sections, so that queries start and end in different band nodes or in
// one, and buffers held above the bands reach up to hundreds of them.
TEST(GapPlacementTest, BandUnionsMatchScan) {
  std::mt19937 rng(23);
  auto uniform = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };
  for (int problem = 0; problem < 4; ++problem) {
    llvm::SmallVector<Buffer> buffers;
    for (unsigned i = 0; i != 3000; ++i) {
      uint64_t start = uniform(0, 2500);
      uint64_t length = rng() % 4 == 0 ? uniform(1, 2500) : uniform(1, 8);
      buffers.push_back(makeBuffer(uniform(1, 256), start, start + length,
                                   uint64_t(1) << uniform(0, 4)));
    }
    SCOPED_TRACE("problem " + std::to_string(problem));
    llvm::SmallVector<unsigned> order = shuffledOrder(buffers.size(), rng);
    if (problem % 2)
      llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
        return buffers[lhs].size > buffers[rhs].size;
      });
    expectTreeMatchesScan(buffers, order);
    if (HasFailure())
      return;
  }
}

// The default shape keeps full unions, bands and start slots only on trees
// of hundreds to thousands of sections. Small shapes bring all of them, and
// the levels where one kind of list gives way to another, to problems of a
// few dozen buffers: full unions down to a level or four, none, or over the
// whole tree; bands one to four leaves wide, or none; start slots at the
// leaves only, a few levels up, or nowhere.
TEST(GapPlacementTest, SmallTreeShapesMatchScan) {
  std::mt19937 rng(41);
  auto pick = [&](std::initializer_list<unsigned> choices) {
    return choices.begin()[rng() % choices.size()];
  };
  for (int problem = 0; problem < 3000; ++problem) {
    RandomProblemShape problemShape;
    problemShape.maxBuffers = 48;
    problemShape.maxLifetime = problem % 3 == 0 ? 60 : 5;
    problemShape.maxAlignmentLog2 = 4;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, problemShape);
    if (problem % 5 == 0)
      for (Buffer &buffer : buffers)
        if (rng() % 8 == 0)
          buffer.end = buffer.start;
    GapTreeShape shape;
    shape.fullLevels = pick({0, 1, 2, 3, 4, 32});
    shape.slottedLevels = pick({0, 1, 2, 3, 32});
    shape.bands = pick({0, 1, 2, 4, 8, 1024});
    shape.minBandSpan = pick({1, 2, 4});
    shape.minBandedLeaves = pick({1, 4, 16});
    llvm::SmallVector<unsigned> order = shuffledOrder(buffers.size(), rng);
    if (problem % 2)
      llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
        return buffers[lhs].size > buffers[rhs].size;
      });
    SCOPED_TRACE("problem " + std::to_string(problem) + ", full levels " +
                 std::to_string(shape.fullLevels) + ", slotted levels " +
                 std::to_string(shape.slottedLevels) + ", bands " +
                 std::to_string(shape.bands) + " of at least " +
                 std::to_string(shape.minBandSpan) + " leaves from " +
                 std::to_string(shape.minBandedLeaves));
    expectTreeMatchesScan(buffers, order, shape);
    if (HasFailure())
      return;
  }
}

// Ranges that touch merge into one block; a byte apart they stay two, and
// the byte between them stays a gap.
TEST(GapPlacementTest, TouchingRangesMerge) {
  for (OverlapSearch search :
       {OverlapSearch::SegmentTree, OverlapSearch::Scan}) {
    // a takes [0, 4) and b, aligned to 8, [8, 12); c [4, 7) joins a, and d
    // fills the byte left at 7, joining all three. e goes above them.
    Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(4, 0, 2, 8),
                        makeBuffer(3, 0, 2), makeBuffer(1, 1, 3),
                        makeBuffer(2, 1, 2)};
    Plan plan = placeInOrder(buffers, {0, 1, 2, 3, 4}, search);
    EXPECT_EQ(offsetsOf(plan), (std::vector<uint64_t>{0, 8, 4, 7, 12}));
    EXPECT_EQ(plan.slabSize, 14u);
  }
  Buffer buffers[] = {makeBuffer(4, 0, 2), makeBuffer(4, 0, 2, 8),
                      makeBuffer(3, 0, 2), makeBuffer(1, 1, 3),
                      makeBuffer(2, 1, 2)};
  expectSweepMatchesScan(buffers, {0, 1, 2, 3, 4});
}

// createBefore gives no placer once the deadline has passed, whether it
// would scan or build a tree, and otherwise the constructor's, which places
// alike.
TEST(GapPlacementTest, CreateBeforeLooksAtTheDeadline) {
  llvm::SmallVector<Buffer> buffers =
      generateProblem(2000, 5, ProblemShape::LongLived);
  llvm::SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  for (OverlapSearch search :
       {OverlapSearch::SegmentTree, OverlapSearch::Scan}) {
    Plan stopped;
    EXPECT_FALSE(
        GapPlacer::createBefore(passedDeadline(), buffers, stopped, search)
            .has_value());
    Plan created;
    std::optional<GapPlacer> placer = GapPlacer::createBefore(
        Deadline::after(3600), buffers, created, search);
    ASSERT_TRUE(placer.has_value());
    for (unsigned index : order)
      EXPECT_TRUE(placer->place(index));
    Plan constructed = placeInOrder(buffers, order, search);
    EXPECT_EQ(offsetsOf(created), offsetsOf(constructed));
    EXPECT_EQ(created.slabSize, constructed.slabSize);
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
  expectSweepMatchesScan({}, {});
  Buffer zeros[] = {makeBuffer(0, 0, 3), makeBuffer(0, 1, 2)};
  expectSweepMatchesScan(zeros, {0, 1});
  Buffer touching[] = {makeBuffer(8, 0, 2), makeBuffer(2, 1, 3),
                       makeBuffer(4, 2, 4)};
  expectSweepMatchesScan(touching, {0, 1, 2});
}

} // namespace
