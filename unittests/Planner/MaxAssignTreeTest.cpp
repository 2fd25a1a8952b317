//===- MaxAssignTreeTest.cpp - The skyline tree against a plain array -----===//
//
// path-cover kept its skyline in an array, read with max_element and written
// with fill; MaxAssignTree must answer every query as that array does.
//
//===----------------------------------------------------------------------===//

#include "MaxAssignTree.h"

#include "PlannerTestUtils.h"

#include <algorithm>
#include <random>
#include <vector>

using memplan::detail::MaxAssignTree;

namespace {

TEST(MaxAssignTreeTest, MatchesPlainArray) {
  std::mt19937 rng(65);
  for (int round = 0; round < 300; ++round) {
    unsigned size = 1 + rng() % (round % 10 == 0 ? 200 : 17);
    MaxAssignTree tree(size);
    std::vector<uint64_t> plain(size, 0);
    SCOPED_TRACE("round " + std::to_string(round));
    for (int op = 0; op < 400; ++op) {
      unsigned first = rng() % (size + 1), last = rng() % (size + 1);
      if (first > last)
        std::swap(first, last);
      if (rng() % 2) {
        // Few distinct values: many equal neighbours, as on a skyline.
        uint64_t value = rng() % 4 == 0 ? rng() : rng() % 8;
        tree.assign(first, last, value);
        std::fill(plain.begin() + first, plain.begin() + last, value);
      } else {
        uint64_t expected = first == last
                                ? 0
                                : *std::max_element(plain.begin() + first,
                                                    plain.begin() + last);
        ASSERT_EQ(tree.max(first, last), expected)
            << "[" << first << ", " << last << ")";
      }
    }
  }
}

TEST(MaxAssignTreeTest, StartsAtZero) {
  MaxAssignTree tree(5);
  EXPECT_EQ(tree.max(0, 5), 0u);
  tree.assign(1, 3, 7);
  EXPECT_EQ(tree.max(0, 1), 0u);
  EXPECT_EQ(tree.max(2, 5), 7u);
  tree.assign(0, 5, 2);
  EXPECT_EQ(tree.max(1, 3), 2u);
}

} // namespace
