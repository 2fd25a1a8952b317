//===- ObjectLayout.cpp - Shared objects laid back to back ----------------===//

#include "ObjectLayout.h"

#include "Strategies/Strategies.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <cassert>

using namespace llvm;

namespace memplan {

Expected<Plan> layOutObjects(ArrayRef<Buffer> buffers,
                             const ObjectPlan &objects, StringRef strategy) {
  assert(objects.objectOf.size() == buffers.size() && "one object per buffer");
  SmallVector<uint64_t> alignments(objects.objectSizes.size(), 1);
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    uint64_t &alignment = alignments[objects.objectOf[index]];
    alignment = std::max(alignment, buffer.alignment);
  }

  SmallVector<uint64_t> offsets;
  offsets.reserve(objects.objectSizes.size());
  uint64_t end = 0;
  for (auto [object, size] : llvm::enumerate(objects.objectSizes)) {
    std::optional<uint64_t> offset =
        detail::checkedAlignTo(end, alignments[object]);
    std::optional<uint64_t> newEnd =
        offset ? checkedAddUnsigned(*offset, size) : std::nullopt;
    if (!newEnd)
      return createStringError(std::make_error_code(std::errc::value_too_large),
                               strategy + ": the end of object " +
                                   Twine(object) + " overflows 64 bits");
    offsets.push_back(*offset);
    end = *newEnd;
  }

  Plan plan;
  plan.offsets = llvm::map_to_vector(
      objects.objectOf, [&](unsigned object) { return offsets[object]; });
  plan.slabSize = end;
  plan.details = objects.details;
  return plan;
}

} // namespace memplan
