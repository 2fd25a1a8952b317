//===- PathCoverTest.cpp - Tests of the path-cover strategy ---------------===//
//
// Every expected plan below was worked out by hand following the rules in
// lib/Planner/Strategies/PathCover.cpp: buffers by start (ties: index), each
// into the first chain whose buffers all ended by its start, else a new
// chain; then chain after chain, each buffer at the highest height over its
// lifetime (aligned), which rises to its end.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Validator.h"

#include "PlannerTestUtils.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <map>
#include <random>

using namespace memplan;

namespace {

std::optional<Plan> planPathCover(llvm::ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = runStrategy("path-cover", buffers);
  if (plan) {
    EXPECT_EQ(errorMessage(validatePlan(buffers, *plan)), "");
  }
  return plan;
}

/// The offsets path-cover must give, from the rules as the header states
/// them: each buffer scans the chains in creation order. O(n k), the oracle
/// for the heaps the strategy uses instead.
std::vector<uint64_t> referencePathCover(llvm::ArrayRef<Buffer> buffers) {
  std::vector<uint64_t> offsets(buffers.size(), 0);
  std::vector<unsigned> order;
  for (unsigned index = 0; index != buffers.size(); ++index)
    if (buffers[index].size != 0 && buffers[index].start < buffers[index].end)
      order.push_back(index);
  std::stable_sort(order.begin(), order.end(), [&](unsigned l, unsigned r) {
    return buffers[l].start < buffers[r].start;
  });
  std::vector<std::vector<unsigned>> chains;
  std::vector<uint64_t> chainEnds;
  for (unsigned index : order) {
    unsigned chain = 0;
    while (chain != chains.size() && chainEnds[chain] > buffers[index].start)
      ++chain;
    if (chain == chains.size()) {
      chains.emplace_back();
      chainEnds.push_back(0);
    }
    chains[chain].push_back(index);
    chainEnds[chain] = buffers[index].end;
  }
  // The skyline, one height per time unit (the tests keep times small).
  std::map<uint64_t, uint64_t> heights;
  for (const std::vector<unsigned> &chain : chains)
    for (unsigned index : chain) {
      const Buffer &buffer = buffers[index];
      uint64_t base = 0;
      for (uint64_t time = buffer.start; time != buffer.end; ++time)
        base = std::max(base, heights[time]);
      uint64_t offset = llvm::alignTo(base, buffer.alignment);
      offsets[index] = offset;
      for (uint64_t time = buffer.start; time != buffer.end; ++time)
        heights[time] = offset + buffer.size;
    }
  return offsets;
}

uint64_t lowerBound(llvm::ArrayRef<Buffer> buffers) {
  return llvm::cantFail(computeLowerBound(buffers));
}

TEST(PathCoverTest, Empty) {
  std::optional<Plan> plan = planPathCover({});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->offsets.empty());
  EXPECT_EQ(plan->slabSize, 0u);
}

TEST(PathCoverTest, SeedStaircase) {
  // The seed's network without branches (its figures 6-8): node i's output
  // lives on [i, i+2), i = 1..n, all of one size; here n = 6 and 16 bytes.
  // The old order, (end - begin, size) descending, ties everything; a stable
  // sort keeps node order and the skyline builds the staircase of figure 7:
  // offsets 0, 16, 32, ..., 80 and a 96-byte arena.
  // Chains: 1 -> A; 2 overlaps 1 -> B; 3 starts when 1 ends -> A; 4 -> B;
  // 5 -> A; 6 -> B. A = {1, 3, 5} go to 0, then B = {2, 4, 6} to 16: the
  // alternating layout of figure 8.
  Buffer buffers[] = {makeBuffer(16, 1, 3), makeBuffer(16, 2, 4),
                      makeBuffer(16, 3, 5), makeBuffer(16, 4, 6),
                      makeBuffer(16, 5, 7), makeBuffer(16, 6, 8)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 16, 0, 16, 0, 16}));
  EXPECT_EQ(plan->slabSize, 32u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
  EXPECT_EQ(plan->details, "2 chains");
}

TEST(PathCoverTest, Chain) {
  // Chains: 0 -> A (ends 2); 1 [1,3) -> B; 2 [2,4) -> A; 3 [3,5) -> B.
  // Order 0, 2, 1, 3:
  //  0 [0,2) -> 0, height 32 on [0,2).
  //  2 [2,4) -> 0, height 16 on [2,4).
  //  1 [1,3): max(32, 16) -> 32, height 96 on [1,3).
  //  3 [3,5): max(16, 0) -> 16.
  Buffer buffers[] = {makeBuffer(32, 0, 2), makeBuffer(64, 1, 3),
                      makeBuffer(16, 2, 4), makeBuffer(48, 3, 5)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 32, 0, 16}));
  EXPECT_EQ(plan->slabSize, 96u);
  EXPECT_EQ(plan->details, "2 chains");
}

TEST(PathCoverTest, ResidualBlock) {
  // Chains: 0 [0,5) -> A; 1 [0,2) -> B; 2 [1,3) -> C; 3 [2,4) -> B (1 ended
  // at 2); 4 [3,5) -> C (2 ended at 3). Three chains: three buffers are live
  // at time 1. Order 0 | 1, 3 | 2, 4:
  //  0 -> 0, height 16 on [0,5).   1 -> 16, height 48 on [0,2).
  //  3 -> 16, height 48 on [2,4).  2 [1,3) -> 48, height 80 on [1,3).
  //  4 [3,5): max(48, 16) -> 48.
  Buffer buffers[] = {makeBuffer(16, 0, 5), makeBuffer(32, 0, 2),
                      makeBuffer(32, 1, 3), makeBuffer(32, 2, 4),
                      makeBuffer(8, 3, 5)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 16, 48, 16, 48}));
  EXPECT_EQ(plan->slabSize, 80u);
  EXPECT_EQ(plan->slabSize, lowerBound(buffers));
  EXPECT_EQ(plan->details, "3 chains");
}

