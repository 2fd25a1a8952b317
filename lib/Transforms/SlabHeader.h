//===- SlabHeader.h - The slabs' sizes as a C header ------------*- C++ -*-===//
//
// What a caller must know to give a planned function its memory, written as
// a C header (the `header` option): the bytes and alignment of each slab
// (or shared object) of each function and memory space, as constants, or
// as a C function of the run-time sizes where they are known only at run
// time; and, for slab=argument, which arguments take them. What TFLite
// Micro users write by hand as kTensorArenaSize. docs/arenas.md.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_SLABHEADER_H
#define MEMPLAN_LIB_TRANSFORMS_SLABHEADER_H

#include "ModuleBuffers.h"
#include "ModulePlan.h"
#include "PlanningOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace memplan {

class SlabHeader {
public:
  explicit SlabHeader(const PlanningOptions &options);

  /// Adds the slabs of `plan`, once the rewrite has made them (the
  /// arguments of slab=argument are read off the functions).
  void add(const ModuleBuffers &buffers, const ModulePlan &plan);

  /// Writes the header to `path`, its include guard made of the file name.
  llvm::Error write(llvm::StringRef path) const;

private:
  std::string passArgument;
  std::string strategy;
  /// A block of text per function, in the order they were planned.
  std::vector<std::string> functions;
  /// Whether some slab's size is the largest of several polynomials, for
  /// which the header defines memplan_max_size.
  bool usesMax = false;
  /// The macros defined so far, and the first defined twice (an arena
  /// named like a slab's label, "stack" or "loop1"), which write refuses.
  llvm::StringSet<> defined;
  std::string definedTwice;
};

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_SLABHEADER_H
