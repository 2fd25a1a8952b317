//===- PlanReport.h - The JSON report of a planning pass --------*- C++ -*-===//
//
// `report=FILE.json` writes what a planning pass did to every buffer of the
// module as one JSON document, for tools (schema: docs/report.md). The driver
// records each function's buffers before anything is rewritten; the passes
// add what they placed where.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_PLANREPORT_H
#define MEMPLAN_TRANSFORMS_PLANREPORT_H

#include "memplan/Analysis/BufferLifetimes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

class PlanReport {
public:
  static constexpr int64_t kVersion = 1;

  /// `options` are the pass options as written in the report.
  PlanReport(llvm::StringRef passArgument, llvm::json::Object options);

  /// Records `func` and all of its buffers, planned or not. Must be called
  /// before the function is rewritten: locations and types are read here.
  void addFunction(mlir::FunctionOpInterface func, llvm::StringRef strategy,
                   llvm::ArrayRef<FunctionBuffer> buffers);

  /// What a pass planned for one memory space of a function recorded before.
  struct SpaceResult {
    /// The strategy that made the plan (the winner under `best`).
    std::string strategy;
    /// The slab (offsets) or each object (shared objects).
    std::optional<uint64_t> slabBytes;
    std::vector<uint64_t> objectBytes;
    uint64_t lowerBound = 0;
    uint64_t naive = 0;
    double seconds = 0;
    /// Per buffer of the space: its offset or its object.
    std::vector<uint64_t> placements;
    /// Where the slab or objects live (the slab option as applied to this
    /// function: "alloc", "global" or "argument") and, for a slab, its
    /// alignment; with "argument" the caller must pass that much.
    std::string placement;
    std::optional<uint64_t> slabAlignment;
  };
  void addSpace(mlir::FunctionOpInterface func, mlir::Attribute memorySpace,
                llvm::ArrayRef<const FunctionBuffer *> buffers,
                SpaceResult result);

  /// Writes the document to `path`.
  llvm::Error write(llvm::StringRef path) const;

  llvm::json::Value toJson() const;

private:
  struct FunctionEntry {
    llvm::json::Object header;
    llvm::json::Array spaces;
    std::vector<llvm::json::Object> buffers;
  };
  std::string passArgument;
  llvm::json::Object options;
  std::vector<FunctionEntry> functions;
  llvm::DenseMap<mlir::Operation *, size_t> functionIndex;
  /// Where each recorded buffer is: its function and its index there.
  llvm::DenseMap<const FunctionBuffer *, std::pair<size_t, size_t>> bufferIndex;
};

/// The strategy that won, read from a plan's details ("best: NAME ..."), or
/// `asked` when it was not `best`.
std::string getWinningStrategy(llvm::StringRef asked, llvm::StringRef details);

/// The text of a memory space as the report writes it: "" for the default.
std::string printMemorySpace(mlir::Attribute memorySpace);

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANREPORT_H
