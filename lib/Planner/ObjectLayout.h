//===- ObjectLayout.h - Shared objects laid back to back --------*- C++ -*-===//
//
// Private to lib/Planner: turns a shared-objects plan into an offset plan, as
// Pisarchyk & Lee do to compare the two approaches.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_PLANNER_OBJECTLAYOUT_H
#define MEMPLAN_LIB_PLANNER_OBJECTLAYOUT_H

#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Problem.h"

#include "llvm/Support/Error.h"

namespace memplan {

/// Lays the objects of `objects` back to back in index order, each at the
/// largest alignment of its buffers, and gives every buffer its object's
/// offset (layOutBackToBack of SlabPlan.h). `details` and `outcome` are
/// copied. Fails, naming `strategy`, if the slab overflows 64 bits.
llvm::Expected<Plan> layOutObjects(llvm::ArrayRef<Buffer> buffers,
                                   const ObjectPlan &objects,
                                   llvm::StringRef strategy);

} // namespace memplan

#endif // MEMPLAN_LIB_PLANNER_OBJECTLAYOUT_H
