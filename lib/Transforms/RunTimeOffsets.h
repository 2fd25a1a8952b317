//===- RunTimeOffsets.h - A plan for every size, computed at run time -*-===//
//
// The arithmetic a slab whose size is known only at run time is made with:
// the run-time sizes read from the function's arguments, each buffer's byte
// size, each offset as the aligned maximum of the ends of the buffers
// directly below it (SymbolicPlan.h), and the slab's size. Values known at
// compile time fold to constants, so the static buffers of the slab cost no
// arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_RUNTIMEOFFSETS_H
#define MEMPLAN_LIB_TRANSFORMS_RUNTIMEOFFSETS_H

#include "ModuleBuffers.h"

#include "memplan/Analysis/SymbolicSizes.h"
#include "memplan/Planner/SymbolicPlan.h"

#include "mlir/IR/Builders.h"

namespace memplan {

/// The offsets and slab size of one plan for every run-time size, as index
/// values.
struct RunTimeOffsets {
  /// Parallel to the space's buffers; empty unless asked for.
  llvm::SmallVector<mlir::Value> offsets;
  /// Null unless asked for.
  mlir::Value slabSize;
  /// How many operations the arithmetic took (the constants included).
  unsigned numOps = 0;
};

/// What emitRunTimeOffsets makes.
enum class RunTimeValues { OffsetsAndSize, Offsets, Size };

/// Emits at `builder` (where the function's arguments are visible, at the
/// start of the slab's body) the arithmetic of `plan` for the space whose
/// run-time sizes are `sizes`, over the function's `symbols`; what `wanted`
/// does not need is not left behind. With `arguments`, each symbol's
/// argument is read from the value of its number there instead (another
/// function's arguments, or a call's operands).
RunTimeOffsets emitRunTimeOffsets(mlir::OpBuilder &builder, mlir::Location loc,
                                  const SpaceProblem::RunTimeSizes &sizes,
                                  const SizeSymbols &symbols,
                                  const SymbolicPlan &plan,
                                  RunTimeValues wanted,
                                  mlir::ValueRange arguments = {});

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_RUNTIMEOFFSETS_H
