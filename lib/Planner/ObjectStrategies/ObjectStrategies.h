//===- ObjectStrategies.h - Factories and helpers of object strategies ----===//
//
// Private to lib/Planner: the registry (StrategyRegistry.cpp) is the only
// public way to reach an object strategy. The factories are declared from
// memplan/Planner/Strategies.def, one per row.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H
#define MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H

#include "memplan/Planner/ObjectStrategy.h"

#include "llvm/ADT/SmallVector.h"

#include <cassert>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace memplan {

// The factories of the rows of Strategies.def. That of `best` is the
// registry's assembler (StrategyRegistry.cpp), which makes its candidates
// and hands them to createBestObjectStrategy.
#define MEMPLAN_OBJECT_STRATEGY(NAME, FACTORY, TRAITS, DESCRIPTION)            \
  std::unique_ptr<ObjectStrategy> FACTORY(const StrategyOptions &);
#include "memplan/Planner/Strategies.def"

/// Runs `candidates` (quick ones first, by their traits) and keeps the
/// valid plan with the smallest total; ties go to the earlier one
/// (Best.cpp, the policy of the offset `best`).
std::unique_ptr<ObjectStrategy> createBestObjectStrategy(
    std::vector<std::unique_ptr<ObjectStrategy>> candidates,
    const StrategyOptions &options);

/// `strategy`, whose rule takes each lifetime as its hull, with its objects
/// emptied into the gaps of gapped lifetimes (EmptyingObjects.cpp).
std::unique_ptr<ObjectStrategy>
createObjectEmptyingStrategy(std::unique_ptr<ObjectStrategy> strategy);

namespace detail {

/// Fails, naming the strategy and the buffer, if a buffer has an empty
/// lifetime: such a buffer has no time in which to hold an object.
llvm::Error checkObjectProblem(llvm::ArrayRef<Buffer> buffers,
                               llvm::StringRef strategy);

/// The plan of `strategy` that assigns buffer `i` to `objectOf[i]`, of
/// `sizes[objectOf[i]]` bytes. Fails, naming `strategy`, if the total size
/// overflows 64 bits.
llvm::Expected<ObjectPlan> makeObjectPlan(llvm::SmallVector<unsigned> objectOf,
                                          llvm::SmallVector<uint64_t> sizes,
                                          llvm::StringRef strategy);

/// `plan` (valid for the hulls of `buffers`) with objects emptied into the
/// gaps of gapped lifetimes (EmptyingObjects.cpp), where some have gaps and
/// there are at most kGappedScanLimit buffers; otherwise, or if `plan` is an
/// error, `plan` as it is.
llvm::Expected<ObjectPlan>
emptyObjectsIntoGaps(llvm::ArrayRef<Buffer> buffers,
                     llvm::Expected<ObjectPlan> plan);

/// Records in `plan`, made by a strategy its deadline stopped, that `own`
/// buffers of nonzero size got objects of their own (ClockLooks.h): its
/// outcome (stoppedByClock, stackedByClock) and details.
void markStoppedByClock(ObjectPlan &plan, size_t own);

/// How object greedy-size finds a free object for a buffer.
enum class FreeObjectSearch {
  /// Ask each object in turn, from the smallest (ObjectSet::isFree).
  Scan,
  /// A SizeClassSweep for the buffers of each size.
  Sweep,
  /// The sweep for the sizes where scanning could cost more.
  Automatic,
};

/// Object greedy-size finding free objects by `search`; every search gives
/// the same plan. Past `deadline` it gives each buffer left an object of its
/// own (ObjectSet::takeStoppedPlan).
std::unique_ptr<ObjectStrategy>
createGreedyBySizeObjectStrategy(FreeObjectSearch search,
                                 const Deadline &deadline = Deadline());

/// What ObjectSet::useBitmaps may spend in the strategies that search for
/// free objects: at a million buffers, a few hundred objects.
constexpr size_t kBitmapBudget = size_t(64) << 20;

/// A set of time slots, 0..n-1, as bits with one summary bit per word of
/// them, so that asking whether a range holds a slot reads a few words.
class SlotBitmap {
public:
  explicit SlotBitmap(unsigned numSlots);

  /// Whether any slot of [first, last) is in the set; first < last.
  bool any(unsigned first, unsigned last) const;

