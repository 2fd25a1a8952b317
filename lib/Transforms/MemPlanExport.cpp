//===- MemPlanExport.cpp - Write a module's planning problems as CSV ------===//
//
// For planning offline with memplan-solve (say `exact` with a long time
// limit), then applying the plan with `memplan-offsets{apply=FILE}`. The IR
// is not changed.
//
//===----------------------------------------------------------------------===//

#include "ModuleBuffers.h"
#include "PlanExchange.h"

#include "memplan/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANEXPORT
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

struct MemPlanExportPass
    : public memplan::impl::MemPlanExportBase<MemPlanExportPass> {
  using MemPlanExportBase::MemPlanExportBase;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    // `--memplan-export=FILE.csv` names the file alone.
    std::string normalized = options.trim().str();
    if (!normalized.empty() &&
        StringRef(normalized).find_first_of("= {}\"'") == StringRef::npos)
      normalized = "file=" + normalized;
    return MemPlanExportBase::initializeOptions(normalized, errorHandler);
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    if (file.empty()) {
      emitError(getOperation().getLoc()) << getArgument() << ": no file given";
      return signalPassFailure();
    }
    // The alignments are checked and derived as the planning passes do, so
    // that an exported problem is the one `apply` checks its plan against.
    PlanningOptions options;
    options.passArgument = getArgument().str();
    options.alignment = alignment;
    options.spaceAlignment.assign(spaceAlignment.begin(), spaceAlignment.end());
    options.sharedSpaces.assign(sharedSpaces.begin(), sharedSpaces.end());
    options.allocas = allocas;
    options.splitLives = splitLives;
    if (std::string problem = checkPlanningOptions(options); !problem.empty()) {
      emitError(getOperation().getLoc()) << problem;
      return signalPassFailure();
    }
    SpaceLimits limits = SpaceLimits::fromOptions(options);
    if (!runTimeSizes)
      limits.whyNotRunTimeSizes =
          getArgument().str() + " writes sizes known at compile time only";
    ModuleBuffers buffers = analyzeModule(getOperation(), limits);
    for (const SpaceProblem &space : buffers.spaces)
      // A comma or a line break would break the CSV row.
      if (StringRef(space.functionName).find_first_of(",\r\n") !=
          StringRef::npos) {
        space.func->emitError()
            << getArgument() << ": function name '" << space.functionName
            << "' cannot be written as a CSV id";
        return signalPassFailure();
      }
    if (std::optional<std::string> name = findSharedName(buffers.spaces)) {
      emitError(getOperation().getLoc())
          << getArgument() << ": two functions are named @" << *name
          << "; their rows could not be told apart";
      return signalPassFailure();
    }
    std::error_code error;
    llvm::raw_fd_ostream os(file, error, llvm::sys::fs::OF_Text);
    if (!error) {
      writeExchangeCsv(os, buffers.spaces, accessedBytes);
      os.close();
      error = os.error();
    }
    if (error) {
      emitError(getOperation().getLoc()) << getArgument() << ": cannot write '"
                                         << file << "': " << error.message();
      return signalPassFailure();
    }
  }
};

} // namespace
