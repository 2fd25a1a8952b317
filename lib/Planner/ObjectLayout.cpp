//===- ObjectLayout.cpp - Shared objects laid back to back ----------------===//

#include "ObjectLayout.h"

#include "memplan/Planner/SlabPlan.h"

#include <cassert>

using namespace llvm;

namespace memplan {

Expected<Plan> layOutObjects(ArrayRef<Buffer> buffers,
                             const ObjectPlan &objects, StringRef strategy) {
  assert(objects.objectOf.size() == buffers.size() && "one object per buffer");
  Expected<Plan> plan = layOutBackToBack(buffers, toSlabPlan(buffers, objects));
  if (!plan)
    return createStringError(std::make_error_code(std::errc::value_too_large),
                             strategy + ": " + toString(plan.takeError()));
  return plan;
}

} // namespace memplan
