//===- GreedyBySizeImproved.cpp - Stages by positional maximum ------------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", 4.4 (Greedy by Size Improved):
//
//  * Buffers are split into stages by the distinct positional maximums
//    p1 > p2 > ... > pm (see computePositionalMaximums): first the buffers of
//    size p1, then those strictly between p2 and p1, then those of size p2,
//    and so on; the last stage holds the buffers smaller than pm (zero-size
//    ones included).
//  * Within a stage, the sizes count as nearly equal, so the order comes from
//    time instead: among all pairs of an unassigned buffer of the stage and an
//    object free during its lifetime, the pair with the smallest gap between
//    the buffer and the closest buffer already in the object is assigned
//    next. Ties go to the smaller object, then to the buffer first in size
//    order (larger, then earlier start, then lower index), then to the lower
//    object index.
//  * If no buffer of the stage has a free object, the first unassigned buffer
//    in size order gets a new object.
//
// Every object is at least as large as every buffer not yet assigned: the
// earlier stages hold larger sizes, and a stage creates its objects for its
// largest unassigned buffer. So objects never grow, and a pair's key depends
// only on the buffer and the free stretch of the object around it, between
// two of its buffers (or before the first or after the last). The best buffer
// in a stretch [l, r) is the one with the earliest start at or after l that
// ends by r, or the one with the latest end at or before r that starts at or
// after l; two segment trees over the stage's buffers, ordered by start and by
// end, find both. A heap holds the best pair of every stretch. An entry goes
// stale when its stretch is split, and is dropped, or when its buffer is
// assigned elsewhere, and is recomputed when it comes to the top: keys only
// get worse that way, so the top entry, once fresh, is the best pair.
//
// O(m (n + k) log n + n k log n) for n buffers, k objects and m stages: each
// stage looks at most once at every stretch of every object (only at those
// that hold a start of one of its buffers), and each assignment can leave a
// stale entry in each object free for the buffer.
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/Bounds.h"

#include "../ClockLooks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <queue>
#include <tuple>
#include <utility>
#include <vector>

using namespace llvm;

namespace memplan {

namespace {
class GreedyBySizeImprovedObjectStrategy final : public ObjectStrategy {
public:
  explicit GreedyBySizeImprovedObjectStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "greedy-size-improved"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry empties its objects into the gaps: StrategyTraits::PlansHulls).
  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  /// Past it, the buffers left get objects of their own.
  Deadline deadline;
};
} // namespace

namespace {
/// A segment tree over positions 0..n-1 holding a value at each live
/// position, that finds the first live position at or after a given one whose
/// value is at most (Min) or at least (Max) a bound.
template <bool Min> class SearchTree {
public:
  explicit SearchTree(ArrayRef<uint64_t> values) {
    for (width = 1; width < values.size();)
      width *= 2;
    nodes.assign(2 * width, Node());
    for (auto [position, value] : llvm::enumerate(values))
      nodes[width + position] = {value, true};
    for (size_t node = width - 1; node != 0; --node)
      nodes[node] = merge(nodes[2 * node], nodes[2 * node + 1]);
  }

  void remove(size_t position) {
    size_t node = width + position;
    nodes[node].live = false;
    for (node /= 2; node != 0; node /= 2)
      nodes[node] = merge(nodes[2 * node], nodes[2 * node + 1]);
  }

  /// The first live position at or after `from` whose value passes `bound`.
  std::optional<size_t> findFirst(size_t from, uint64_t bound) const {
    if (from >= width)
      return std::nullopt;
    return find(1, 0, width, from, bound);
  }

private:
  struct Node {
    uint64_t value = 0;
    bool live = false;
  };

  static bool passes(const Node &node, uint64_t bound) {
    return node.live && (Min ? node.value <= bound : node.value >= bound);
  }

  static Node merge(const Node &lhs, const Node &rhs) {
    if (!lhs.live)
      return rhs;
    if (!rhs.live)
      return lhs;
    return {Min ? std::min(lhs.value, rhs.value)
                : std::max(lhs.value, rhs.value),
            true};
  }

  std::optional<size_t> find(size_t node, size_t l, size_t r, size_t from,
                             uint64_t bound) const {
    if (r <= from || !passes(nodes[node], bound))
      return std::nullopt;
    if (r - l == 1)
      return l;
    size_t m = l + (r - l) / 2;
    if (std::optional<size_t> left = find(2 * node, l, m, from, bound))
      return left;
    return find(2 * node + 1, m, r, from, bound);
  }

  size_t width;
  SmallVector<Node> nodes;
};

/// A free stretch [l, r) of an object, between two of its buffers; no l
/// before its first buffer, no r after its last.
struct Stretch {
  unsigned object;
  std::optional<uint64_t> l, r;
  /// The object's buffer that ends the stretch, or the end of its lifetimes;
  /// map iterators survive insertions.
  std::map<uint64_t, uint64_t>::const_iterator next;
};

/// The buffers of one stage, and the best of them for a free stretch.
class Stage {
public:
  Stage(ArrayRef<Buffer> buffers, ArrayRef<unsigned> members) {
    // Positions in `members` are the size order: ties in a stretch go to the
    // lower position.
    byStart.resize(members.size());
    std::iota(byStart.begin(), byStart.end(), 0u);
    byEnd = byStart;
    llvm::stable_sort(byStart, [&](unsigned lhs, unsigned rhs) {
      return buffers[members[lhs]].start < buffers[members[rhs]].start;
    });
    llvm::stable_sort(byEnd, [&](unsigned lhs, unsigned rhs) {
      return buffers[members[lhs]].end > buffers[members[rhs]].end;
    });
    starts = llvm::map_to_vector(
        byStart, [&](unsigned pos) { return buffers[members[pos]].start; });
    ends = llvm::map_to_vector(
        byEnd, [&](unsigned pos) { return buffers[members[pos]].end; });
    rankByStart.resize(members.size());
    rankByEnd.resize(members.size());
    for (auto [rank, pos] : llvm::enumerate(byStart))
      rankByStart[pos] = rank;
    for (auto [rank, pos] : llvm::enumerate(byEnd))
      rankByEnd[pos] = rank;
    SmallVector<uint64_t> endsByStart = llvm::map_to_vector(
        byStart, [&](unsigned pos) { return buffers[members[pos]].end; });
    SmallVector<uint64_t> startsByEnd = llvm::map_to_vector(
        byEnd, [&](unsigned pos) { return buffers[members[pos]].start; });
    endTree.emplace(endsByStart);
    startTree.emplace(startsByEnd);
  }

