//===- TimeSectionsTest.cpp - Sections of time against a plain search -----===//
//
// TimeSections answers sectionAt from a table where the times are dense and
// by binary search elsewhere; both must count the cut times below a time,
// up to the last 64-bit time, whether the buffers of bytes cut time or all
// of them do.
//
//===----------------------------------------------------------------------===//

#include "TimeSections.h"

#include "PlannerTestUtils.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

using namespace memplan;
using memplan::detail::TimeSections;

namespace {

/// The distinct starts and ends, in order, of buffers of bytes or of every
/// buffer.
std::vector<uint64_t> getCuts(llvm::ArrayRef<Buffer> buffers,
                              TimeSections::CutBy cutBy) {
  std::vector<uint64_t> cuts;
  for (const Buffer &buffer : buffers)
    if (cutBy == TimeSections::CutBy::AllBuffers ||
        (buffer.size != 0 && buffer.start < buffer.end)) {
      cuts.push_back(buffer.start);
      cuts.push_back(buffer.end);
    }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

TEST(TimeSectionsTest, MatchesPlainCountDenseAndSparse) {
  std::mt19937_64 rng(9);
  for (int problem = 0; problem < 500; ++problem) {
    // Dense times near 0, near the top of 64 bits, or spread out.
    uint64_t base = problem % 3 == 0   ? 0
                    : problem % 3 == 1 ? UINT64_MAX - 200
                                       : rng() % (uint64_t(1) << 40);
    uint64_t spread = problem % 3 == 2 ? uint64_t(1) << 30 : 200;
    llvm::SmallVector<Buffer> buffers;
    for (unsigned i = 0, n = 1 + rng() % 30; i != n; ++i) {
      uint64_t start = base + rng() % spread;
      uint64_t end =
          start + rng() % std::min<uint64_t>(spread, UINT64_MAX - start);
      // Now and then a record that ends before it starts, which only
      // CutBy::AllBuffers counts.
      if (rng() % 10 == 0)
        std::swap(start, end);
      buffers.push_back(makeBuffer(rng() % 4, start, end));
    }
    SCOPED_TRACE("problem " + std::to_string(problem));
    for (TimeSections::CutBy cutBy : {TimeSections::CutBy::OccupyingBuffers,
                                      TimeSections::CutBy::AllBuffers}) {
      TimeSections sections(buffers, cutBy);
      std::vector<uint64_t> cuts = getCuts(buffers, cutBy);
      EXPECT_EQ(sections.getNumTimes(), cuts.size());
      for (int query = 0; query < 50; ++query) {
        uint64_t time = query == 0 ? UINT64_MAX : base + rng() % spread;
        ASSERT_EQ(sections.sectionAt(time),
                  std::lower_bound(cuts.begin(), cuts.end(), time) -
                      cuts.begin())
            << "time " << time;
      }
    }
  }
}

// The fuzzer's case: one buffer of bytes, on the last two 64-bit times.
TEST(TimeSectionsTest, LastTimes) {
  Buffer buffers[] = {makeBuffer(0, 0, 1844675),
                      makeBuffer(8, UINT64_MAX - 1, UINT64_MAX)};
  TimeSections sections(buffers);
  EXPECT_EQ(sections.size(), 1u);
  EXPECT_EQ(sections.sectionsOf(buffers[1]), std::make_pair(0u, 1u));
  EXPECT_EQ(sections.sectionAt(0), 0u);
}

} // namespace
