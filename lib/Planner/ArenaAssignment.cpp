//===- ArenaAssignment.cpp - Buffers into arenas of fixed capacity --------===//
//
// Choosing is quick: a buffer is taken while the bytes live at each of its
// times stay within the capacity (LiveBytes), which any plan needs; the
// arena is then planned and, where the plan comes out above the capacity
// (padding, fragmentation), the least valuable of its buffers live where
// the plan overflows (by the choice's own order) move on to the next arena,
// in batches that double, until it fits.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ArenaAssignment.h"

#include "memplan/Planner/CheckedMath.h"
#include "memplan/Planner/PinnedOffsets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace llvm;

namespace memplan {

static Error makeError(const Twine &message) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           message);
}

StringRef getArenaChoiceName(ArenaChoice choice) {
  switch (choice) {
  case ArenaChoice::Traffic:
    return "traffic";
  case ArenaChoice::Accessed:
    return "accessed";
  case ArenaChoice::FallThrough:
    return "fall-through";
  case ArenaChoice::Best:
    return "best";
  }
  llvm_unreachable("unknown arena choice");
}

std::optional<ArenaChoice> parseArenaChoice(StringRef name) {
  for (ArenaChoice choice : {ArenaChoice::Traffic, ArenaChoice::Accessed,
                             ArenaChoice::FallThrough, ArenaChoice::Best})
    if (name == getArenaChoiceName(choice))
      return choice;
  return std::nullopt;
}

Expected<SmallVector<ArenaSpec>> parseArenaSpecs(StringRef text) {
  SmallVector<ArenaSpec> arenas;
  SmallVector<StringRef> entries;
  text.split(entries, ',');
  for (auto [index, entry] : llvm::enumerate(entries)) {
    auto [nameText, bytes] = entry.trim().split(':');
    StringRef name = nameText.trim();
    if (name.empty() || !llvm::all_of(name, [](char c) {
          return llvm::isAlnum(c) || c == '_';
        }))
      return makeError("an arena is NAME or NAME:BYTES, its name of letters, "
                       "digits and underscores, not '" +
                       entry.trim() + "'");
    // Names become parts of C identifiers, upper-cased.
    if (llvm::any_of(arenas, [&](const ArenaSpec &arena) {
          return StringRef(arena.name).equals_insensitive(name);
        }))
      return makeError("the arena '" + name +
                       "' is named twice (names differing in case alone "
                       "are one)");
    ArenaSpec &arena = arenas.emplace_back();
    arena.name = name.str();
    if (entry.contains(':')) {
      uint64_t capacity;
      if (bytes.trim().getAsInteger(10, capacity) || capacity == 0)
        return makeError("the capacity of arena '" + name +
                         "' is a number of bytes above 0, not '" +
                         bytes.trim() + "'");
      arena.capacity = capacity;
    } else if (index + 1 != entries.size()) {
      return makeError("only the last arena may have no capacity; '" + name +
                       "' has none");
    }
  }
  return arenas;
}

namespace {

/// The bytes live at each time of the problem, among the buffers added.
class LiveBytes {
public:
  explicit LiveBytes(ArrayRef<Buffer> buffers) {
    for (const Buffer &buffer : buffers)
      buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
        times.push_back(start);
        times.push_back(end);
      });
    llvm::sort(times);
    times.erase(std::unique(times.begin(), times.end()), times.end());
    live.assign(times.size(), 0);
  }

  /// Whether `buffer` fits under `capacity` with those added.
  bool fits(const Buffer &buffer, uint64_t capacity) const {
    if (buffer.size > capacity)
      return false;
    bool fitting = true;
    forEachSegment(buffer, [&](size_t segment) {
      fitting &= live[segment] <= capacity - buffer.size;
    });
    return fitting;
  }

  void add(const Buffer &buffer) {
    forEachSegment(buffer, [&](size_t segment) {
      live[segment] =
          checkedAdd(live[segment], buffer.size).value_or(UINT64_MAX);
    });
  }

  void remove(const Buffer &buffer) {
    forEachSegment(buffer,
                   [&](size_t segment) { live[segment] -= buffer.size; });
  }

private:
  template <typename Visit>
  void forEachSegment(const Buffer &buffer, Visit visit) const {
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      size_t first = llvm::lower_bound(times, start) - times.begin();
      for (size_t segment = first;
           segment < times.size() && times[segment] < end; ++segment)
        visit(segment);
    });
  }

  /// The times where some lifetime starts or ends; segment i is
  /// [times[i], times[i + 1]).
  SmallVector<uint64_t> times;
  SmallVector<uint64_t> live;
};

