//===- PositionSetTest.cpp - PositionSet against std::set -----------------===//
//
// The validator kept its live buffers in a std::set; PositionSet must give
// the same neighbours after any sequence of inserts and erases, across the
// word and summary boundaries of its levels.
//
//===----------------------------------------------------------------------===//

#include "PositionSet.h"

#include "gtest/gtest.h"

#include <random>
#include <set>

using memplan::detail::PositionSet;

namespace {

TEST(PositionSetTest, MatchesStdSet) {
  std::mt19937 rng(64);
  for (size_t size : {1u, 2u, 63u, 64u, 65u, 200u, 4096u, 4097u, 300000u}) {
    SCOPED_TRACE("size " + std::to_string(size));
    PositionSet set(size);
    std::set<size_t> reference;
    // Dense around a few spots, so that words empty and fill again.
    auto pick = [&] {
      size_t spot = rng() % 3 * (size / 3);
      return std::min(size - 1, spot + rng() % std::min<size_t>(size, 300));
    };
    for (int op = 0; op < 20000; ++op) {
      size_t position = pick();
      if (rng() % 2) {
        set.insert(position);
        reference.insert(position);
      } else if (reference.erase(position)) {
        set.erase(position);
      }
      size_t query = rng() % 4 == 0 ? rng() % size : pick();
      auto after = reference.upper_bound(query);
      std::optional<size_t> expectedNext;
      if (after != reference.end())
        expectedNext = *after;
      auto before = reference.lower_bound(query);
      std::optional<size_t> expectedPrev;
      if (before != reference.begin())
        expectedPrev = *std::prev(before);
      ASSERT_EQ(set.next(query), expectedNext) << "next of " << query;
      ASSERT_EQ(set.prev(query), expectedPrev) << "prev of " << query;
    }
  }
}

TEST(PositionSetTest, FarNeighbours) {
  PositionSet set(1u << 20);
  set.insert(3);
  set.insert((1u << 20) - 1);
  EXPECT_EQ(set.next(3), std::optional<size_t>((1u << 20) - 1));
  EXPECT_EQ(set.prev((1u << 20) - 1), std::optional<size_t>(3));
  EXPECT_EQ(set.prev(3), std::nullopt);
  EXPECT_EQ(set.next((1u << 20) - 1), std::nullopt);
  set.erase(3);
  EXPECT_EQ(set.prev(1000000), std::nullopt);
}

} // namespace
