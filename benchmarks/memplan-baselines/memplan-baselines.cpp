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
#include "TvmUsmpGreedy.h"
#include "UpstreamBestFit.h"
#include "XlaHeapSimulator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
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
enum class Baseline {
  UpstreamBestFit,
  XlaBestHeap,
  XlaSpatial,
  XlaTemporal,
  TvmGreedyBySize,
  TvmGreedyByConflicts,
  ReferenceLoop,
};
} // namespace

static cl::opt<Baseline> baseline(
    "baseline", cl::desc("The rule to plan by:"), cl::Required,
    cl::values(
        clEnumValN(Baseline::UpstreamBestFit, "upstream-best-fit",
                   "upstream MLIR's static-memory-planner-analysis "
                   "{algorithm=best-fit} (UpstreamBestFit.h)"),
        clEnumValN(Baseline::XlaBestHeap, "xla",
                   "XLA's buffer assignment: the smaller of its spatial and "
                   "temporal decreasing-size best-fit heaps "
                   "(XlaHeapSimulator.h)"),
        clEnumValN(Baseline::XlaSpatial, "xla-spatial",
                   "XLA's heap in the spatial order alone"),
        clEnumValN(Baseline::XlaTemporal, "xla-temporal",
                   "XLA's heap in the temporal order alone"),
        clEnumValN(Baseline::TvmGreedyBySize, "tvm-greedy-by-size",
                   "TVM USMP's default, greedy_by_size (TvmUsmpGreedy.h)"),
        clEnumValN(Baseline::TvmGreedyByConflicts, "tvm-greedy-by-conflicts",
                   "TVM USMP's greedy_by_conflicts"),
        clEnumValN(Baseline::ReferenceLoop, "reference-loop",
                   "the O(n^2) greedy-by-size loop of TFLite's GPU delegate "
                   "(ReferenceGreedyLoop.h)")));

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

/// The name of `which` on the command line.
static StringRef getName(Baseline which) {
  switch (which) {
  case Baseline::UpstreamBestFit:
    return "upstream-best-fit";
  case Baseline::XlaBestHeap:
    return "xla";
  case Baseline::XlaSpatial:
    return "xla-spatial";
  case Baseline::XlaTemporal:
    return "xla-temporal";
  case Baseline::TvmGreedyBySize:
    return "tvm-greedy-by-size";
  case Baseline::TvmGreedyByConflicts:
    return "tvm-greedy-by-conflicts";
  case Baseline::ReferenceLoop:
    return "reference-loop";
  }
  llvm_unreachable("unknown baseline");
}

static std::vector<uint64_t> planBy(Baseline which, ArrayRef<Buffer> buffers) {
  switch (which) {
  case Baseline::UpstreamBestFit:
    return benchmarks::planByUpstreamBestFit(buffers);
  case Baseline::XlaBestHeap:
    return benchmarks::planByXlaBestHeap(buffers);
  case Baseline::XlaSpatial:
    return benchmarks::planByXlaHeap(buffers,
                                     benchmarks::XlaHeapOrder::Spatial);
  case Baseline::XlaTemporal:
    return benchmarks::planByXlaHeap(buffers,
                                     benchmarks::XlaHeapOrder::Temporal);
  case Baseline::TvmGreedyBySize:
    return benchmarks::planByTvmUsmpGreedy(buffers,
                                           benchmarks::TvmUsmpOrder::BySize);
  case Baseline::TvmGreedyByConflicts:
    return benchmarks::planByTvmUsmpGreedy(
        buffers, benchmarks::TvmUsmpOrder::ByConflicts);
  case Baseline::ReferenceLoop:
    return benchmarks::planByReferenceLoop(buffers);
  }
  llvm_unreachable("unknown baseline");
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

    std::vector<uint64_t> offsets = planBy(baseline, buffers);
    Plan plan;
    plan.offsets.assign(offsets.begin(), offsets.end());
    for (auto [buffer, offset] : llvm::zip_equal(buffers, plan.offsets))
      plan.slabSize = std::max(plan.slabSize, offset + buffer.size);
    if (Error error = validatePlan(buffers, plan))
      return fail(file + ": the plan of " + getName(baseline) +
                  " fails validation: " + toString(std::move(error)));

    if (!outputFile.empty()) {
      std::error_code error;
      ToolOutputFile output(outputFile, error, sys::fs::OF_Text);
      if (error)
        return fail("cannot write '" + outputFile + "': " + error.message());
      writeOffsetsCsv(output.os(), *problem, plan.offsets);
      output.keep();
    }
    outs() << file << "," << getName(baseline) << "," << buffers.size() << ","
           << *lowerBound << "," << plan.slabSize << "\n";
  }
  return 0;
}
