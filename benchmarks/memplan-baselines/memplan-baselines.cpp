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

#include "BaselinePlan.h"
#include "ReferenceGreedyLoop.h"
#include "TvmUsmpGreedy.h"
#include "UpstreamBestFit.h"
#include "XlaHeapSimulator.h"

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
/// A rule memplan-baselines plans by: its name on the command line, what it
/// is, and the offsets it gives.
struct Baseline {
  const char *name;
  const char *description;
  std::vector<uint64_t> (*plan)(ArrayRef<Buffer> buffers);
};
} // namespace

static const Baseline kBaselines[] = {
    {"upstream-best-fit",
     "upstream MLIR's static-memory-planner-analysis {algorithm=best-fit} "
     "(UpstreamBestFit.h)",
     benchmarks::planByUpstreamBestFit},
    {"xla",
     "XLA's buffer assignment: the smaller of its spatial and temporal "
     "decreasing-size best-fit heaps (XlaHeapSimulator.h)",
     benchmarks::planByXlaBestHeap},
    {"xla-spatial", "XLA's heap in the spatial order alone",
     [](ArrayRef<Buffer> buffers) {
       return benchmarks::planByXlaHeap(buffers,
                                        benchmarks::XlaHeapOrder::Spatial);
     }},
    {"xla-temporal", "XLA's heap in the temporal order alone",
     [](ArrayRef<Buffer> buffers) {
       return benchmarks::planByXlaHeap(buffers,
                                        benchmarks::XlaHeapOrder::Temporal);
     }},
    {"tvm-greedy-by-size",
     "TVM USMP's default, greedy_by_size (TvmUsmpGreedy.h)",
     [](ArrayRef<Buffer> buffers) {
       return benchmarks::planByTvmUsmpGreedy(buffers,
                                              benchmarks::TvmUsmpOrder::BySize);
     }},
    {"tvm-greedy-by-conflicts", "TVM USMP's greedy_by_conflicts",
     [](ArrayRef<Buffer> buffers) {
       return benchmarks::planByTvmUsmpGreedy(
           buffers, benchmarks::TvmUsmpOrder::ByConflicts);
     }},
    {"reference-loop",
     "the O(n^2) greedy-by-size loop of TFLite's GPU delegate "
     "(ReferenceGreedyLoop.h)",
     benchmarks::planByReferenceLoop},
};

static cl::OptionCategory baselinesCategory("memplan-baselines options");

/// An index into kBaselines, whose names main gives the option.
enum class BaselineIndex : unsigned {};
static cl::opt<BaselineIndex> baselineIndex("baseline",
                                            cl::desc("The rule to plan by:"),
                                            cl::Required,
                                            cl::cat(baselinesCategory));

static cl::list<std::string> inputFiles(cl::Positional, cl::OneOrMore,
                                        cl::desc("<problem.csv>..."),
                                        cl::cat(baselinesCategory));

static cl::opt<std::string>
    outputFile("o",
               cl::desc("Write the plan of the only problem given as CSV "
                        "with an offset column"),
               cl::value_desc("plan.csv"), cl::cat(baselinesCategory));

static int fail(const Twine &message) {
  WithColor::error(errs(), "memplan-baselines") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  for (auto [index, rule] : llvm::enumerate(kBaselines))
    baselineIndex.getParser().addLiteralOption(rule.name, BaselineIndex(index),
                                               rule.description);
  cl::HideUnrelatedOptions(baselinesCategory);
  cl::ParseCommandLineOptions(
      argc, argv, "Plans problems by another planner's rule, for comparison\n");
  if (!outputFile.empty() && inputFiles.size() != 1)
    return fail("-o takes the plan of one problem");

  const Baseline &baseline = kBaselines[unsigned(baselineIndex.getValue())];
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

    std::vector<uint64_t> offsets = baseline.plan(buffers);
    Plan plan;
    plan.offsets.assign(offsets.begin(), offsets.end());
    plan.slabSize = benchmarks::getSlabSize(buffers, plan.offsets);
    if (Error error = validatePlan(buffers, plan))
      return fail(file + ": the plan of " + baseline.name +
                  " fails validation: " + toString(std::move(error)));

    if (!outputFile.empty()) {
      std::error_code error;
      ToolOutputFile output(outputFile, error, sys::fs::OF_Text);
      if (error)
        return fail("cannot write '" + outputFile + "': " + error.message());
      writeOffsetsCsv(output.os(), *problem, plan.offsets);
      output.keep();
    }
    outs() << file << "," << baseline.name << "," << buffers.size() << ","
           << *lowerBound << "," << plan.slabSize << "\n";
  }
  return 0;
}
