//===- PlanningDriver.h - What every planning pass does ---------*- C++ -*-===//
//
// The one driver of both planning passes, a plain function of a module and
// PlanningOptions: analysis (ModuleBuffers) -> plans (ModulePlan), every
// plan validated -> report and heap maps -> one rewrite. Per-run state lives
// in the call.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANNINGDRIVER_H
#define MEMPLAN_LIB_TRANSFORMS_PLANNINGDRIVER_H

#include "PlanFigures.h"
#include "PlanningOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace memplan {

/// Plans and rewrites every function of `module` as `options` say. Returns
/// the figures of the whole module, or failure, with errors emitted and the
/// IR unchanged, if the options are invalid or any function could not be
/// planned.
mlir::FailureOr<PlanFigures> runPlanning(mlir::ModuleOp module,
                                         const PlanningOptions &options);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANNINGDRIVER_H
