//===- BruteForcePlanner.cpp - Exhaustive reference plans for tests -------===//
//
// The order search places the buffers one at a time, in every order, each at
// the lowest aligned offset where it clashes with none of the buffers already
// placed (first fit over all gaps, not just on top). Why trying every order
// finds a smallest slab:
//
//  1. Take any plan P with the smallest slab. While some buffer can move to a
//     lower aligned offset without a clash, move it. Each move lowers the sum
//     of offsets, so this ends, and it never raises the slab, so the result
//     P* is still smallest and no buffer of it can move lower on its own.
//     (Zero-size and never-live buffers end at 0.)
//  2. Place the buffers first-fit in the order of their offsets in P*, ties
//     in any order. Suppose every buffer before b got its offset in P*. Then
//     b's offset o_b in P* is clash-free among them, so first fit picks some
//     o' <= o_b. If o' < o_b, then by 1 b at o' clashes in P* with some c
//     live with b; c is not placed yet (first fit avoided the placed ones),
//     so o_c >= o_b. Both have nonzero size and c meets [o', o' + size_b), so
//     o_b <= o_c < o' + size_b < o_b + size_b: c and b share bytes in P*,
//     which is impossible in a valid plan. So o' = o_b, and by induction
//     that order gives P*.
//  3. With a capacity C, a search that drops an order once its slab passes C
//     loses nothing: the order of 2 never passes the smallest slab, so it
//     survives whenever the smallest slab is at most C.
//
// The grid search is more literal still: every tuple of aligned offsets that
// keeps each buffer below the capacity, checked pair by pair. The tests run
// it against the order search on the tiniest problems.
//
//===----------------------------------------------------------------------===//

#include "BruteForcePlanner.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace memplan {

/// Whether buffers `a` at `offsetA` and `b` at `offsetB` share a byte while
/// both are live. Zero-size buffers share no byte with anything.
static bool clash(const Buffer &a, uint64_t offsetA, const Buffer &b,
                  uint64_t offsetB) {
  if (a.size == 0 || b.size == 0 || !a.overlapsInTime(b))
    return false;
  return offsetA < offsetB + b.size && offsetB < offsetA + a.size;
}

static uint64_t roundUp(uint64_t value, uint64_t alignment) {
  assert(alignment != 0 && (alignment & (alignment - 1)) == 0 &&
         "alignment must be a power of two");
  return (value + alignment - 1) / alignment * alignment;
}

namespace {
/// A depth-first walk over all orders. The placements of a prefix do not
/// depend on what follows, so orders that share a prefix share its work.
class OrderSearch {
public:
  OrderSearch(ArrayRef<Buffer> buffers, std::optional<uint64_t> capacity)
      : buffers(buffers), capacity(capacity), offsets(buffers.size(), 0),
        isPlaced(buffers.size(), false) {
    assert(buffers.size() <= kBruteForceMaxBuffers && "too many buffers");
  }

  std::optional<Plan> run() {
    search(0, 0);
    return best;
  }

private:
  /// The lowest aligned offset of buffer `index` that clashes with no placed
  /// buffer. Whenever the offset clashes with some c, no aligned offset below
  /// c's end (and above the current one) can be free, since from there the
  /// buffer would still reach into c; so jumping past c's end skips nothing.
  uint64_t firstFit(unsigned index) const {
    const Buffer &buffer = buffers[index];
    uint64_t offset = 0;
    for (bool moved = true; moved;) {
      moved = false;
      for (unsigned other = 0; other < buffers.size(); ++other) {
        if (!isPlaced[other] ||
            !clash(buffer, offset, buffers[other], offsets[other]))
          continue;
        offset =
            roundUp(offsets[other] + buffers[other].size, buffer.alignment);
        moved = true;
      }
    }
    return offset;
  }

  void search(unsigned numPlaced, uint64_t slab) {
    // With a capacity any plan within it will do.
    if (capacity && best)
      return;
    if (numPlaced == buffers.size()) {
      if (!best || slab < best->slabSize) {
        best.emplace();
        best->offsets = offsets;
        best->slabSize = slab;
      }
      return;
    }
    for (unsigned index = 0; index < buffers.size(); ++index) {
      if (isPlaced[index])
        continue;
      offsets[index] = firstFit(index);
      uint64_t newSlab = std::max(slab, offsets[index] + buffers[index].size);
      // Placing more buffers never lowers the slab.
      if (capacity && newSlab > *capacity)
        continue;
      isPlaced[index] = true;
      search(numPlaced + 1, newSlab);
      isPlaced[index] = false;
    }
  }

  ArrayRef<Buffer> buffers;
  std::optional<uint64_t> capacity;
  SmallVector<uint64_t> offsets;
  SmallVector<bool> isPlaced;
  std::optional<Plan> best;
};
} // namespace

Plan bruteForceMinimum(ArrayRef<Buffer> buffers) {
  std::optional<Plan> plan = OrderSearch(buffers, std::nullopt).run();
  assert(plan && "every order gives a plan");
  return std::move(*plan);
}

std::optional<Plan> bruteForceFit(ArrayRef<Buffer> buffers, uint64_t capacity) {
  return OrderSearch(buffers, capacity).run();
}

/// Tries every aligned offset of buffer `index` and the buffers after it.
static bool gridSearchFrom(ArrayRef<Buffer> buffers, uint64_t capacity,
                           SmallVectorImpl<uint64_t> &offsets, unsigned index) {
  if (index == buffers.size())
    return true;
  const Buffer &buffer = buffers[index];
  if (buffer.size > capacity)
    return false;
  for (uint64_t offset = 0; offset + buffer.size <= capacity;
       offset += buffer.alignment) {
    bool free = true;
    for (unsigned other = 0; other < index; ++other)
      free = free && !clash(buffer, offset, buffers[other], offsets[other]);
    if (!free)
      continue;
    offsets[index] = offset;
    if (gridSearchFrom(buffers, capacity, offsets, index + 1))
      return true;
  }
  return false;
}

bool gridSearchFits(ArrayRef<Buffer> buffers, uint64_t capacity) {
  SmallVector<uint64_t> offsets(buffers.size(), 0);
  return gridSearchFrom(buffers, capacity, offsets, 0);
}

} // namespace memplan
