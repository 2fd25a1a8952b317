//===- HeapMapOutput.h - The passes' heapmap=PATH option --------*- C++ -*-===//
//
// Collects one heap-map picture per function and memory space while a
// planning pass runs, and writes them when it is done: to one SVG file when
// PATH ends in ".svg", else into the folder PATH, one file
// `<func>[.<space>].svg` each.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_HEAPMAPOUTPUT_H
#define MEMPLAN_TRANSFORMS_HEAPMAPOUTPUT_H

#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Planner/HeapMap.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>

namespace memplan {

class HeapMapOutput {
public:
  /// An empty `path` draws nothing.
  explicit HeapMapOutput(llvm::StringRef path = "") : path(path) {}

  bool isEnabled() const { return !path.empty(); }

  /// Adds the picture of one memory space of `func`, whose `buffers` are
  /// `picture.buffers`; their tooltips come from the IR, so this must be
  /// called before the allocations are rewritten. `objectOf`, in
  /// shared-objects plans, names each buffer's object.
  void add(mlir::FunctionOpInterface func, mlir::Attribute memorySpace,
           llvm::ArrayRef<const FunctionBuffer *> buffers,
           HeapMapPicture picture, llvm::StringRef description,
           llvm::ArrayRef<unsigned> objectOf = {});

  /// Writes every picture added; on failure emits an error on `module`
  /// naming `passArgument`.
  mlir::LogicalResult write(mlir::ModuleOp module,
                            llvm::StringRef passArgument) const;

private:
  struct Entry {
    /// `<func>[.<space>]`, safe as a file name.
    std::string fileStem;
    HeapMapPicture picture;
  };
  std::string path;
  llvm::SmallVector<Entry, 0> entries;
};

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_HEAPMAPOUTPUT_H
