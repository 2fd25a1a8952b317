//===- SlabPlacement.h - Where slabs live, how large ------------*- C++ -*-===//
//
// The `slab`, `capacity`, `space-capacity` and `space-alignment` options of
// the planning passes: parsing them, looking them up per memory space, and
// finding the functions that must not use a global slab.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_SLABPLACEMENT_H
#define MEMPLAN_TRANSFORMS_SLABPLACEMENT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

enum class SlabKind { Alloc, Global, Argument };

/// The memory-space dependent limits of one pass run.
struct SpaceLimits {
  /// Bytes allowed in the default memory space; 0 means no limit.
  uint64_t defaultCapacity = 0;
  /// Minimum alignment of every planned buffer in the default space.
  uint64_t defaultAlignment = 1;
  /// Per numbered memory space (keys >= 1).
  std::map<uint64_t, uint64_t> capacities;
  std::map<uint64_t, uint64_t> alignments;

  /// The byte limit of `memorySpace`, if it has one.
  std::optional<uint64_t> getCapacity(mlir::Attribute memorySpace) const;
  /// The minimum alignment of buffers in `memorySpace`.
  uint64_t getAlignment(mlir::Attribute memorySpace) const;
};

/// Reads "alloc", "global" or "argument"; none for anything else.
std::optional<SlabKind> parseSlabKind(llvm::StringRef text);

/// Reads `SPACE:VALUE[,SPACE:VALUE...]` with numbered memory spaces (>= 1)
/// into `into`. Returns an empty string on success, else what is wrong.
/// With `powersOfTwo`, each value must be a power of two.
std::string parseSpaceMap(llvm::StringRef text, llvm::StringRef optionName,
                          bool powersOfTwo, std::map<uint64_t, uint64_t> &into);

/// The number of an integer memory space (0 for the default space), or none
/// for other attributes.
std::optional<uint64_t> getMemorySpaceNumber(mlir::Attribute memorySpace);

/// "the default memory space" or "memory space 1" (or the attribute).
std::string describeMemorySpace(mlir::Attribute memorySpace);

/// The functions of `module` that may be active twice at once: those on a
/// cycle of calls between functions whose bodies are in the module. Calls to
/// functions without a visible body are assumed not to call back.
llvm::DenseSet<mlir::Operation *> findRecursiveFunctions(mlir::ModuleOp module);

/// The functions of `module` with bodies, callees before callers (the
/// functions of a cycle in any order).
std::vector<mlir::Operation *> findFunctionsCalleesFirst(mlir::ModuleOp module);

/// Why `func` cannot take its slabs as arguments from its callers, or null
/// when it can: it must be a private func.func whose every use in `module`
/// is a func.call, and it must have one. Public functions may be called from
/// outside, where nobody would pass a slab; they allocate theirs.
const char *whyNoArenaArgument(mlir::FunctionOpInterface func,
                               mlir::ModuleOp module);

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_SLABPLACEMENT_H
