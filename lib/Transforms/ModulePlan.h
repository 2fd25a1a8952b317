//===- ModulePlan.h - A validated plan for every problem --------*- C++ -*-===//
//
// The second hand-off of the planning passes: ModuleBuffers in, one checked
// plan per function and memory space out, with the figures of each function
// and where its slabs live. Nothing here changes the IR; the rewrite
// (SlabRewrite.h) runs once every plan has passed the validator.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_MODULEPLAN_H
#define MEMPLAN_LIB_TRANSFORMS_MODULEPLAN_H

#include "ModuleBuffers.h"
#include "PlanExchange.h"
#include "PlanFigures.h"
#include "PlanningOptions.h"
#include "SlabPlacement.h"

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/SymbolicPlan.h"

#include "mlir/Support/LLVM.h"

#include <optional>
#include <vector>

namespace memplan {

/// Where the slabs of one space live: decided once, when the space is
/// planned (finishSpace), and read by the rewrite and the report.
enum class SlabHome {
  /// A memref.alloca at the start of the function's (or the loop's) body.
  Stack,
  /// A memref.alloc at the start of each iteration of a parallel loop's
  /// body, freed at its end where the function frees memory of the space.
  PerIteration,
  /// A memref.alloc at the function entry, freed before every return where
  /// the function frees memory of the space.
  Entry,
  /// A private memref.global (slab=global).
  Global,
  /// A trailing argument of the function (slab=argument).
  Argument,
};

/// The string attribute naming an arena (the `arenas` option): on a
/// memref.alloc, the arena it must go to; on an arena argument
/// (slab=argument) and the allocation a caller passes there, whose arena
/// it is.
constexpr llvm::StringLiteral kArenaAttr = "memplan.arena";
/// On the allocation a caller makes for a callee's arena argument: the
/// arena to put it in where the caller's slab is divided into arenas (in a
/// stack or per-iteration slab, where the call may stand, it is ignored,
/// unlike kArenaAttr, which the user writes).
constexpr llvm::StringLiteral kCalleeArenaAttr = "memplan.callee_arena";
/// On an argument of slab=argument, the part (max-slab-bytes) it takes:
/// unlike an arena, no caller's allocation is held to it.
constexpr llvm::StringLiteral kPartAttr = "memplan.part";

/// The integer attribute of a memref.alloc that pins its byte offset in its
/// slab (its arena's, with kArenaAttr), as a model's offline plan gives it.
constexpr llvm::StringLiteral kOffsetAttr = "memplan.offset";

/// The module attribute that records the section of each arena's global
/// (arena-sections), a dictionary from the global's name to the section,
/// for memplan-set-sections; and the attribute that says it on the global.
constexpr llvm::StringLiteral kSectionsAttr = "memplan.sections";
constexpr llvm::StringLiteral kSectionAttr = "memplan.section";

/// The arenas of a space: slab `k` of its plan is arena `specs[k]` (empty
/// when no buffer went there), chosen as `comparison` says, its global (if
/// slab=global) in linker section `sections[k]` unless that is empty.
struct SpaceArenas {
  llvm::SmallVector<ArenaSpec> specs;
  llvm::SmallVector<std::string> sections;
  ArenaComparison comparison;
  /// The arenas are the parts max-slab-bytes split the slab into, named
  /// "part<i>", each of that capacity: no caller's arena is named after
  /// them.
  bool parts = false;
};

/// The report's name of `home`: "stack", "alloc", "global" or "argument"
/// (a slab per iteration is an alloc too).
llvm::StringRef getSlabHomeName(SlabHome home);

/// The plan of one SpaceProblem.
struct SpacePlan {
  /// The problem as planned: the space's minimum alignment applied.
  llvm::SmallVector<Buffer> problem;
  /// Valid for `problem`; each slab aligned for all of its buffers.
  SlabPlan plan;
  /// Of `problem`, gapped lifetimes counted only where they are live.
  uint64_t lowerBound = 0;
  /// What no plan of `problem` goes below: the larger of its bound and what
  /// the strategy proved, at most the plan's size.
  uint64_t provenBound = 0;
  uint64_t naive = 0;
  /// How long the strategy took.
  double seconds = 0;
  /// insert-barriers: a gpu.barrier goes before each of these ops.
  llvm::SmallVector<mlir::Operation *> barriersToInsert;
  /// Where its slabs live.
  SlabHome home = SlabHome::Entry;
  /// For a space with SpaceProblem::RunTimeSizes: the plan for every value
  /// of them, which the rewrite computes at run time; `plan` is it at the
  /// hint, and the figures are of the hint.
  std::optional<SymbolicPlan> runTimePlan;
  /// Its slab as a formula, where a short one exists (getSlabFormula),
  /// for the summary, the report and the header.
  std::optional<SlabFormula> runTimeFormula;
  /// Where the space is divided into arenas (the `arenas` option).
  std::optional<SpaceArenas> arenas;
  /// Some of its buffers' offsets are pinned (kOffsetAttr, or a partial
  /// plan of apply=): then `pins`, one per buffer, says which and where.
  bool pinned = false;
  llvm::SmallVector<std::optional<uint64_t>> pins;
};

struct FunctionPlan {
  PlanFigures figures;
};

struct ModulePlan {
  /// Parallel to ModuleBuffers::spaces.
  std::vector<SpacePlan> spaces;
  /// Parallel to ModuleBuffers::functions.
  std::vector<FunctionPlan> functions;

  PlanFigures getTotalFigures() const;
};

/// Plans every space of `buffers` with the options' strategy, or takes the
/// `applied` plans (parallel to the spaces) when given, validates every plan
/// and meets the capacities, asking `exact` before giving up. Remarks on the
/// buffers left alone and each function's summary are emitted as asked;
/// `placer` decides where each function's slabs go. Fails, with errors
/// emitted, if any function could not be planned; every function is tried.
mlir::FailureOr<ModulePlan>
planModule(const ModuleBuffers &buffers, const PlanningOptions &options,
           SlabPlacer &placer, llvm::ArrayRef<AppliedPlan> applied = {});

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_MODULEPLAN_H
