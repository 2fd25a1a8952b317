//===- SlabRewrite.h - Planned buffers into views of a slab -----*- C++ -*-===//

#ifndef MEMPLAN_LIB_TRANSFORMS_SLABREWRITE_H
#define MEMPLAN_LIB_TRANSFORMS_SLABREWRITE_H

#include "ModuleBuffers.h"
#include "ModulePlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memplan {

/// The attributes of an arena argument (slab=argument): its bytes, or where
/// they are known only at run time the function that computes them, and
/// its alignment.
constexpr llvm::StringLiteral kSlabSizeAttr = "memplan.slab_size";
constexpr llvm::StringLiteral kSlabSizeFunctionAttr =
    "memplan.slab_size_function";
constexpr llvm::StringLiteral kSlabAlignmentAttr = "memplan.slab_alignment";

/// Rewrites every planned buffer of `buffers` as `plan` placed it, the one
/// change the planning passes make to the IR: per space, each slab of the
/// plan is allocated once (a memref.alloc at the function entry, freed
/// before every return if the function freed anything before; a private,
/// uninitialized memref.global of `module` taken with memref.get_global; or a
/// new trailing argument of the function with the attributes
/// `memplan.slab_size` and `memplan.slab_alignment`, as the function's
/// placement says), and each planned memref.alloc becomes a memref.view of its
/// slab at its offset; its memref.dealloc ops are erased. Slabs are named
/// `memplan.slab` (offsets) or `memplan.object` (shared objects) in their
/// locations, and read in order at the function entry. A space whose sizes
/// are known only at run time gets one slab, a memref.alloc of the size its
/// plan computes where the slab is made, its offsets computed there too.
/// Returns how many operations that arithmetic took.
unsigned rewriteModule(mlir::ModuleOp module, const ModuleBuffers &buffers,
                       const ModulePlan &plan);

/// Makes every func.call of `callee` in `module` pass the slabs that
/// rewriteModule added as arguments from index `firstArena` on: each is a
/// memref.alloc of the recorded size and alignment right before the call,
/// freed right after it if the caller frees anything, so that the caller's
/// own planning places it.
void passArenasToCallees(mlir::ModuleOp module,
                         mlir::FunctionOpInterface callee, unsigned firstArena);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_SLABREWRITE_H