TEST(PathCoverTest, EqualSizes) {
  // All 16 bytes. By start: 1, 3 (start 0, by index), 2, 0. Chains: 1 -> A;
  // 3 -> B; 2 [1,3) -> C; 0 [2,4) -> B (3 ended at 2). Order 1 | 3, 0 | 2:
  //  1 [0,4) -> 0.   3 [0,2) -> 16.   0 [2,4) -> 16.   2 [1,3) -> 32.
  Buffer buffers[] = {makeBuffer(16, 2, 4), makeBuffer(16, 0, 4),
                      makeBuffer(16, 1, 3), makeBuffer(16, 0, 2)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{16, 0, 32, 16}));
  EXPECT_EQ(plan->slabSize, 48u);
  EXPECT_EQ(plan->details, "3 chains");
}

TEST(PathCoverTest, SkylineLeavesHolesBelow) {
  // Chains: 0 [0,1) -> A; 1 [0,2) -> B; 2 [1,2) -> A (0 ended at 1); 3 [1,2)
  // -> C. Order 0, 2 | 1 | 3:
  //  0 -> 0, height 32 on [0,1).   2 -> 0, height 8 on [1,2).
  //  1 [0,2): max(32, 8) -> 32, height 40 on [0,2).
  //  3 [1,2): height 40 -> 40, although [8,32) is free at time 1.
  // greedy-size fills that hole and reaches the lower bound, 40.
  Buffer buffers[] = {makeBuffer(32, 0, 1), makeBuffer(8, 0, 2),
                      makeBuffer(8, 1, 2), makeBuffer(8, 1, 2)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 32, 0, 40}));
  EXPECT_EQ(plan->slabSize, 48u);
  EXPECT_EQ(plan->details, "3 chains");
  std::optional<Plan> greedy = runStrategy("greedy-size", buffers);
  ASSERT_TRUE(greedy);
  EXPECT_EQ(greedy->slabSize, 40u);
  EXPECT_EQ(greedy->slabSize, lowerBound(buffers));
}

TEST(PathCoverTest, MixedAlignments) {
  // Three chains, one buffer each (all live at time 1). Order 0, 1, 2:
  //  0 (3 bytes) -> 0.   1 (2 bytes, 64-aligned): alignTo(3, 64) = 64.
  //  2 (1 byte, 4-aligned) [1,3): height 66 at time 1 -> alignTo(66, 4) = 68.
  Buffer buffers[] = {makeBuffer(3, 0, 2), makeBuffer(2, 0, 2, 64),
                      makeBuffer(1, 1, 3, 4)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 64, 68}));
  EXPECT_EQ(plan->slabSize, 69u);
}

TEST(PathCoverTest, ZeroSizeBuffersGoToOffsetZero) {
  // The empty ones join no chain: 1 -> A, 3 -> B.
  Buffer buffers[] = {makeBuffer(0, 0, 4, 64), makeBuffer(16, 0, 4),
                      makeBuffer(0, 1, 2), makeBuffer(8, 1, 3)};
  std::optional<Plan> plan = planPathCover(buffers);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), (std::vector<uint64_t>{0, 0, 0, 16}));
  EXPECT_EQ(plan->slabSize, 24u);
  EXPECT_EQ(plan->details, "2 chains");
}

TEST(PathCoverTest, Overflow) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::unique_ptr<OffsetStrategy> strategy = createOffsetStrategy("path-cover");
  ASSERT_TRUE(strategy);
  Buffer buffers[] = {makeBuffer(kMax - 3, 0, 2), makeBuffer(8, 1, 3)};
  EXPECT_EQ(errorMessage(strategy->plan(buffers).takeError()),
            "path-cover: the end of buffer 1 overflows 64 bits");
}

// The chains come from two heaps; the scan of every chain is the oracle, on
// random problems and on stacks of buffers live at once (a chain each).
TEST(PathCoverTest, MatchesChainScan) {
  std::mt19937 rng(1021);
  for (int problem = 0; problem < 1000; ++problem) {
    RandomProblemShape shape;
    shape.maxBuffers = problem % 10 == 0 ? 300 : 60;
    shape.maxLifetime = problem % 3 == 0 ? 40 : 6;
    llvm::SmallVector<Buffer> buffers = makeRandomProblem(rng, shape);
    // Few distinct starts: many buffers live at once, and ties.
    if (problem % 4 == 0)
      for (Buffer &buffer : buffers) {
        uint64_t length = buffer.end - buffer.start;
        buffer.start %= 4;
        buffer.end = buffer.start + length;
      }
    SCOPED_TRACE("problem " + std::to_string(problem));
    std::optional<Plan> plan = planPathCover(buffers);
    ASSERT_TRUE(plan);
    ASSERT_EQ(offsetsOf(*plan), referencePathCover(buffers));
  }
  llvm::SmallVector<Buffer> stack(3000, makeBuffer(16, 5, 7));
  std::optional<Plan> plan = planPathCover(stack);
  ASSERT_TRUE(plan);
  EXPECT_EQ(offsetsOf(*plan), referencePathCover(stack));
  EXPECT_EQ(plan->slabSize, 16u * 3000);
  EXPECT_EQ(plan->details, "3000 chains");
}

} // namespace
