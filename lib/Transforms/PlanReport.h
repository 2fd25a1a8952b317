//===- PlanReport.h - The JSON report of a planning pass --------*- C++ -*-===//
//
// `report=FILE.json` writes what a planning pass did to every buffer of the
// module as one JSON document, for tools (schema: docs/report.md). It is a
// function of the problems and their plans, read before the IR is
// rewritten: locations and types come from the allocations.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANREPORT_H
#define MEMPLAN_LIB_TRANSFORMS_PLANREPORT_H

#include "ModuleBuffers.h"
#include "ModulePlan.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace memplan {

class PlanReport {
public:
  static constexpr int64_t kVersion = 1;

  explicit PlanReport(const PlanningOptions &options);

  /// Records every function of `buffers` with what `plan` did to each of
  /// its buffers. Must be called before the IR is rewritten.
  void add(const ModuleBuffers &buffers, const ModulePlan &plan);

  llvm::json::Value toJson() const;

  /// Writes the document to `path`.
  llvm::Error write(llvm::StringRef path) const;

private:
  std::string passArgument;
  /// What the functions were planned with: the strategy, or "apply".
  std::string strategy;
  llvm::json::Object options;
  /// Where plans for run-time sizes were weighed (the size-range option).
  std::string sizeRange;
  llvm::json::Array functions;
};

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANREPORT_H
