//===- SlabRewrite.h - Turns planned buffers into views of a slab -*- C++ -*-=//

#ifndef MEMPLAN_TRANSFORMS_SLABREWRITE_H
#define MEMPLAN_TRANSFORMS_SLABREWRITE_H

#include "memplan/Analysis/BufferLifetimes.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memplan {

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
void rewriteIntoSlab(mlir::FunctionOpInterface func,
                     mlir::Attribute memorySpace, uint64_t slabSize,
                     uint64_t slabAlignment,
                     llvm::ArrayRef<PlacedBuffer> placed,
                     llvm::StringRef slabName = "memplan.slab",
                     mlir::SymbolTable *globals = nullptr);

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_SLABREWRITE_H