/// The length of `buffer`'s life, where it is live.
uint64_t getLiveLength(const Buffer &buffer) {
  uint64_t length = 0;
  buffer.forEachLiveRange(
      [&](uint64_t start, uint64_t end) { length += end - start; });
  return std::max<uint64_t>(length, 1);
}

/// The order in which `choice` takes buffers: most valuable first.
SmallVector<unsigned> getChoiceOrder(ArrayRef<Buffer> buffers,
                                     ArrayRef<uint64_t> traffic,
                                     ArenaChoice choice) {
  SmallVector<unsigned> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  if (choice == ArenaChoice::FallThrough) {
    llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
      return buffers[lhs].size > buffers[rhs].size;
    });
    return order;
  }
  if (choice == ArenaChoice::Accessed) {
    llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
      if (traffic[lhs] != traffic[rhs])
        return traffic[lhs] > traffic[rhs];
      return buffers[lhs].size < buffers[rhs].size;
    });
    return order;
  }
  // Traffic per byte of the arena's time; a buffer of no size costs nothing.
  auto density = [&](unsigned index) {
    double area =
        double(buffers[index].size) * double(getLiveLength(buffers[index]));
    return area == 0 ? HUGE_VAL : double(traffic[index]) / area;
  };
  llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
    double left = density(lhs), right = density(rhs);
    if (left != right)
      return left > right;
    return traffic[lhs] > traffic[rhs];
  });
  return order;
}

} // namespace

