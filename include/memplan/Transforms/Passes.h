//===- Passes.h - memplan passes --------------------------------*- C++ -*-===//
//
// The public API of memplan's passes: their options and creation functions,
// generated from Passes.td, and registerMemPlanPasses(), the one call that
// registers them all.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_PASSES_H
#define MEMPLAN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace memplan {

/// Where the planning passes put each slab (the `slab` option): a
/// memref.alloc at the function entry, freed before every return; a
/// private, uninitialized memref.global per function, space and slab; or a
/// trailing argument of private functions, passed by their callers.
enum class SlabKind {
#define MEMPLAN_SLAB_KIND(KIND, NAME, DESCRIPTION) KIND,
#include "memplan/Transforms/SlabKinds.def"
};

/// "alloc", "global" or "argument", as the `slab` option spells it.
llvm::StringRef getSlabKindName(SlabKind kind);

/// The `slab` option's choices, for its cl::opt.
inline llvm::cl::ValuesClass getSlabKindValues() {
  return llvm::cl::ValuesClass({
#define MEMPLAN_SLAB_KIND(KIND, NAME, DESCRIPTION)                             \
  llvm::cl::OptionEnumValue{NAME, int(SlabKind::KIND), DESCRIPTION},
#include "memplan/Transforms/SlabKinds.def"
  });
}

#define GEN_PASS_DECL
#include "memplan/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "memplan/Transforms/Passes.h.inc"

/// Release builds of MLIR (Debian's among them) compile pass statistics out,
/// so `-mlir-pass-statistics` shows nothing for any pass. A tool calls this
/// when it is given that flag; memplan's passes then print their figures
/// themselves.
void enableStatisticsFallback();

/// For the pass plugin, which is loaded while the host tool is still parsing
/// its command line and so cannot know yet whether the flag is coming: the
/// fallback is enabled whenever the host's `-mlir-pass-statistics` option
/// has been given, which is looked up each time a pass finishes.
void enableStatisticsFallbackOnFlag();

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PASSES_H