  void remove(unsigned pos) {
    endTree->remove(rankByStart[pos]);
    startTree->remove(rankByEnd[pos]);
  }

  /// The earliest start at or after `time` of a buffer of the stage.
  std::optional<uint64_t> getFirstStartFrom(uint64_t time) const {
    auto it = llvm::lower_bound(starts, time);
    if (it == starts.end())
      return std::nullopt;
    return *it;
  }

  /// The (gap, position) of the best unassigned buffer inside `stretch`.
  std::optional<std::pair<uint64_t, unsigned>>
  findBest(const Stretch &stretch) const {
    std::optional<std::pair<uint64_t, unsigned>> best;
    auto consider = [&](uint64_t gap, unsigned pos) {
      if (!best || std::make_pair(gap, pos) < *best)
        best = {gap, pos};
    };
    uint64_t r = stretch.r.value_or(std::numeric_limits<uint64_t>::max());
    if (stretch.l) {
      // The earliest start at or after l that ends by r.
      size_t from = llvm::lower_bound(starts, *stretch.l) - starts.begin();
      if (std::optional<size_t> rank = endTree->findFirst(from, r))
        consider(starts[*rank] - *stretch.l, byStart[*rank]);
    }
    if (stretch.r) {
      // The latest end at or before r that starts at or after l.
      size_t from =
          llvm::partition_point(ends, [&](uint64_t end) { return end > r; }) -
          ends.begin();
      if (std::optional<size_t> rank =
              startTree->findFirst(from, stretch.l.value_or(0)))
        consider(r - ends[*rank], byEnd[*rank]);
    }
    return best;
  }

private:
  /// Positions by start, and by end latest first; each ordered by position on
  /// ties.
  SmallVector<unsigned> byStart, byEnd, rankByStart, rankByEnd;
  SmallVector<uint64_t> starts, ends;
  /// The ends in start order, and the starts in end order.
  std::optional<SearchTree<true>> endTree;
  std::optional<SearchTree<false>> startTree;
};

/// The best pair of a stretch when it was last computed.
struct Candidate {
  uint64_t gap;
  uint64_t objectSize;
  unsigned pos;
  Stretch stretch;

  std::tuple<uint64_t, uint64_t, unsigned, unsigned> key() const {
    return {gap, objectSize, pos, stretch.object};
  }
  bool operator>(const Candidate &other) const { return key() > other.key(); }
};
} // namespace

