//===- ArenaAssignment.h - Buffers into arenas of a capacity ----*- C++ -*-===//
//
// Edge targets have a little fast memory and more slow memory: several
// arenas, in order of preference, each planned as a slab of its own and all
// but the last of a fixed capacity. Which buffers stay in a fast arena
// should follow the traffic through them (AccessedBytes.h), not their size:
// this chooses by traffic per byte of the arena's time, and also by TVM
// USMP's fall-through rule (the largest first, each into the first arena it
// still fits) to compare, with a bound on what any choice can keep there.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_ARENAASSIGNMENT_H
#define MEMPLAN_PLANNER_ARENAASSIGNMENT_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

/// One arena: a name, and its capacity in bytes (none: unbounded).
struct ArenaSpec {
  std::string name;
  std::optional<uint64_t> capacity;
};

/// Reads `sram:262144,psram`: the arenas in order of preference, each
/// NAME:BYTES, the last of which may have no capacity. Fails saying what is
/// wrong.
llvm::Expected<llvm::SmallVector<ArenaSpec>>
parseArenaSpecs(llvm::StringRef text);

/// How the buffers of the arenas before the last are chosen.
enum class ArenaChoice {
  /// The most traffic per byte of the arena's time first (traffic over
  /// size times lifetime), each while the arena's plan still fits.
  Traffic,
  /// The most traffic first, each while the arena's plan still fits.
  Accessed,
  /// TVM USMP's rule: the largest first, each into the first arena where
  /// it still fits.
  FallThrough,
  /// Each of the above, keeping the one with the most traffic in the first
  /// arena (then the second, ...): never below any of them.
  Best,
};

/// "traffic", "accessed", "fall-through" or "best", as options spell them.
llvm::StringRef getArenaChoiceName(ArenaChoice choice);
std::optional<ArenaChoice> parseArenaChoice(llvm::StringRef name);

/// Each buffer's arena and each arena's plan.
struct ArenaAssignment {
  /// The arena of each buffer.
  llvm::SmallVector<unsigned> arenaOf;
  /// Each arena's buffers, in the order of the problem, and their plan
  /// (`plans[k].offsets[i]` is the offset of `members[k][i]`).
  llvm::SmallVector<llvm::SmallVector<unsigned>> members;
  llvm::SmallVector<Plan> plans;
  /// The traffic of each arena's buffers.
  llvm::SmallVector<uint64_t> traffic;
};

/// Puts each of `buffers`, whose traffic is `traffic`, into one of
/// `arenas` by `choice`, and plans each arena with `strategy`: every arena
/// with a capacity gets a plan within it. A buffer whose `required` entry
/// is set (`required` empty: none is) goes to that arena, whatever the
/// choice, and one whose `pinned` entry is set (it must be required
/// somewhere) at that offset of its arena, the others planned around it
/// (planAroundPins). Fails where the buffers left for the last arena, or
/// those required in an arena, do not fit its capacity, or a plan fails.
llvm::Expected<ArenaAssignment>
assignArenas(llvm::ArrayRef<Buffer> buffers, llvm::ArrayRef<uint64_t> traffic,
             llvm::ArrayRef<ArenaSpec> arenas, const OffsetStrategy &strategy,
             ArenaChoice choice,
             llvm::ArrayRef<std::optional<unsigned>> required = {},
             llvm::ArrayRef<std::optional<uint64_t>> pinned = {});

/// What no choice keeps in an arena of `capacity` bytes: the traffic of the
/// buffers that fit it alone, and no more than the best fractional choice
/// whose area (size times lifetime) fits the capacity times the problem's
/// span of time, since the bytes live at each time never exceed it.
uint64_t boundArenaTraffic(llvm::ArrayRef<Buffer> buffers,
                           llvm::ArrayRef<uint64_t> traffic, uint64_t capacity);

/// An assignment by one choice, beside what TVM's fall-through rule and the
/// bound keep: what a report compares.
struct ArenaComparison {
  ArenaChoice choice = ArenaChoice::Best;
  ArenaAssignment chosen;
  /// The traffic the fall-through rule keeps in each arena.
  llvm::SmallVector<uint64_t> fallThroughTraffic;
  /// For each arena with a capacity, boundArenaTraffic of it.
  llvm::SmallVector<std::optional<uint64_t>> bound;
};

/// assignArenas by `choice` and by the fall-through rule, both with
/// `required`, and the bound of each arena. Fails where either does.
llvm::Expected<ArenaComparison> compareArenaChoices(
    llvm::ArrayRef<Buffer> buffers, llvm::ArrayRef<uint64_t> traffic,
    llvm::ArrayRef<ArenaSpec> arenas, const OffsetStrategy &strategy,
    ArenaChoice choice, llvm::ArrayRef<std::optional<unsigned>> required = {},
    llvm::ArrayRef<std::optional<uint64_t>> pinned = {});

/// `assignment` as an offsets plan of one slab per arena, in arena order
/// (an arena without buffers is a slab of no bytes), each aligned for its
/// buffers. Its outcome proves nothing (its live bound is not swept).
SlabPlan toSlabPlan(llvm::ArrayRef<Buffer> buffers,
                    const ArenaAssignment &assignment);

} // namespace memplan

#endif // MEMPLAN_PLANNER_ARENAASSIGNMENT_H
