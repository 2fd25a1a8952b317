//===- memplan-baselines.cpp - Other planners' rules on CSV problems ------===//
//
// Runs a labelled baseline (never a strategy of the registry) on problems in
// memplan-solve's CSV format and prints one line per problem:
//
//   FILE,BASELINE,BUFFERS,LOWER_BOUND,SLAB
//
// after checking the plan with memplan's validator; a plan it refuses is an
// error, since the comparison would mean nothing. scripts/baselines.py sets
// these slabs beside memplan's in docs/baselines.md.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/Validator.h"

#include "ReferenceGreedyLoop.h"
#include "UpstreamBestFit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <vector>

using namespace llvm;
using namespace memplan;

namespace {
enum class Baseline { UpstreamBestFit, ReferenceLoop };
} // namespace

static cl::opt<Baseline> baseline(
    "baseline", cl::desc("The rule to plan by:"), cl::Required,
    cl::values(clEnumValN(Baseline::UpstreamBestFit, "upstream-best-fit",
                          "upstream MLIR's static-memory-planner-analysis "
                          "{algorithm=best-fit} (UpstreamBestFit.h)"),
               clEnumValN(Baseline::ReferenceLoop, "reference-loop",
                          "the O(n^2) greedy-by-size loop of TFLite's GPU "
                          "delegate (ReferenceGreedyLoop.h)")));

static cl::list<std::string> inputFiles(cl::Positional, cl::OneOrMore,
                                        cl::desc("<problem.csv>..."));

static cl::opt<std::string>
    outputFile("o",
               cl::desc("Write the plan of the only problem given as CSV "
                        "with an offset column"),
               cl::value_desc("plan.csv"));

static int fail(const Twine &message) {
  WithColor::error(errs(), "memplan-baselines") << message << "\n";
  return 1;
}

static StringRef getName(Baseline which) {
  return which == Baseline::UpstreamBestFit ? "upstream-best-fit"
                                            : "reference-loop";
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv, "Plans problems by another planner's rule, for comparison\n");
  if (!outputFile.empty() && inputFiles.size() != 1)
    return fail("-o takes the plan of one problem");

  for (const std::string &file : inputFiles) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> input =
        MemoryBuffer::getFile(file, /*IsText=*/true);
    if (std::error_code error = input.getError())
      return fail("cannot read '" + file + "': " + error.message());
    Expected<CsvProblem> problem = readProblemCsv((*input)->getBuffer(), file);
    if (!problem)
      return fail(toString(problem.takeError()));
    ArrayRef<Buffer> buffers = problem->buffers;
    Expected<uint64_t> lowerBound = computeLowerBound(buffers);
    if (!lowerBound)
      return fail(file + ": " + toString(lowerBound.takeError()));

    std::vector<uint64_t> offsets =
        baseline == Baseline::UpstreamBestFit
            ? benchmarks::planByUpstreamBestFit(buffers)
            : benchmarks::planByReferenceLoop(buffers);
    Plan plan;
    plan.offsets.assign(offsets.begin(), offsets.end());
    for (auto [buffer, offset] : llvm::zip_equal(buffers, plan.offsets))
      plan.slabSize = std::max(plan.slabSize, offset + buffer.size);
    if (Error error = validatePlan(buffers, plan))
      return fail(file + ": the plan of " + getName(baseline) +
                  " fails validation: " + toString(std::move(error)));

    outs() << file << "," << getName(baseline) << "," << buffers.size() << ","
           << *lowerBound << "," << plan.slabSize << "\n";
    if (!outputFile.empty()) {
      std::error_code error;
      ToolOutputFile output(outputFile, error, sys::fs::OF_Text);
      if (error)
        return fail("cannot write '" + outputFile + "': " + error.message());
      writeOffsetsCsv(output.os(), *problem, plan.offsets);
      output.keep();
    }
  }
  return 0;
}