Expected<ArenaAssignment>
assignArenas(ArrayRef<Buffer> buffers, ArrayRef<uint64_t> traffic,
             ArrayRef<ArenaSpec> arenas, const OffsetStrategy &strategy,
             ArenaChoice choice, ArrayRef<std::optional<unsigned>> required,
             ArrayRef<std::optional<uint64_t>> pinned) {
  assert(traffic.size() == buffers.size() && "a traffic per buffer");
  assert(!arenas.empty() && "an arena to plan into");
  assert((required.empty() || required.size() == buffers.size()) &&
         "a requirement per buffer, or none");
  assert((pinned.empty() || pinned.size() == buffers.size()) &&
         "a pin per buffer, or none");
  if (choice == ArenaChoice::Best) {
    // Greedy orders each miss what another finds (a dense order fills the
    // arena with small buffers that crowd out one busy large one): keep
    // the best of them.
    std::optional<ArenaAssignment> best;
    Error firstError = Error::success();
    for (ArenaChoice each : {ArenaChoice::Traffic, ArenaChoice::Accessed,
                             ArenaChoice::FallThrough}) {
      Expected<ArenaAssignment> candidate = assignArenas(
          buffers, traffic, arenas, strategy, each, required, pinned);
      if (!candidate) {
        if (firstError)
          consumeError(candidate.takeError());
        else
          firstError = candidate.takeError();
        continue;
      }
      if (!best || candidate->traffic > best->traffic)
        best = std::move(*candidate);
    }
    if (!best)
      return std::move(firstError);
    consumeError(std::move(firstError));
    return std::move(*best);
  }
  auto requiredArena = [&](unsigned buffer) -> std::optional<unsigned> {
    return required.empty() ? std::nullopt : required[buffer];
  };
  constexpr unsigned kUnassigned = ~0u;
  ArenaAssignment result;
  result.arenaOf.assign(buffers.size(), kUnassigned);
  SmallVector<unsigned> order = getChoiceOrder(buffers, traffic, choice);
  // Each arena's bytes live at each time, for the quick test of a fit.
  std::vector<LiveBytes> live(arenas.size(), LiveBytes(buffers));
  auto place = [&](unsigned buffer, unsigned arena) {
    result.arenaOf[buffer] = arena;
    live[arena].add(buffers[buffer]);
  };
  // The buffers whose arena is given go there first; the choice fills the
  // room they leave.
  for (unsigned buffer = 0; buffer != buffers.size(); ++buffer)
    if (std::optional<unsigned> arena = requiredArena(buffer)) {
      assert(*arena < arenas.size() && "a required arena that exists");
      place(buffer, *arena);
    }
  if (choice == ArenaChoice::FallThrough) {
    // Each buffer, largest first, into the first arena it still fits; the
    // last arena takes what fits nowhere (planned against its capacity
    // below).
    for (unsigned buffer : order) {
      if (result.arenaOf[buffer] != kUnassigned)
        continue;
      unsigned arena = 0;
      while (arena + 1 < arenas.size() &&
             !live[arena].fits(buffers[buffer], *arenas[arena].capacity))
        ++arena;
      place(buffer, arena);
    }
  } else {
    // Each arena but the last takes the most valuable buffers left that
    // still fit; the last takes the rest.
    for (unsigned arena = 0; arena + 1 < arenas.size(); ++arena)
      for (unsigned buffer : order)
        if (result.arenaOf[buffer] == kUnassigned &&
            live[arena].fits(buffers[buffer], *arenas[arena].capacity))
          place(buffer, arena);
    for (unsigned buffer : order)
      if (result.arenaOf[buffer] == kUnassigned)
        place(buffer, arenas.size() - 1);
  }

  // Plan each arena; one whose plan is above its capacity gives its least
  // valuable buffers (the last in the choice's order) among those live
  // when a buffer lies above the capacity to the next: one, then twice as
  // many each time it is still above, so that an arena is planned a
  // logarithmic number of times however many buffers padding pushes out.
  SmallVector<unsigned> rank(buffers.size());
  for (auto [position, buffer] : llvm::enumerate(order))
    rank[buffer] = position;
  result.members.resize(arenas.size());
  result.plans.resize(arenas.size());
  result.traffic.assign(arenas.size(), 0);
  for (unsigned arena = 0; arena != arenas.size(); ++arena) {
    size_t batch = 1;
    for (;; batch *= 2) {
      SmallVector<unsigned> members;
      SmallVector<Buffer> subset;
      SmallVector<std::optional<uint64_t>> subsetPins;
      bool anyPinned = false;
      for (unsigned buffer = 0; buffer != buffers.size(); ++buffer)
        if (result.arenaOf[buffer] == arena) {
          members.push_back(buffer);
          subset.push_back(buffers[buffer]);
          subsetPins.push_back(pinned.empty() ? std::nullopt : pinned[buffer]);
          anyPinned |= subsetPins.back().has_value();
        }
      Expected<Plan> plan = anyPinned
                                ? planAroundPins(subset, subsetPins, strategy)
                                : strategy.plan(subset);
      if (!plan)
        return plan.takeError();
      std::optional<uint64_t> capacity = arenas[arena].capacity;
      if (!capacity || plan->slabSize <= *capacity) {
        result.members[arena] = std::move(members);
        result.plans[arena] = std::move(*plan);
        break;
      }
      // The times when some buffer lies above the capacity, merged.
      SmallVector<std::pair<uint64_t, uint64_t>> over;
      for (auto [index, buffer] : llvm::enumerate(subset))
        if (plan->offsets[index] + buffer.size > *capacity)
          over.push_back({buffer.start, buffer.end});
      llvm::sort(over);
      SmallVector<std::pair<uint64_t, uint64_t>> merged;
      for (auto interval : over) {
        if (!merged.empty() && interval.first <= merged.back().second)
          merged.back().second =
              std::max(merged.back().second, interval.second);
        else
          merged.push_back(interval);
      }
      auto liveThen = [&](const Buffer &buffer) {
        auto next = llvm::upper_bound(
            merged, buffer.start,
            [](uint64_t time, const std::pair<uint64_t, uint64_t> &interval) {
              return time < interval.second;
            });
        return next != merged.end() && next->first < buffer.end;
      };
      // Only a buffer the choice put here may move on.
      SmallVector<unsigned> movable =
          llvm::filter_to_vector(members, [&](unsigned buffer) {
            return !requiredArena(buffer) && liveThen(buffers[buffer]);
          });
      if (movable.empty())
        return makeError("the buffers required in arena '" +
                         arenas[arena].name + "' take " +
                         Twine(plan->slabSize) + " bytes, above its " +
                         "capacity of " + Twine(*capacity) + " bytes");
      if (arena + 1 == arenas.size())
        return makeError("the buffers left for arena '" + arenas[arena].name +
                         "' take " + Twine(plan->slabSize) +
                         " bytes, above its " + "capacity of " +
                         Twine(*capacity) + " bytes");
      llvm::sort(movable, [&](unsigned lhs, unsigned rhs) {
        return rank[lhs] > rank[rhs];
      });
      for (unsigned buffer : ArrayRef(movable).take_front(batch)) {
        live[arena].remove(buffers[buffer]);
        place(buffer, arena + 1);
      }
    }
    for (unsigned buffer : result.members[arena])
      result.traffic[arena] = checkedAdd(result.traffic[arena], traffic[buffer])
                                  .value_or(UINT64_MAX);
  }
  return result;
}

