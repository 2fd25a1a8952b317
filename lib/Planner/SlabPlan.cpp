//===- SlabPlan.cpp - One notion of a slab for every kind of plan ---------===//

#include "memplan/Planner/SlabPlan.h"

#include "memplan/Planner/CheckedMath.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace memplan {

StringRef getPlanKindName(PlanKind kind) {
  return kind == PlanKind::Offsets ? "offsets" : "objects";
}

std::optional<PlanKind> parsePlanKind(StringRef name) {
  if (name == "offsets")
    return PlanKind::Offsets;
  if (name == "objects")
    return PlanKind::Objects;
  return std::nullopt;
}

StringRef getSlabNoun(PlanKind kind) {
  return kind == PlanKind::Offsets ? "slab" : "object";
}

uint64_t SlabPlan::getTotalSize() const {
  uint64_t total = 0;
  for (const Slab &slab : slabs)
    total = SaturatingAdd(total, slab.size);
  return total;
}

SmallVector<SmallVector<unsigned>> SlabPlan::getMembers() const {
  SmallVector<SmallVector<unsigned>> members(slabs.size());
  for (auto [buffer, slab] : enumerate(slabOf))
    if (slab < members.size())
      members[slab].push_back(buffer);
  return members;
}

/// Gives every slab the largest alignment of its buffers.
static void alignSlabs(ArrayRef<Buffer> buffers, SlabPlan &plan) {
  for (auto [buffer, slab] : zip_equal(buffers, plan.slabOf))
    if (slab < plan.slabs.size())
      plan.slabs[slab].alignment =
          std::max(plan.slabs[slab].alignment, buffer.alignment);
}

SlabPlan toSlabPlan(ArrayRef<Buffer> buffers, Plan plan) {
  SlabPlan result;
  result.kind = PlanKind::Offsets;
  if (!buffers.empty())
    result.slabs.push_back({plan.slabSize, 1});
  result.slabOf.assign(plan.offsets.size(), 0);
  result.offsets = std::move(plan.offsets);
  result.outcome = std::move(plan.outcome);
  result.details = std::move(plan.details);
  if (result.slabOf.size() == buffers.size())
    alignSlabs(buffers, result);
  return result;
}

SlabPlan toSlabPlan(ArrayRef<Buffer> buffers, ObjectPlan plan) {
  SlabPlan result;
  result.kind = PlanKind::Objects;
  for (uint64_t size : plan.objectSizes)
    result.slabs.push_back({size, 1});
  result.offsets.assign(plan.objectOf.size(), 0);
  result.slabOf = std::move(plan.objectOf);
  result.outcome = std::move(plan.outcome);
  result.details = std::move(plan.details);
  if (result.slabOf.size() == buffers.size())
    alignSlabs(buffers, result);
  return result;
}

static Error invalid(const Twine &message) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           message);
}

Expected<Plan> layOutBackToBack(ArrayRef<Buffer> buffers,
                                const SlabPlan &plan) {
  if (plan.slabOf.size() != buffers.size() ||
      plan.offsets.size() != buffers.size())
    return invalid("the plan places " + Twine(plan.slabOf.size()) + " and " +
                   Twine(plan.offsets.size()) + " buffers, not " +
                   Twine(buffers.size()));
  for (auto [index, slab] : enumerate(plan.slabs))
    if (!isPowerOf2_64(slab.alignment))
      return invalid("slab " + Twine(index) + " has alignment " +
                     Twine(slab.alignment) + ", not a power of two");
  // The slabs in `order`, each at the first offset its alignment allows
  // above the one before; the end, or the slab whose end overflows.
  SmallVector<uint64_t> slabOffsets(plan.slabs.size());
  uint64_t end = 0;
  auto layOut = [&](ArrayRef<unsigned> order) -> std::optional<unsigned> {
    end = 0;
    for (unsigned index : order) {
      const Slab &slab = plan.slabs[index];
      std::optional<AlignedPlacement> placed =
          checkedPlaceAbove(end, slab.alignment, slab.size);
      if (!placed)
        return index;
      slabOffsets[index] = placed->offset;
      end = placed->end;
    }
    return std::nullopt;
  };
  // In slab order; where its padding passes 64 bits, the most aligned
  // first, which pads least (a byte before a slab of 2^63 bytes aligned to
  // 2^63 would pad it past 2^64).
  SmallVector<unsigned> order =
      llvm::to_vector(seq<unsigned>(0, plan.slabs.size()));
  if (layOut(order)) {
    llvm::stable_sort(order, [&](unsigned lhs, unsigned rhs) {
      return plan.slabs[lhs].alignment > plan.slabs[rhs].alignment;
    });
    if (std::optional<unsigned> overflow = layOut(order))
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               "the end of " + getSlabNoun(plan.kind) + " " +
                                   Twine(*overflow) + " overflows 64 bits");
  }

  Plan result;
  result.offsets.reserve(buffers.size());
  for (auto [index, slab] : enumerate(plan.slabOf)) {
    if (slab >= plan.slabs.size())
      return invalid("buffer " + Twine(index) + " is in slab " + Twine(slab) +
                     " of " + Twine(plan.slabs.size()));
    // Only a plan the validator rejects places a buffer beyond its slab.
    std::optional<uint64_t> offset =
        checkedAdd(slabOffsets[slab], plan.offsets[index]);
    if (!offset)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               "the offset of buffer " + Twine(index) +
                                   " overflows 64 bits");
    result.offsets.push_back(*offset);
  }
  result.slabSize = end;
  result.outcome = plan.outcome;
  result.details = plan.details;
  return result;
}

