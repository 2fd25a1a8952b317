//===- SlabPlan.h - One notion of a slab for every kind of plan -*- C++ -*-===//
//
// An offsets plan is one slab with its buffers at byte offsets (or one such
// slab per arena, ArenaAssignment.h); a shared-objects plan is one slab per
// object with its buffers at offset 0.
// Everything after planning (the validator's last word, the passes' rewrite,
// reports, heap maps, memplan-solve's output) reads this one shape, so it
// does not care which kind of strategy made the plan.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_SLABPLAN_H
#define MEMPLAN_PLANNER_SLABPLAN_H

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

/// The kinds of plan the planner core makes.
enum class PlanKind {
  /// One slab (one per arena); every buffer at an offset in its slab.
  Offsets,
  /// Shared objects: one slab per object, every buffer at offset 0 of one.
  Objects,
};

/// "offsets" or "objects", as command lines spell them.
llvm::StringRef getPlanKindName(PlanKind kind);
std::optional<PlanKind> parsePlanKind(llvm::StringRef name);

/// What a slab is called in messages: "slab" or "object".
llvm::StringRef getSlabNoun(PlanKind kind);

struct Slab {
  uint64_t size = 0;
  /// The largest alignment of its buffers, and at least 1.
  uint64_t alignment = 1;
};

/// Buffer `i` lies at byte `offsets[i]` of slab `slabOf[i]`.
struct SlabPlan {
  PlanKind kind = PlanKind::Offsets;
  llvm::SmallVector<Slab> slabs;
  llvm::SmallVector<unsigned> slabOf;
  llvm::SmallVector<uint64_t> offsets;
  PlanOutcome outcome;
  /// For people only; nothing parses it.
  std::string details;

  /// The sum of the slab sizes, saturated at UINT64_MAX (only a hand-made
  /// plan, which the validator rejects, can saturate).
  uint64_t getTotalSize() const;

  /// The buffers of each slab, in buffer order.
  llvm::SmallVector<llvm::SmallVector<unsigned>> getMembers() const;
};

/// The offsets plan `plan` of `buffers` as one slab. A problem without
/// buffers gets no slab.
SlabPlan toSlabPlan(llvm::ArrayRef<Buffer> buffers, Plan plan);

/// The shared-objects plan `plan` of `buffers`, one slab per object.
SlabPlan toSlabPlan(llvm::ArrayRef<Buffer> buffers, ObjectPlan plan);

/// The plan as one offsets slab: the slabs of `plan` back to back in slab
/// order (or, where that order's padding would pass 64 bits, the most
/// aligned first), each at its alignment, and every buffer at its slab's
/// offset plus its own. An offsets plan comes back as it was; an objects plan
/// comes back as memplan-solve writes it and as the greedy-in-order and
/// mincost-flow offset strategies lay out their objects. The outcome and
/// details are copied. Fails if a buffer is not in one of the slabs, if a
/// slab's alignment is not a power of two, or if the end overflows 64 bits.
llvm::Expected<Plan> layOutBackToBack(llvm::ArrayRef<Buffer> buffers,
                                      const SlabPlan &plan);

/// The independent check of a plan of either kind: for offsets, the
/// validator of Validator.h on each slab and its members; for objects, the
/// object validator, and every buffer at offset 0. Also checks that each slab's
/// alignment is a power of two that every member's alignment divides.
llvm::Error validateSlabPlan(llvm::ArrayRef<Buffer> buffers,
                             const SlabPlan &plan);

} // namespace memplan

#endif // MEMPLAN_PLANNER_SLABPLAN_H
