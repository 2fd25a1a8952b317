//===- SizeClassSweep.h - Free objects for the buffers of one size -*- C++ -*-//
//
// Private to lib/Planner. Greedy-size (shared objects) gives each buffer the
// smallest object free during its lifetime, the lowest index among equal
// sizes. Scanning the objects costs O(objects) a buffer where most of them
// are busy, as where thousands of long lifetimes overlap (12.5 s on 300k
// such buffers, mostly spent by the buffers that find every object busy).
//
// But greedy-size visits the buffers of one size one after the other, by
// start, and while it does, the objects change only by buffers of that size,
// which start no later than the one being placed. So for the buffers of one
// size a sweep over time finds the object: at the start t of the buffer, an
// object is free until the first of its buffers that starts after t, or
// busy now (a buffer of it is live at t, one of the size's among them). A
// segment tree over the objects holds that time, the object's key, and the
// buffer's object is the lowest-index one of the last run of equal sizes
// that holds a key at or past the buffer's end: two descents of the tree.
// The keys change only at the starts and ends of the objects' buffers,
// which the sweep visits once each.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_SIZECLASSSWEEP_H
#define MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_SIZECLASSSWEEP_H

#include "ObjectStrategies.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

namespace memplan::detail {

/// The buffers greedy-size has assigned, with their objects, by start and by
/// end (ties by index): what each sweep starts from. They are kept across
/// the sizes and brought up to date at each sweep by merging in those
/// assigned since, so that a sweep's set-up reads the assigned buffers in
/// order instead of every buffer of the problem by index: on a million
/// long-lived buffers that was over a third of greedy-size's time.
class AssignedLifetimes {
public:
  struct Lifetime {
    uint64_t start;
    uint64_t end;
    unsigned buffer;
    unsigned object;
  };

  /// Records that `buffer` took `object`; update() takes it in.
  void add(unsigned buffer, unsigned object) {
    added.push_back({buffer, object});
  }
  /// Merges the buffers added since the last update into the orders.
  void update(llvm::ArrayRef<Buffer> buffers);

  llvm::ArrayRef<Lifetime> getByStart() const { return byStart; }
  llvm::ArrayRef<Lifetime> getByEnd() const { return byEnd; }

private:
  llvm::SmallVector<std::pair<unsigned, unsigned>, 0> added;
  llvm::SmallVector<Lifetime, 0> byStart, byEnd, merged;
};

class SizeClassSweep {
public:
  /// For the next `members` buffers greedy-size visits, all of one size and
  /// by start, given the `numObjects` objects so far and the buffers
  /// assigned to them, which must stay as they are while the sweep lasts.
  SizeClassSweep(llvm::ArrayRef<Buffer> buffers, unsigned numObjects,
                 const AssignedLifetimes &assigned, unsigned members);

  /// The object greedy-size gives `buffer`, the next member: the lowest
  /// index free for it in the last run of objects of equal size (runStarts:
  /// the first object of each run) that has a free object, or nullopt if
  /// every object is busy.
  std::optional<unsigned> findObject(unsigned buffer,
                                     llvm::ArrayRef<unsigned> runStarts);

  /// Records that `buffer`, the member just looked up, took `object`, which
  /// is new if it is the number of objects so far.
  void take(unsigned buffer, unsigned object);

private:
  /// Sets the key of `object` to what it is at time `now`.
  void update(unsigned object, uint64_t now);
  /// Updates the objects whose keys have changed by time `now`.
  void advanceTo(uint64_t now);

  llvm::ArrayRef<Buffer> buffers;
  /// The time the sweep has reached: the start of the last member looked up.
  uint64_t sweptTo = 0;
  unsigned numObjects;
  /// The objects that existed before the members, each with its buffers'
  /// lifetimes by start (those of object o are lifetimes[listBegin[o] ..
  /// listBegin[o + 1])), and the first of them that has not ended.
  unsigned numOldObjects;
  llvm::SmallVector<size_t> listBegin;
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 0> lifetimes;
  llvm::SmallVector<size_t> notEnded;
  /// The old objects' buffers by start and by end (AssignedLifetimes), and
  /// how many of each the sweep has passed.
  llvm::ArrayRef<AssignedLifetimes::Lifetime> starts, ends;
  size_t startsPassed = 0, endsPassed = 0;
  /// The end of the last member each object took (0: none), and those ends
  /// as (time, object), the soonest on top.
  llvm::SmallVector<uint64_t> memberEnd;
  std::priority_queue<std::pair<uint64_t, unsigned>,
                      std::vector<std::pair<uint64_t, unsigned>>,
                      std::greater<>>
      memberEnds;
  /// A perfect binary tree over the objects (leaf o is node numLeaves + o):
  /// each leaf the key of its object, the time up to which it is free
  /// (0: busy now, UINT64_MAX: from now on), each node the largest key
  /// below it.
  unsigned numLeaves;
  llvm::SmallVector<uint64_t, 0> keys;
};

} // namespace memplan::detail

#endif // MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_SIZECLASSSWEEP_H