uint64_t boundArenaTraffic(ArrayRef<Buffer> buffers, ArrayRef<uint64_t> traffic,
                           uint64_t capacity) {
  if (buffers.empty())
    return 0;
  uint64_t first = UINT64_MAX, last = 0;
  for (const Buffer &buffer : buffers) {
    first = std::min(first, buffer.start);
    last = std::max(last, buffer.end);
  }
  // Every buffer that fits alone.
  uint64_t fitting = 0;
  for (auto [index, buffer] : llvm::enumerate(buffers))
    if (buffer.size <= capacity)
      fitting = checkedAdd(fitting, traffic[index]).value_or(UINT64_MAX);
  // The fractional knapsack on area: the bytes live at each time are at
  // most the capacity, so the areas taken add up to at most capacity times
  // the span. Reckoned in long double and rounded up with room to spare, so
  // that rounding never puts the bound below a choice.
  long double room = (long double)capacity * (long double)(last - first);
  SmallVector<unsigned> order =
      getChoiceOrder(buffers, traffic, ArenaChoice::Traffic);
  long double fractional = 0;
  for (unsigned index : order) {
    if (buffers[index].size > capacity)
      continue;
    long double area = (long double)buffers[index].size *
                       (long double)getLiveLength(buffers[index]);
    if (area <= room) {
      room -= area;
      fractional += (long double)traffic[index];
      continue;
    }
    // Only part of this one fits: below the traffic of all that fit.
    fractional += (long double)traffic[index] * room / area;
    long double rounded = std::ceil(fractional * (1 + 1e-12L)) + 1;
    if (rounded < (long double)fitting)
      return static_cast<uint64_t>(rounded);
    break;
  }
  return fitting;
}

Expected<ArenaComparison>
compareArenaChoices(ArrayRef<Buffer> buffers, ArrayRef<uint64_t> traffic,
                    ArrayRef<ArenaSpec> arenas, const OffsetStrategy &strategy,
                    ArenaChoice choice,
                    ArrayRef<std::optional<unsigned>> required,
                    ArrayRef<std::optional<uint64_t>> pinned) {
  ArenaComparison result;
  result.choice = choice;
  Expected<ArenaAssignment> chosen = assignArenas(
      buffers, traffic, arenas, strategy, choice, required, pinned);
  if (!chosen)
    return chosen.takeError();
  if (choice == ArenaChoice::FallThrough) {
    result.fallThroughTraffic = chosen->traffic;
  } else {
    Expected<ArenaAssignment> fallThrough =
        assignArenas(buffers, traffic, arenas, strategy,
                     ArenaChoice::FallThrough, required, pinned);
    if (!fallThrough)
      return fallThrough.takeError();
    result.fallThroughTraffic = std::move(fallThrough->traffic);
  }
  result.chosen = std::move(*chosen);
  for (const ArenaSpec &arena : arenas)
    result.bound.push_back(arena.capacity
                               ? std::optional<uint64_t>(boundArenaTraffic(
                                     buffers, traffic, *arena.capacity))
                               : std::nullopt);
  return result;
}

SlabPlan toSlabPlan(ArrayRef<Buffer> buffers,
                    const ArenaAssignment &assignment) {
  SlabPlan result;
  result.kind = PlanKind::Offsets;
  result.slabOf.assign(buffers.size(), 0);
  result.offsets.assign(buffers.size(), 0);
  for (auto [arena, members, plan] :
       llvm::enumerate(assignment.members, assignment.plans)) {
    Slab &slab = result.slabs.emplace_back();
    slab.size = plan.slabSize;
    for (auto [index, buffer] : llvm::enumerate(members)) {
      result.slabOf[buffer] = arena;
      result.offsets[buffer] = plan.offsets[index];
      slab.alignment = std::max(slab.alignment, buffers[buffer].alignment);
    }
  }
  // What the arenas' strategies said of the whole: no proof, since how the
  // buffers were divided is not; a clock that cut any of them short.
  for (const Plan &plan : assignment.plans) {
    if (result.outcome.strategy.empty())
      result.outcome.strategy = plan.outcome.strategy;
    result.outcome.stoppedByClock |= plan.outcome.stoppedByClock;
    result.outcome.stackedByClock += plan.outcome.stackedByClock;
  }
  return result;
}

} // namespace memplan
