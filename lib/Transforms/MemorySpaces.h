//===- MemorySpaces.h - How memory spaces read ------------------*- C++ -*-===//
//
// The one place that turns a memref memory space into text, for errors,
// reports, heap-map titles and file names alike.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_MEMORYSPACES_H
#define MEMPLAN_LIB_TRANSFORMS_MEMORYSPACES_H

#include "mlir/IR/Attributes.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

/// The number of an integer memory space (0 for the default space), or none
/// for other attributes.
std::optional<uint64_t> getMemorySpaceNumber(mlir::Attribute memorySpace);

/// The attribute as MLIR prints it ("1 : i64"); "" for the default space.
std::string printMemorySpace(mlir::Attribute memorySpace);

/// A short label: "1" for an integer space, the attribute otherwise, "" for
/// the default space.
std::string getMemorySpaceLabel(mlir::Attribute memorySpace);

/// For sentences: "the default memory space", "memory space 1".
std::string describeMemorySpace(mlir::Attribute memorySpace);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_MEMORYSPACES_H
