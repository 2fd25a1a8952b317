//===- GreedyByBreadth.cpp - Widest operators first -----------------------===//
//
// Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference", 4.2 (Greedy by Breadth for Shared Objects), on plain records:
//
//  * Each distinct start time is an operator; its profile is the buffers live
//    then and its breadth the sum of their sizes (saturated, as it is only an
//    order). The live set at any other time is a subset of the one at the
//    latest start before it, so these are all the operators that matter.
//  * Operators are visited by breadth, widest first, earlier time on ties.
//    Within one, its unassigned buffers go by size, largest first (then
//    earlier start, then lower index).
//  * A buffer takes the smallest free object at least as large as itself; if
//    every free object is smaller, the largest of them, grown to the buffer's
//    size; if none is free, a new object. Equal sizes go to the lower object
//    index.
//
// The breadths come from one sweep over the operators with 128-bit running
// sums, saturated when read. A buffer is live at a contiguous range of
// operators, so the profiles come from an interval tree over the operators:
// every buffer of the profile has been assigned once its operator is done,
// so each tree node hands out its buffers from the ends of two sorted lists
// and never looks at a buffer twice. Free objects are searched in a set
// ordered by (size, index): upwards from the buffer's size for the smallest
// fit, downwards for the largest object below it; whether an object is free
// comes from ObjectSet's slot bitmaps.
//
// O(n log n + n k) for n buffers and k objects; the second term is the worst
// case, when a buffer finds most objects busy. A buffer skips the search when
// it would find every object busy: after one of the same lifetime that did;
// when live at the busiest time once every object holds a buffer live then
// (nested lifetimes); and when as many assigned buffers are live at its
// operator as there are objects (an object holds at most one live buffer at
// a time, so then every one is busy). The last is counted in a Fenwick tree
// over the operators; on generated long-lived problems it saves four fifths
// of the checks, those of the wide operators that open new objects. (Past
// the bitmap budget a check costs O(log n), and a long lifetime reads a word
// per 4096 time slots.)
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "../BufferOrder.h"
#include "../ClockLooks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <set>
#include <utility>

using namespace llvm;

namespace memplan {

namespace {
class GreedyByBreadthObjectStrategy final : public ObjectStrategy {
public:
  explicit GreedyByBreadthObjectStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "greedy-breadth"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry empties its objects into the gaps: StrategyTraits::PlansHulls).
  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  /// Past it, the buffers left get objects of their own.
  Deadline deadline;
};
} // namespace

namespace {
/// An unsigned 128-bit counter, enough for the sum of 2^64 sizes.
struct Wide {
  uint64_t high = 0, low = 0;

  void add(uint64_t value) {
    low += value;
    high += low < value;
  }
  void subtract(uint64_t value) {
    high -= low < value;
    low -= value;
  }
  uint64_t saturated() const {
    return high ? std::numeric_limits<uint64_t>::max() : low;
  }
};

/// The buffers live at each operator, as an interval tree over operator
/// indices: a node covering [l, r] with middle m = (l + r) / 2 holds the
/// buffers whose range of operators contains m but not the middle of any
/// ancestor, sorted by first and by last operator. Once an operator is done,
/// every buffer live at it is assigned, so a node hands out its buffers from
/// the front of the first list and the back of the second and drops them.
class ProfileTree {
public:
  /// Buffer i is live at the operators [first[i], last[i]] of `numOperators`.
  ProfileTree(ArrayRef<unsigned> first, ArrayRef<unsigned> last,
              unsigned numOperators)
      : first(first), last(last), numOperators(numOperators) {
    // Heap numbering: the children of node v are 2v and 2v + 1.
    SmallVector<unsigned> nodeOf(first.size());
    unsigned numNodes = 2;
    for (unsigned index = 0, e = first.size(); index != e; ++index) {
      unsigned node = 1, l = 0, r = numOperators - 1;
      for (;;) {
        unsigned m = l + (r - l) / 2;
        if (last[index] < m) {
          node = 2 * node;
          r = m - 1;
        } else if (first[index] > m) {
          node = 2 * node + 1;
          l = m + 1;
        } else {
          break;
        }
      }
      nodeOf[index] = node;
      numNodes = std::max(numNodes, node + 1);
    }
    begins.assign(numNodes + 1, 0);
    for (unsigned node : nodeOf)
      ++begins[node + 1];
    for (unsigned node = 0; node != numNodes; ++node)
      begins[node + 1] += begins[node];
    byFirst.resize(first.size());
    SmallVector<unsigned> fill(begins.begin(), begins.end() - 1);
    for (unsigned index = 0, e = first.size(); index != e; ++index)
      byFirst[fill[nodeOf[index]]++] = index;
    byLast = byFirst;
    for (unsigned node = 0; node != numNodes; ++node) {
      // slice, not &byFirst[begins[node]]: a node may be empty at the end
      // of the list (with no buffers at all, byFirst is empty).
      unsigned count = begins[node + 1] - begins[node];
      MutableArrayRef<unsigned> f =
          MutableArrayRef<unsigned>(byFirst).slice(begins[node], count);
      MutableArrayRef<unsigned> b =
          MutableArrayRef<unsigned>(byLast).slice(begins[node], count);
      llvm::sort(f, [&](unsigned lhs, unsigned rhs) {
        return first[lhs] < first[rhs];
      });
      llvm::sort(
          b, [&](unsigned lhs, unsigned rhs) { return last[lhs] < last[rhs]; });
    }
    fronts.assign(begins.begin(), begins.end() - 1);
    backs.assign(begins.begin() + 1, begins.end());
  }

