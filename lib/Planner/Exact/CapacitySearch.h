//===- CapacitySearch.h - Do a component's buffers fit? ---------*- C++ -*-===//
//
// Private to lib/Planner/Exact. A depth-first search that places one buffer
// per level and either finds offsets within a capacity or proves that there
// are none. docs/exact.md gives the argument that the pruning is sound.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_EXACT_CAPACITYSEARCH_H
#define MEMPLAN_LIB_PLANNER_EXACT_CAPACITYSEARCH_H

#include "../SearchBudget.h"
#include "ExactModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>

namespace memplan::detail {

enum class SearchOutcome {
  /// Offsets within the capacity were found.
  Found,
  /// There are none: the whole tree was searched.
  Refuted,
  /// The node limit or the budget ran out first.
  Stopped,
};

/// What an order ranks buffers by, most significant first, larger first.
enum class OrderKey : uint8_t {
  /// Lifetime in time.
  Width,
  /// Lifetime in sections.
  Sections,
  /// Size times lifetime.
  Area,
  /// The largest sum of sizes still to place in one of the buffer's
  /// sections.
  Total,
};
using SearchOrder = std::array<OrderKey, 3>;

/// The orders the search breaks ties with, in the order they are tried.
llvm::ArrayRef<SearchOrder> getSearchOrders();

class CapacitySearch {
public:
  /// `order` ranks the buffers: among buffers that could go at the same
  /// offset, the search tries the one ranked first first. A nonzero
  /// `perturbation` scales each buffer's first key by a factor between 1 and
  /// 1.3 drawn from it and the buffer, so that buffers whose keys are close
  /// trade places: another order, as complete as the first, that a restart
  /// can try where the static orders are stuck.
  CapacitySearch(const ExactComponent &component, SearchOrder order,
                 uint64_t perturbation = 0);

  /// Looks for offsets (in units) of every buffer such that each ends at or
  /// below `capacity` units, visiting at most `nodeLimit` nodes (0: no limit).
  SearchOutcome run(uint64_t capacity, uint64_t nodeLimit,
                    SearchBudget &budget);

  /// After Found: the offset of each buffer, in units. Each is written when
  /// the search returns through the level that placed it.
  llvm::ArrayRef<uint64_t> getOffsets() const { return solution; }
  /// Nodes visited by the last run.
  uint64_t getNodes() const { return nodes; }

private:
  /// One value the search changed, to be put back on backtracking.
  struct Change {
    enum Kind : uint8_t { MinOffset, Floor } kind;
    unsigned index;
    uint64_t oldValue;
  };

  /// Places the unplaced buffers that live within sections [first, end),
  /// each after (lastOffset, lastRank) in canonical order.
  SearchOutcome search(unsigned first, unsigned end, uint64_t lastOffset,
                       unsigned lastRank);
  /// Places `buffer` at its lowest offset and propagates; false if the
  /// result cannot be completed within the capacity. Only the sections
  /// [first, end) of the current part are checked.
  bool place(unsigned buffer, unsigned first, unsigned end);
  void unplace(unsigned buffer, size_t trailMark);
  /// Searches the parts of [first, end) that placing `buffer` left apart,
  /// one after the other: no buffer of one overlaps a buffer of another.
  SearchOutcome searchParts(unsigned buffer, unsigned first, unsigned end);

  /// Whether `buffer` lives within the sections [first, end) of a part.
  bool isInPart(unsigned buffer, unsigned first, unsigned end) const {
    return component.firstSection[buffer] >= first &&
           component.endSection[buffer] <= end;
  }

  /// Ranks `buffers` 0, 1, ... by `order`, from the sizes left to place.
  void rankBuffers(llvm::ArrayRef<unsigned> buffers);

  const ExactComponent &component;
  SearchOrder order;
  uint64_t perturbation;
  llvm::SmallVector<unsigned> rank;

  // Search state.
  uint64_t capacity = 0;
  uint64_t nodeLimit = 0;
  SearchBudget *budget = nullptr;
  uint64_t nodes = 0;
  bool stopped = false;
  llvm::SmallVector<bool> isPlaced;
  llvm::SmallVector<uint64_t> minOffset;
  llvm::SmallVector<uint64_t> sectionFloor;
  llvm::SmallVector<uint64_t> sectionLeft;
  /// cuts[k]: unplaced buffers live in both sections k - 1 and k. Where it
  /// drops to zero, the rest of the problem falls apart in two.
  llvm::SmallVector<unsigned> cuts;
  /// Unplaced buffers; a buffer is removed by swapping it with the last and
  /// put back in reverse order, so `unplacedPosition` stays exact.
  llvm::SmallVector<unsigned> unplaced;
  llvm::SmallVector<unsigned> unplacedPosition;
  llvm::SmallVector<Change, 0> trail;
  /// The candidate lists of all open levels, one after the other.
  llvm::SmallVector<unsigned, 0> candidateStack;
  /// The section ranges of the buffers whose lowest offsets rose: their
  /// sections' floors may rise.
  llvm::SmallVector<std::pair<unsigned, unsigned>, 0> touchedRanges;
  llvm::SmallVector<uint64_t> solution;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_EXACT_CAPACITYSEARCH_H
