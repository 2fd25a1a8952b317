//===- SlabRewrite.h - Planned buffers into views of a slab -----*- C++ -*-===//

#ifndef MEMPLAN_TRANSFORMS_SLABREWRITE_H
#define MEMPLAN_TRANSFORMS_SLABREWRITE_H

#include "memplan/Analysis/BufferLifetimes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memplan {

/// Where a slab comes from: a memref.alloc (the default), a global of
/// `globals`, or a new trailing argument of the function.
struct SlabSource {
  mlir::SymbolTable *globals = nullptr;
  bool argument = false;

  /// The value of the slab option this stands for.
  llvm::StringRef getName() const {
    return argument ? "argument" : globals ? "global" : "alloc";
  }
};

/// A buffer of a function and the byte offset it was given in its slab.
struct PlacedBuffer {
  const FunctionBuffer *buffer;
  uint64_t offset;
};

/// Allocates one `i8` slab of `slabSize` bytes and `slabAlignment` in
/// `memorySpace` at the entry of `func`, frees it before every return, and
/// replaces each placed buffer by a `memref.view` of the slab at its offset.
/// The buffers' memref.dealloc ops are erased. The slab's location is named
/// `slabName` so that it can be told apart in the IR.
/// With `globals`, the slab is instead a private, uninitialized
/// `memref.global` added to that symbol table (named after `slabName`, the
/// function and the memory space, made unique) and taken with
/// `memref.get_global` at the entry: nothing is allocated or freed.
/// With `source.argument`, the slab is a new trailing argument of `func`
/// with the attributes `memplan.slab_size` and `memplan.slab_alignment`;
/// passArenasToCallees makes the callers provide it.
void rewriteIntoSlab(mlir::FunctionOpInterface func,
                     mlir::Attribute memorySpace, uint64_t slabSize,
                     uint64_t slabAlignment,
                     llvm::ArrayRef<PlacedBuffer> placed,
                     llvm::StringRef slabName = "memplan.slab",
                     SlabSource source = {});

/// Makes every func.call of `callee` in `module` pass the slabs that
/// rewriteIntoSlab added as arguments from index `firstArena` on: each is a
/// memref.alloc of the recorded size and alignment right before the call,
/// freed right after it, so that the caller's own planning places it.
void passArenasToCallees(mlir::ModuleOp module,
                         mlir::FunctionOpInterface callee, unsigned firstArena);

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_SLABREWRITE_H