  /// Appends to `live` every buffer live at `op` not handed out before, and
  /// may hand out again buffers handed out before: the caller skips those.
  void takeLive(unsigned op, SmallVectorImpl<unsigned> &live) {
    unsigned node = 1, l = 0, r = numOperators - 1;
    for (;;) {
      unsigned m = l + (r - l) / 2;
      if (node >= fronts.size())
        return;
      unsigned &front = fronts[node], &back = backs[node];
      if (op < m) {
        for (; front != begins[node + 1] && first[byFirst[front]] <= op;
             ++front)
          live.push_back(byFirst[front]);
        node = 2 * node;
        r = m - 1;
      } else if (op > m) {
        for (; back != begins[node] && last[byLast[back - 1]] >= op; --back)
          live.push_back(byLast[back - 1]);
        node = 2 * node + 1;
        l = m + 1;
      } else {
        for (; front != begins[node + 1]; ++front)
          live.push_back(byFirst[front]);
        return;
      }
    }
  }

private:
  ArrayRef<unsigned> first, last;
  unsigned numOperators;
  /// Node v's buffers are at [begins[v], begins[v + 1]) of both lists.
  SmallVector<unsigned> begins, byFirst, byLast;
  /// What node v has not handed out: byFirst from fronts[v] on, and byLast
  /// before backs[v].
  SmallVector<unsigned> fronts, backs;
};

/// How many assigned buffers are live at each operator: a Fenwick tree of
/// the differences, so that adding a buffer's range of operators and reading
/// one operator each cost O(log n). An object holds at most one buffer live
/// at a time, so this also counts the objects busy at the operator.
class LiveCounts {
public:
  explicit LiveCounts(unsigned numOperators) : tree(numOperators + 2, 0) {}

  /// Counts a buffer live at operators [first, last].
  void add(unsigned first, unsigned last) {
    change(first, 1);
    change(last + 1, -1);
  }

  /// The buffers counted live at operator `op`.
  unsigned at(unsigned op) const {
    int64_t sum = 0;
    for (size_t node = op + 1; node != 0; node -= node & -node)
      sum += tree[node];
    return unsigned(sum);
  }

private:
  void change(unsigned op, int64_t delta) {
    for (size_t node = op + 1; node < tree.size(); node += node & -node)
      tree[node] += delta;
  }

  SmallVector<int64_t> tree;
};
} // namespace

