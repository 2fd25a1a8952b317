//===- HeapMapOutput.h - The passes' heapmap=PATH option --------*- C++ -*-===//
//
// Collects one heap-map picture per function and memory space while a
// planning pass runs, and writes them when it is done: to one SVG file when
// PATH ends in ".svg", else into the folder PATH, one file
// `<func>[.<space>].svg` each.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_HEAPMAPOUTPUT_H
#define MEMPLAN_LIB_TRANSFORMS_HEAPMAPOUTPUT_H

#include "ModuleBuffers.h"
#include "ModulePlan.h"

#include "memplan/Tooling/HeapMap.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace memplan {

class HeapMapOutput {
public:
  /// An empty `path` draws nothing.
  explicit HeapMapOutput(llvm::StringRef path = "") : path(path) {}

  bool isEnabled() const { return !path.empty(); }

  /// Adds one picture per space of `buffers` as `plan` placed it, titled
  /// with `description`. Reads tooltips from the IR, so it must be called
  /// before the allocations are rewritten.
  void add(const ModuleBuffers &buffers, const ModulePlan &plan,
           llvm::StringRef description);

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

#endif // MEMPLAN_LIB_TRANSFORMS_HEAPMAPOUTPUT_H
