//===- PathCover.cpp - Fewest chains of disjoint lifetimes, then a skyline ===//
//
// The path-cover method of Maeda (LeapMind, "Solving buffer allocation as a
// path cover problem", 2021). It replaced an allocator that sorted buffers by
// (lifetime length, size) and stacked them on a skyline, which on a plain
// chain of equal buffers builds a staircase; only the order changes:
//
//  1. Chains. Buffers are taken by start time (ties: lower index, as nodes
//     are numbered in program order) and each joins the first chain, in
//     creation order, whose buffers all end by its start; if none can take
//     it, it starts a new chain. A chain is a path in the DAG with an edge
//     i -> j whenever end[i] <= start[j], so the chains are a path cover, and
//     taking buffers by start makes it a minimum one: the number of chains is
//     the largest number of buffers live at one time (the seed's proof).
//  2. Skyline. The buffers are placed one by one, chain after chain, each
//     chain's in the order they joined it. A height per moment starts at 0;
//     a buffer goes to the highest height over its lifetime, rounded up to
//     its alignment, and the height over its lifetime becomes its end. Each
//     buffer is placed on its own: a chain is not a unit with one offset.
//
// Without padding the slab is at most (chains) * (largest size): the buffers
// of one chain never see each other, so chain k ends at most k sizes high.
// Zero-size buffers and buffers with an empty lifetime occupy nothing: they
// go to offset 0 and join no chain.
//
// With n buffers, grouping costs O(n log n) (O(n) while there are at most 64
// chains) and the skyline, over at most 2n distinct times, O(n log n): it is
// a tree of the highest height over each range of sections (a plain array,
// read and written section by section, made 100k nested lifetimes take
// 11 s).
//
//===----------------------------------------------------------------------===//

#include "ClockedPlacement.h"
#include "Strategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "../MaxAssignTree.h"
#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <numeric>
#include <queue>

using namespace llvm;

namespace memplan {

namespace {
class PathCoverStrategy final : public OffsetStrategy {
public:
  explicit PathCoverStrategy(const Deadline &deadline) : deadline(deadline) {}

  StringRef getName() const override { return "path-cover"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry lets it down into the gaps: StrategyTraits::PlansHulls).
  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override;

private:
  /// Past it, the buffers left are stacked (ClockedPlacement.h).
  Deadline deadline;
};

/// A chain of buffers with pairwise disjoint lifetimes.
struct Chain {
  SmallVector<unsigned> members;
};
} // namespace

Expected<Plan> PathCoverStrategy::plan(ArrayRef<Buffer> buffers,
                                       const PlanRequest &) const {
  Plan result;
  result.outcome.strategy = getName().str();
  result.offsets.assign(buffers.size(), 0);

  SmallVector<unsigned> order;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (detail::occupiesMemory(buffer))
      order.push_back(index);
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });

  // Each buffer takes the first chain, by creation, that has ended by its
  // start. Up to kScanLimit chains (networks need a few dozen) a scan finds
  // it fastest. Past that (a million buffers live at once make a chain each,
  // and the scan quadratic) heaps take over: starts only grow, so a chain
  // that has ended by one buffer's start has ended by every later one's until
  // it takes a buffer, and chains move from `busy` (by end) to `ended` (by
  // creation) and back.
  constexpr unsigned kScanLimit = 64;
  SmallVector<Chain> chains;
  SmallVector<uint64_t> chainEnds;
  using EndAndChain = std::pair<uint64_t, unsigned>;
  std::priority_queue<EndAndChain, std::vector<EndAndChain>,
                      std::greater<EndAndChain>>
      busy;
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ended;
  bool useHeaps = false;
  detail::ClockLooks clock(deadline);
  for (unsigned index : order) {
    // No buffer has its offset before the chains are made.
    if (clock.hasPassed()) {
      if (std::optional<unsigned> overflow =
              detail::stackUnplaced(buffers, order, result))
        return detail::makeEndOverflowError(getName(), *overflow);
      return result;
    }
    const Buffer &buffer = buffers[index];
    unsigned chain = chains.size();
    if (!useHeaps) {
      chain = llvm::find_if(chainEnds,
                            [&](uint64_t end) { return end <= buffer.start; }) -
              chainEnds.begin();
    } else {
      while (!busy.empty() && busy.top().first <= buffer.start) {
        ended.push(busy.top().second);
        busy.pop();
      }
      if (!ended.empty()) {
        chain = ended.top();
        ended.pop();
      }
    }
    if (chain == chains.size()) {
      chains.emplace_back();
      chainEnds.push_back(0);
    }
    chains[chain].members.push_back(index);
    chainEnds[chain] = buffer.end;
    if (useHeaps) {
      busy.push({buffer.end, chain});
    } else if (chains.size() > kScanLimit) {
      useHeaps = true;
      for (auto [other, end] : llvm::enumerate(chainEnds))
        busy.push({end, unsigned(other)});
    }
  }

  // The heights are kept per section of time.
  detail::TimeSections sections(buffers);
  detail::MaxAssignTree heights(sections.size());

  SmallVector<unsigned> chainOrder;
  for (const Chain &chain : chains)
    chainOrder.append(chain.members);
  result.details = (Twine(chains.size()) + " chains").str();
  if (std::optional<unsigned> overflow = detail::placeInOrder(
          buffers, chainOrder, deadline, result, [&](unsigned index) {
            const Buffer &buffer = buffers[index];
            auto [first, last] = sections.sectionsOf(buffer);
            std::optional<AlignedPlacement> placed = checkedPlaceAbove(
                heights.max(first, last), buffer.alignment, buffer.size);
            if (!placed)
              return false;
            result.offsets[index] = placed->offset;
            result.slabSize = std::max(result.slabSize, placed->end);
            heights.assign(first, last, placed->end);
            return true;
          }))
    return detail::makeEndOverflowError(getName(), *overflow);
  return result;
}

std::unique_ptr<OffsetStrategy>
createPathCoverStrategy(const StrategyOptions &options) {
  return std::make_unique<PathCoverStrategy>(options.deadline);
}

} // namespace memplan
