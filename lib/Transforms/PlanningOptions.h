//===- PlanningOptions.h - What a planning pass was asked to do -*- C++ -*-===//
//
// The options of both planning passes as one plain struct, filled from the
// TableGen-generated pass by PlanningPassSupport.h, so that the driver is an
// ordinary function of (module, options). Also the limits the options set
// per memory space.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANNINGOPTIONS_H
#define MEMPLAN_LIB_TRANSFORMS_PLANNINGOPTIONS_H

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/Deadline.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Transforms/Passes.h"

#include "mlir/IR/Attributes.h"
#include "mlir/Support/LLVM.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace memplan {

struct PlanningOptions {
  /// What the pass makes: one slab (memplan-offsets) or shared objects.
  PlanKind kind = PlanKind::Offsets;
  /// The pass's command-line name, e.g. "memplan-offsets", for messages.
  std::string passArgument;
  std::string strategy = "best";
  uint64_t alignment = 16;
  bool remarks = false;
  bool summary = false;
  double timeLimitSeconds = 2.0;
  /// best does not search where its plan is within this fraction of the
  /// lower bound (StrategyOptions::gapTolerance).
  double gapTolerance = 0.001;
  /// Threads only for at least this many buffers
  /// (StrategyOptions::parallelFromBuffers).
  unsigned parallelMinBuffers = 1024;
  /// The end of `timeLimitSeconds` from the start of the pass's run: every
  /// search of every function and space stops there (runPlanning sets it).
  Deadline deadline;
  SlabKind slab = SlabKind::Alloc;
  /// Bytes of the default memory space; 0 means no limit.
  uint64_t capacity = 0;
  /// `SPACE:BYTES` entries of numbered memory spaces.
  std::vector<std::string> spaceCapacity;
  std::vector<std::string> spaceAlignment;
  /// Numbered memory spaces shared by the work-items of a group.
  std::vector<uint64_t> sharedSpaces;
  /// `NAME[:BYTES]` arenas of memory space `arenaSpace`, fastest first,
  /// and how their buffers are chosen (ArenaAssignment.h).
  std::vector<std::string> arenas;
  uint64_t arenaSpace = 0;
  std::string arenaChoice = "best";
  /// `ARENA:SECTION` entries: the linker section of each arena's global.
  std::vector<std::string> arenaSections;
  /// No slab above this many bytes; 0: no cap.
  uint64_t maxSlabBytes = 0;
  /// Add barriers in shared spaces rather than give up reuse.
  bool insertBarriers = false;
  /// Plan memref.alloca ops into stack slabs.
  bool allocas = true;
  /// Plan each life of a buffer that overwrites split on its own.
  bool splitLives = true;
  /// An order strategy of memplan-schedule to run before planning
  /// (ModuleSchedule.h), or "keep".
  std::string schedule = "keep";
  std::string reportFile;
  /// The C header of the slabs' sizes (SlabHeader.h) to write, if any.
  std::string headerFile;
  std::string applyFile;
  std::string heapMapPath;
  /// Where buffers whose sizes are known only at run time are planned
  /// first, and the range their plans are weighed over.
  uint64_t sizeHint = 128;
  std::string sizeRange = "1:4096";
};

/// An empty string when `options` are valid, else why not.
std::string checkPlanningOptions(const PlanningOptions &options);

/// The memory-space dependent limits of one pass run.
/// Reads `SPACE:VALUE` entries with numbered memory spaces (>= 1) into
/// `into`, as the space-capacity and space-alignment options give them.
/// Returns an empty string on success, else what is wrong, naming
/// `optionName`. With `powersOfTwo`, each value must be a power of two.
std::string parseSpaceMap(llvm::ArrayRef<std::string> entries,
                          llvm::StringRef optionName, bool powersOfTwo,
                          std::map<uint64_t, uint64_t> &into);

struct SpaceLimits {
  /// Bytes allowed in the default memory space; 0 means no limit.
  uint64_t defaultCapacity = 0;
  /// Minimum alignment of every planned buffer in the default space.
  uint64_t defaultAlignment = 1;
  /// Per numbered memory space (keys >= 1).
  std::map<uint64_t, uint64_t> capacities;
  std::map<uint64_t, uint64_t> alignments;
  std::set<uint64_t> sharedSpaces;
  /// Whether planning may add barriers to shared spaces, which changes
  /// their problems: lifetimes in the epochs of the barriers it could add.
  bool insertBarriers = false;
  /// Whether memref.alloca ops are planned (into stack slabs) at all.
  bool allocas = true;
  /// Whether each life of a buffer that overwrites split is planned as a
  /// buffer of its own (BufferLives.h).
  bool splitLives = true;
  /// Why buffers whose sizes are polynomials of their function's arguments
  /// (SymbolicSizes.h) are not planned in this run ("slab=global needs
  /// ..."), or empty when they are: then at `sizeHint` first.
  std::string whyNotRunTimeSizes;
  uint64_t sizeHint = 128;
  /// The arenas of `arenaSpace`, if any, and how they are filled.
  llvm::SmallVector<ArenaSpec> arenas;
  uint64_t arenaSpace = 0;
  ArenaChoice arenaChoice = ArenaChoice::Best;
  /// The linker section of each arena's global, by arena name.
  std::map<std::string, std::string> arenaSections;
  /// No slab above this many bytes; 0: no cap.
  uint64_t maxSlabBytes = 0;

  /// The limits of options that checkPlanningOptions accepted.
  static SpaceLimits fromOptions(const PlanningOptions &options);

  /// The byte limit of `memorySpace`, if it has one.
  std::optional<uint64_t> getCapacity(mlir::Attribute memorySpace) const;
  /// Whether every work-item of a GPU group shares `memorySpace`:
  /// #gpu.address_space<workgroup>, and the numbered spaces of
  /// `shared-spaces`.
  bool isSharedByGroup(mlir::Attribute memorySpace) const;
  /// The minimum alignment of buffers in `memorySpace`.
  uint64_t getAlignment(mlir::Attribute memorySpace) const;
  /// The arenas `memorySpace` is divided into; none where it is not.
  llvm::ArrayRef<ArenaSpec> getArenas(mlir::Attribute memorySpace) const;
};

/// Reads `--pass=NAME` and a leading bare `NAME` as `strategy=NAME`, rejects
/// option names that the planning passes do not have (listing those they
/// have) and slab values other than alloc, global and argument, in words a
/// person reads. Returns the options for MLIR's parser.
mlir::FailureOr<std::string> normalizePlanningOptions(
    llvm::StringRef options, llvm::StringRef passArgument,
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler);

/// A planning pass's initializeOptions: normalizes `options`, hands them to
/// the generated parser `parse`, and checks what `read` then gives.
mlir::LogicalResult initializePlanningOptions(
    llvm::StringRef options, llvm::StringRef passArgument,
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler,
    llvm::function_ref<mlir::LogicalResult(llvm::StringRef)> parse,
    llvm::function_ref<PlanningOptions()> read);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANNINGOPTIONS_H
