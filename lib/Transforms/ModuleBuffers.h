//===- ModuleBuffers.h - Every buffer of a module, as problems --*- C++ -*-===//
//
// The first hand-off of the planning passes: the analysis of every function
// of a module, its buffers and, per function and memory space, the planning
// problem of its planned buffers. Planning (ModulePlan.h), the report, the
// heap maps, export and the rewrite all read this one value.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_MODULEBUFFERS_H
#define MEMPLAN_LIB_TRANSFORMS_MODULEBUFFERS_H

#include "PlanningOptions.h"

#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Analysis/SymbolicSizes.h"
#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SymbolicPlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// The planned buffers of one memory space of one function: one problem for
/// the planner core.
struct SpaceProblem {
  mlir::FunctionOpInterface func;
  /// The function's symbol name; empty when it has none.
  std::string functionName;
  /// Spaces are numbered per function in the order their first buffer
  /// appears; the buffers of one memory space in the body of a parallel loop
  /// are a space of their own.
  unsigned spaceIndex = 0;
  mlir::Attribute memorySpace;
  /// The parallel loop whose every iteration gets a slab of these buffers
  /// (FunctionBuffer::scope), or null for the function's slab.
  mlir::Operation *scope = nullptr;
  /// The buffers are memref.allocas, planned into a stack slab: a
  /// memref.alloca at the start of the function or scope body.
  bool stack = false;
  /// 0 for the function's slabs; the parallel loops with slabs of their own
  /// are numbered from 1 per function, in the order they appear.
  unsigned scopeIndex = 0;
  llvm::SmallVector<const FunctionBuffer *> buffers;
  /// `problem[i]` is `buffers[i]` as the analysis found it, its lifetime in
  /// program points, or in barrier epochs when `sharing` is set.
  llvm::SmallVector<Buffer> problem;

  /// For memory every work-item of a GPU group shares: the barriers the
  /// whole group executes and the lifetimes in program points, from which
  /// the validator checks a plan on its own (validateBarrierSeparation).
  /// With insert-barriers, also where a barrier could be added: before
  /// each top-level op (`candidateOps[i]` at `candidates[i]`).
  struct GroupSharing {
    llvm::SmallVector<uint64_t> barriers;
    llvm::SmallVector<Buffer> programOrder;
    llvm::SmallVector<uint64_t> candidates;
    llvm::SmallVector<mlir::Operation *> candidateOps;
  };
  std::optional<GroupSharing> sharing;

  /// How many buffers have gaps in their lives (FunctionBuffer::liveRanges),
  /// which `problem` holds as Buffer::ranges.
  unsigned gapped = 0;

  /// Where some buffers' sizes are known only at run time
  /// (FunctionBuffer::symbolicSize): the space as the planner core takes
  /// it, each size over the symbols the space uses (constants for the
  /// others); `problem` is it at `hint`, the value of every symbol.
  struct RunTimeSizes {
    SymbolicProblem problem;
    /// Symbol `i` of `problem` is the function's SizeSymbols symbol
    /// `symbols[i]`.
    llvm::SmallVector<SymbolId> symbols;
    llvm::SmallVector<uint64_t> hint;
  };
  std::optional<RunTimeSizes> runTimeSizes;

  /// "@FUNC/S", how exported problems name the space.
  std::string getKey() const;
};

/// One function and every memref.alloc in it, planned or left alone.
struct FunctionBuffers {
  mlir::FunctionOpInterface func;
  std::vector<FunctionBuffer> buffers;
  /// What FunctionBuffer::symbolicSize is over.
  SizeSymbols symbols;
  /// Its spaces are ModuleBuffers::spaces[firstSpace, endSpace).
  unsigned firstSpace = 0;
  unsigned endSpace = 0;
};

struct ModuleBuffers {
  /// In the order the module's walk meets them.
  std::vector<FunctionBuffers> functions;
  std::vector<SpaceProblem> spaces;
};

/// `buffer` as the planner takes it: its size, alignment and lifetime in
/// program points, interval by interval where it has gaps.
Buffer getPlannerRecord(const FunctionBuffer &buffer);

/// Analyses every function of `module` with a body (those of nested modules
/// too), all before anything is planned, so that what is learnt about
/// callees comes from the program as written. With `filter`, only the
/// functions it accepts.
///
/// Each planned buffer's alignment is decided here, once, for planning,
/// export, apply, the report and the rewrite alike: the largest of what the
/// analysis requires and the minimum `limits` set for its memory space. So
/// are the lifetimes of memory shared by a group of work-items: in barrier
/// epochs, for every consumer alike.
///
/// Buffers whose sizes are polynomials of their function's arguments are
/// planned where `limits` and `whyNotRunTimeSizesIn` (empty: yes) allow,
/// their spaces with RunTimeSizes; elsewhere they are left alone, saying
/// why.
ModuleBuffers
analyzeModule(mlir::ModuleOp module, const SpaceLimits &limits,
              llvm::function_ref<bool(mlir::FunctionOpInterface)> filter = {},
              llvm::function_ref<std::string(mlir::FunctionOpInterface)>
                  whyNotRunTimeSizesIn = {});

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_MODULEBUFFERS_H