Expected<ObjectPlan>
GreedyBySizeImprovedObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);

  // The set-up looks at the deadline between its steps, the positional
  // maximums, the sort and each stage's candidates (on a million buffers
  // the first two took most of a second): stopped there, each buffer not
  // assigned gets an object of its own, in input order before the sort.
  detail::ObjectSet objects(buffers);
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0u);
  auto stop = [&] { return objects.takeStoppedPlan(order, getName()); };
  if (deadline.hasPassed())
    return stop();
  // Distinct positional maximums, largest first.
  SmallVector<uint64_t> maximums = computePositionalMaximums(buffers);
  if (deadline.hasPassed())
    return stop();
  maximums.erase(llvm::unique(maximums), maximums.end());
  // Stage 2i+1 holds the size maximums[i]; stage 2i the sizes strictly
  // between maximums[i] and maximums[i - 1] (below the last one for i = m).
  auto stageOf = [&](uint64_t size) -> size_t {
    size_t above = llvm::partition_point(
                       maximums, [&](uint64_t max) { return max > size; }) -
                   maximums.begin();
    bool equal = above != maximums.size() && maximums[above] == size;
    return 2 * above + (equal ? 1 : 0);
  };

  SmallVector<size_t> stage = llvm::map_to_vector(
      buffers, [&](const Buffer &buffer) { return stageOf(buffer.size); });
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    const Buffer &l = buffers[lhs], &r = buffers[rhs];
    return std::make_tuple(stage[lhs], ~l.size, l.start, lhs) <
           std::make_tuple(stage[rhs], ~r.size, r.start, rhs);
  });

  detail::ClockLooks clock(deadline);
  for (size_t first = 0, e = order.size(); first != e;) {
    size_t last = first;
    while (last != e && stage[order[last]] == stage[order[first]])
      ++last;
    ArrayRef<unsigned> members = ArrayRef(order).slice(first, last - first);
    first = last;

    if (deadline.hasPassed())
      return stop();
    Stage candidates(buffers, members);
    std::priority_queue<Candidate, std::vector<Candidate>,
                        std::greater<Candidate>>
        heap;
    auto push = [&](const Stretch &stretch) {
      if (std::optional<std::pair<uint64_t, unsigned>> best =
              candidates.findBest(stretch))
        heap.push({best->first, objects.getSize(stretch.object), best->second,
                   stretch});
    };
    // Whether no buffer has entered the stretch since it was pushed.
    // A buffer that entered the stretch comes just before its next buffer,
    // and ends after l.
    auto isWhole = [&](const Stretch &stretch) {
      if (!stretch.l)
        return stretch.next == objects.getLifetimes(stretch.object).begin();
      return std::prev(stretch.next)->second == *stretch.l;
    };
    // Both stretches around a new buffer of `object`.
    auto pushAround = [&](unsigned object, unsigned index) {
      const std::map<uint64_t, uint64_t> &lifetimes =
          objects.getLifetimes(object);
      auto it = lifetimes.find(buffers[index].start);
      std::optional<uint64_t> before, after;
      if (it != lifetimes.begin())
        before = std::prev(it)->second;
      if (std::next(it) != lifetimes.end())
        after = std::next(it)->first;
      push({object, before, buffers[index].start, it});
      push({object, buffers[index].end, after, std::next(it)});
    };

    // Every stretch that holds the start of a buffer of the stage. Between
    // them, jump to the stretch around the next such start.
    for (unsigned object = 0, numObjects = objects.getNumObjects();
         object != numObjects; ++object) {
      if (clock.hasPassed())
        return stop();
      const std::map<uint64_t, uint64_t> &lifetimes =
          objects.getLifetimes(object);
      std::optional<uint64_t> l;
      for (auto next = lifetimes.begin();;) {
        bool isLast = next == lifetimes.end();
        push({object, l, isLast ? std::nullopt : std::optional(next->first),
              next});
        if (isLast)
          break;
        std::optional<uint64_t> start =
            candidates.getFirstStartFrom(next->second);
        if (!start)
          break;
        // The first buffer that starts after `start`: often one of the next
        // few, when the stage's buffers are dense.
        auto after = std::next(next);
        for (int step = 0;
             step != 4 && after != lifetimes.end() && after->first <= *start;
             ++step)
          ++after;
        if (after != lifetimes.end() && after->first <= *start)
          after = lifetimes.upper_bound(*start);
        next = after;
        l = std::prev(next)->second;
      }
    }

    size_t nextNew = 0;
    for (size_t left = members.size(); left != 0; --left) {
      if (clock.hasPassed())
        return stop();
      std::optional<Candidate> best;
      while (!heap.empty() && !best) {
        Candidate top = heap.top();
        heap.pop();
        if (!isWhole(top.stretch))
          continue;
        if (objects.isAssigned(members[top.pos]))
          push(top.stretch);
        else
          best = top;
      }
      unsigned index, object;
      if (best) {
        index = members[best->pos];
        object = best->stretch.object;
        assert(buffers[index].size <= objects.getSize(object) &&
               "an object grew");
        objects.assign(index, object);
        candidates.remove(best->pos);
      } else {
        while (objects.isAssigned(members[nextNew]))
          ++nextNew;
        index = members[nextNew];
        object = objects.create(index);
        candidates.remove(nextNew);
      }
      pushAround(object, index);
    }
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyBySizeImprovedObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyBySizeImprovedObjectStrategy>(options.deadline);
}

} // namespace memplan