Error validateSlabPlan(ArrayRef<Buffer> buffers, const SlabPlan &plan) {
  if (plan.slabOf.size() != buffers.size() ||
      plan.offsets.size() != buffers.size())
    return invalid("the plan places " + Twine(plan.slabOf.size()) + " and " +
                   Twine(plan.offsets.size()) + " buffers, not " +
                   Twine(buffers.size()));
  for (auto [index, slab] : enumerate(plan.slabs))
    if (!isPowerOf2_64(slab.alignment))
      return invalid("slab " + Twine(index) + " has alignment " +
                     Twine(slab.alignment) + ", not a power of two");
  for (auto [index, buffer] : enumerate(buffers)) {
    unsigned slab = plan.slabOf[index];
    if (slab >= plan.slabs.size())
      return invalid("buffer " + Twine(index) + " is in slab " + Twine(slab) +
                     " of " + Twine(plan.slabs.size()));
    // A buffer aligned within its slab is aligned in memory only if the
    // slab is aligned at least as much.
    if (plan.slabs[slab].alignment < buffer.alignment)
      return invalid("buffer " + Twine(index) + " needs alignment " +
                     Twine(buffer.alignment) + " but its slab " + Twine(slab) +
                     " has " + Twine(plan.slabs[slab].alignment));
  }

  if (plan.kind == PlanKind::Offsets) {
    if (!buffers.empty() && plan.slabs.empty())
      return invalid("an offsets plan of " + Twine(buffers.size()) +
                     " buffers has no slab");
    if (plan.slabs.size() <= 1) {
      Plan offsets;
      offsets.offsets = plan.offsets;
      offsets.slabSize = plan.slabs.empty() ? 0 : plan.slabs.front().size;
      return validatePlan(buffers, offsets);
    }
    // Buffers of different slabs (arenas) never share a byte: each slab is
    // checked as a plan of its own members.
    for (auto [index, members] : enumerate(plan.getMembers())) {
      SmallVector<Buffer> subset;
      Plan offsets;
      for (unsigned member : members) {
        subset.push_back(buffers[member]);
        offsets.offsets.push_back(plan.offsets[member]);
      }
      offsets.slabSize = plan.slabs[index].size;
      if (Error error = validatePlan(subset, offsets))
        return invalid("slab " + Twine(index) + ": " +
                       toString(std::move(error)) +
                       " (buffers numbered within the slab)");
    }
    return Error::success();
  }
  for (auto [index, offset] : enumerate(plan.offsets))
    if (offset != 0)
      return invalid("buffer " + Twine(index) + " is at offset " +
                     Twine(offset) + " of its object, not 0");
  ObjectPlan objects;
  objects.objectOf = plan.slabOf;
  for (const Slab &slab : plan.slabs)
    objects.objectSizes.push_back(slab.size);
  return validateObjectPlan(buffers, objects);
}

} // namespace memplan