  /// Adds the slots [first, last); first < last.
  void add(unsigned first, unsigned last);

private:
  llvm::SmallVector<uint64_t> bits, summary;
};

/// A time at which the most buffers are live, or nullopt if none ever is.
/// A buffer live then that finds every object holding a buffer live then
/// (an object holds at most one) finds them all busy.
std::optional<uint64_t> getBusiestTime(llvm::ArrayRef<Buffer> buffers);

/// The times an object is busy: start -> end of disjoint intervals, one per
/// interval of each buffer it holds.
using BusyIntervals = std::map<uint64_t, uint64_t>;

/// Whether `buffer` is live at no time of `busy`, interval by interval.
bool isFreeDuring(const BusyIntervals &busy, const Buffer &buffer);

/// Adds the intervals `buffer` is live on to `busy`.
void addBusy(BusyIntervals &busy, const Buffer &buffer);

/// The objects of a plan being built: their sizes and the lifetimes of the
/// buffers assigned to each, kept sorted so that asking whether an object is
/// free over a lifetime costs O(log n).
class ObjectSet {
public:
  explicit ObjectSet(llvm::ArrayRef<Buffer> buffers);

  /// Keeps, for the first objects as long as they fit in `budget` bytes, a
  /// SlotBitmap of the time slots they are busy in instead of their
  /// lifetimes, so that isFree costs O(1) on short lifetimes. Must come
  /// before the first object is created; getGap and getLifetimes do not work
  /// on objects with a bitmap. O(n log n).
  void useBitmaps(size_t budget);

  unsigned getNumObjects() const { return sizes.size(); }
  uint64_t getSize(unsigned object) const { return sizes[object]; }
  bool isAssigned(unsigned buffer) const;
  /// The object of `buffer`, which must be assigned.
  unsigned getObject(unsigned buffer) const {
    assert(isAssigned(buffer) && "the buffer has no object yet");
    return objectOf[buffer];
  }

  /// Whether no buffer of `object` overlaps `buffer` in time (interval by
  /// interval where lifetimes have gaps).
  bool isFree(unsigned object, unsigned buffer) const;

  /// The time between `buffer` and the closest buffer of `object`, which
  /// must be free for it.
  uint64_t getGap(unsigned object, unsigned buffer) const;

  /// The lifetimes of the buffers of `object`, as start -> end: an entry per
  /// interval of a gapped lifetime.
  const std::map<uint64_t, uint64_t> &getLifetimes(unsigned object) const {
    return lifetimes[object];
  }

  /// Assigns `buffer` to a new object of its size and returns the object.
  unsigned create(unsigned buffer);

  /// Assigns `buffer` to `object`, which must be free for it, and grows the
  /// object to the buffer's size if it is smaller.
  void assign(unsigned buffer, unsigned object);

  /// The plan once every buffer is assigned. Fails, naming `strategy`, if the
  /// total size overflows 64 bits.
  llvm::Expected<ObjectPlan> takePlan(llvm::StringRef strategy);
  /// The plan of a strategy stopped by its deadline (ClockLooks.h): each
  /// buffer not assigned yet gets an object of its own, in the order of
  /// `order` (every buffer's index once), and the outcome (stoppedByClock,
  /// and stackedByClock, which counts those of nonzero size) and details say
  /// so. Fails as takePlan does.
  llvm::Expected<ObjectPlan> takeStoppedPlan(llvm::ArrayRef<unsigned> order,
                                             llvm::StringRef strategy);

private:
  llvm::ArrayRef<Buffer> buffers;
  llvm::SmallVector<unsigned> objectOf;
  llvm::SmallVector<uint64_t> sizes;
  /// Per object, the lifetimes of its buffers as start -> end. Lifetimes of
  /// one object are disjoint and non-empty, so starts are distinct. Empty for
  /// objects with a bitmap.
  llvm::SmallVector<std::map<uint64_t, uint64_t>> lifetimes;
  /// With bitmaps, buffer i is busy in the slots [slots[2i], slots[2i + 1])
  /// of numSlots, the distinct start and end times in order; the first
  /// maxBitmaps objects have one.
  llvm::SmallVector<unsigned> slots;
  unsigned numSlots = 0;
  unsigned maxBitmaps = 0;
  llvm::SmallVector<SlotBitmap> bitmaps;
};

} // namespace detail

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_OBJECTSTRATEGIES_OBJECTSTRATEGIES_H