Expected<ObjectPlan>
GreedyByBreadthObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);

  // Stopped, each buffer not assigned gets an object of its own, in input
  // order. The set-up (sorts, the profile tree, the objects' bitmaps, about
  // a third of a second on a million buffers) looks at the deadline between
  // its steps, the placement every kStepsPerClockLook buffers.
  detail::ObjectSet objects(buffers);
  auto stop = [&] {
    return objects.takeStoppedPlan(
        llvm::to_vector(llvm::seq<unsigned>(0, buffers.size())), getName());
  };
  SmallVector<uint64_t> times = llvm::map_to_vector(
      buffers, [](const Buffer &buffer) { return buffer.start; });
  llvm::sort(times);
  times.erase(llvm::unique(times), times.end());
  // Buffer i is live at operators [first[i], last[i]]: its own start, up to
  // the last start before its end.
  SmallVector<unsigned> first(buffers.size()), last(buffers.size());
  SmallVector<Wide> change(times.size() + 1);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    first[index] = llvm::lower_bound(times, buffer.start) - times.begin();
    last[index] = llvm::lower_bound(times, buffer.end) - times.begin() - 1;
    change[first[index]].add(buffer.size);
    change[last[index] + 1].subtract(buffer.size);
  }
  // (breadth, time) of each operator.
  SmallVector<std::pair<uint64_t, uint64_t>> operators;
  operators.reserve(times.size());
  Wide breadth;
  for (auto [op, time] : llvm::enumerate(times)) {
    breadth.add(change[op].low);
    breadth.high += change[op].high;
    operators.emplace_back(breadth.saturated(), time);
  }
  change.clear();
  if (deadline.hasPassed())
    return stop();
  llvm::sort(operators, [](const auto &lhs, const auto &rhs) {
    if (lhs.first != rhs.first)
      return lhs.first > rhs.first;
    return lhs.second < rhs.second;
  });

  if (deadline.hasPassed())
    return stop();
  ProfileTree tree(first, last, times.size());
  objects.useBitmaps(detail::kBitmapBudget);
  // Every object as (size, index).
  std::set<std::pair<uint64_t, unsigned>> bySize;
  SmallVector<unsigned> profile;
  // If the last buffer found every object busy, the next one, if it has the
  // same lifetime, finds them busy too, and the object just made for the
  // last one: it needs a new object at once. Equal buffers of one profile
  // come one after the other, so a stack of n of them costs O(n log n), not
  // O(n^2).
  bool lastFoundAllBusy = false;
  std::pair<uint64_t, uint64_t> lastLifetime = {0, 0};
  std::optional<uint64_t> busiest = detail::getBusiestTime(buffers);
  unsigned objectsBusiest = 0;
  LiveCounts busy(times.size());
  if (deadline.hasPassed())
    return stop();
  detail::ClockLooks clock(deadline);
  for (uint64_t time : llvm::make_second_range(operators)) {
    unsigned op = llvm::lower_bound(times, time) - times.begin();
    profile.clear();
    tree.takeLive(op, profile);
    llvm::erase_if(profile,
                   [&](unsigned index) { return objects.isAssigned(index); });
    detail::sortLargestFirst(buffers, profile);

    for (unsigned index : profile) {
      if (clock.hasPassed())
        return stop();
      uint64_t size = buffers[index].size;
      std::pair<uint64_t, uint64_t> lifetime = {buffers[index].start,
                                                buffers[index].end};
      bool isLiveBusiest =
          busiest && lifetime.first <= *busiest && *busiest < lifetime.second;
      // Each path below assigns the buffer.
      // The buffer is live at this operator, so an object busy then is
      // busy for it.
      bool allBusy =
          (lastFoundAllBusy && lastLifetime == lifetime) ||
          (isLiveBusiest && objectsBusiest == objects.getNumObjects()) ||
          busy.at(op) == objects.getNumObjects();
      objectsBusiest += isLiveBusiest;
      busy.add(first[index], last[index]);
      lastLifetime = lifetime;
      lastFoundAllBusy = false;
      if (allBusy) {
        bySize.emplace(size, objects.create(index));
        lastFoundAllBusy = true;
        continue;
      }
      auto isFree = [&](const std::pair<uint64_t, unsigned> &object) {
        return objects.isFree(object.second, index);
      };
      // The smallest free object that fits, the lowest index on ties.
      auto fits = bySize.lower_bound({size, 0});
      auto smallestFit = std::find_if(fits, bySize.end(), isFree);
      if (smallestFit != bySize.end()) {
        objects.assign(index, smallestFit->second);
        continue;
      }
      // Else the largest free object, the lowest index on ties.
      auto largest =
          std::find_if(std::make_reverse_iterator(fits), bySize.rend(), isFree);
      if (largest == bySize.rend()) {
        bySize.emplace(size, objects.create(index));
        lastFoundAllBusy = true;
        continue;
      }
      auto lowest = std::find_if(bySize.lower_bound({largest->first, 0}),
                                 bySize.end(), isFree);
      unsigned object = lowest->second;
      bySize.erase(lowest);
      objects.assign(index, object);
      bySize.emplace(objects.getSize(object), object);
    }
  }
  return objects.takePlan(getName());
}

std::unique_ptr<ObjectStrategy>
createGreedyByBreadthObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<GreedyByBreadthObjectStrategy>(options.deadline);
}

} // namespace memplan
