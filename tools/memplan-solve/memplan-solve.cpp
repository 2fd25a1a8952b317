//===- memplan-solve.cpp - Plan buffers given as CSV records --------------===//
//
// Reads a problem in MiniMalloc's CSV format, plans it with one strategy or
// all of them, checks every plan with the independent validator, prints the
// figures on stderr and writes the plan as CSV. Exit codes: see ExitCode in
// SolveMode.h.
//
//===----------------------------------------------------------------------===//

#include "HeapMapOutput.h"
#include "SolveMode.h"

#include "memplan/Planner/ExactSolver.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Tooling/ProblemGenerator.h"
#include "memplan/Tooling/ProblemMlir.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <optional>

using namespace llvm;
using namespace memplan;

static cl::OptionCategory solveCategory("memplan-solve options");

static cl::opt<std::string>
    strategyName("strategy",
                 cl::desc("Strategy to plan with, or 'all' to compare them "
                          "(default: best if registered, else greedy-size)"),
                 cl::value_desc("name"), cl::cat(solveCategory));

static cl::opt<std::string>
    modeName("mode", cl::desc("offsets (one slab) or objects (shared objects)"),
             cl::init("offsets"), cl::value_desc("mode"),
             cl::cat(solveCategory));

static cl::opt<double>
    timeLimit("time-limit",
              cl::desc("Budget in seconds of strategies that search (0: none)"),
              cl::init(StrategyOptions().timeLimitSeconds),
              cl::value_desc("seconds"), cl::cat(solveCategory));

static cl::opt<uint64_t>
    seed("seed", cl::desc("Seed of strategies that make random choices"),
         cl::init(StrategyOptions().seed), cl::cat(solveCategory));

static cl::opt<uint64_t> capacity(
    "capacity",
    cl::desc("Decide whether the buffers fit in this many bytes, with the "
             "exact strategy (offsets mode): exit 0 and write the plan if "
             "they fit, exit 4 if they provably do not, 5 if the time limit "
             "came first"),
    cl::value_desc("bytes"), cl::cat(solveCategory));

static cl::opt<unsigned> generate(
    "generate",
    cl::desc("Write a synthetic problem of N buffers shaped like a network "
             "(ProblemGenerator.h; --seed picks it) instead of planning one"),
    cl::value_desc("N"), cl::cat(solveCategory));

namespace {
enum class GeneratedFormat { Csv, Mlir };
} // namespace

static cl::opt<GeneratedFormat> generateAs(
    "generate-as", cl::desc("What --generate writes:"),
    cl::values(clEnumValN(GeneratedFormat::Csv, "csv",
                          "the problem as CSV (default)"),
               clEnumValN(GeneratedFormat::Mlir, "mlir",
                          "a bufferized MLIR function with these lifetimes, "
                          "to plan with memplan-opt (ProblemMlir.h)")),
    cl::init(GeneratedFormat::Csv), cl::cat(solveCategory));

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<problem.csv>"),
                                      cl::cat(solveCategory));

static cl::opt<std::string>
    outputFile("o",
               cl::desc("Write the plan here rather than to stdout (with "
                        "--strategy=all: write the best plan here)"),
               cl::value_desc("filename"), cl::cat(solveCategory));

static cl::opt<std::string>
    heapMapFile("heapmap",
                cl::desc("Also draw the plan written as an SVG heap map: time "
                         "across, addresses down, with the lower bound"),
                cl::value_desc("file.svg"), cl::cat(solveCategory));

static int fail(ExitCode code, const Twine &message) {
  WithColor::error(errs(), "memplan-solve") << message << '\n';
  return code;
}

/// An error whose message already names the file and line.
static int failInput(Error error) {
  errs() << toString(std::move(error)) << '\n';
  return ExitBadInput;
}

static Expected<std::unique_ptr<SolveMode>> createMode(StringRef name) {
  SmallVector<StringRef> valid = {"offsets"};
#ifdef MEMPLAN_SOLVE_OBJECTS_MODE
  valid.push_back("objects");
#endif
  if (name == "offsets")
    return createOffsetsMode();
#ifdef MEMPLAN_SOLVE_OBJECTS_MODE
  if (name == "objects")
    return createObjectsMode();
#else
  if (name == "objects")
    return createStringError("mode 'objects' is not built in (the planner "
                             "core has no shared-objects strategies); "
                             "valid modes: " +
                             join(valid, ", "));
#endif
  return createStringError("unknown mode '" + name +
                           "'; valid modes: " + join(valid, ", "));
}

/// `bytes / lowerBound` with three decimals, or "-" when undefined.
static std::string formatRatio(uint64_t bytes, uint64_t lowerBound) {
  if (lowerBound == 0)
    return bytes == 0 ? "1.000" : "-";
  return formatv("{0:F3}", double(bytes) / double(lowerBound)).str();
}

namespace {
/// One strategy's figures.
struct Outcome {
  std::string strategy;
  Solution solution;
  double seconds = 0;
};
} // namespace

static std::string formatMillis(double seconds) {
  return formatv("{0:F3}", seconds * 1000).str();
}

/// One `  label:      value` line of a summary.
static void printRow(raw_ostream &os, StringRef label, const Twine &value) {
  os << "  " << left_justify(label, 13) << value << '\n';
}

/// Whether `solution` passes the independent check; if not, reports the bug.
static bool isValidPlan(const SolveMode &mode, ArrayRef<Buffer> buffers,
                        const Solution &solution, StringRef strategy,
                        StringRef displayName) {
  Error error = mode.validate(buffers, solution);
  if (!error)
    return true;
  fail(ExitInternalError,
       "internal error (a bug in memplan): the plan of strategy " + strategy +
           " for " + displayName +
           " fails validation: " + toString(std::move(error)));
  return false;
}

static void printSummary(raw_ostream &os, const SolveMode &mode,
                         const Outcome &outcome, uint64_t lowerBound,
                         uint64_t naive) {
  std::string strategy = outcome.strategy;
  if (!outcome.solution.details.empty())
    strategy += " (" + outcome.solution.details + ")";
  std::string bytesLabel = (mode.getBytesLabel() + ":").str();
  auto row = [&](StringRef label, const Twine &value) {
    printRow(os, label, value);
  };
  row("strategy:", strategy);
  row(bytesLabel, Twine(outcome.solution.bytes) + " bytes");
  row("lower bound:", Twine(lowerBound) + " bytes");
  row("naive:", Twine(naive) + " bytes");
  row("ratio:", formatRatio(outcome.solution.bytes, lowerBound) + " (" +
                    mode.getBytesLabel() + " / lower bound)");
  row("time:", formatMillis(outcome.seconds) + " ms");
}

/// One row per strategy, then the lower bound and naive, aligned.
static void printTable(raw_ostream &os, const SolveMode &mode,
                       ArrayRef<Outcome> outcomes, uint64_t lowerBound,
                       uint64_t naive) {
  using Row = SmallVector<std::string, 5>;
  SmallVector<Row, 0> rows;
  rows.push_back({"strategy", (mode.getBytesLabel() + " bytes").str(),
                  "/ lower bound", "time ms", "details"});
  for (const Outcome &outcome : outcomes)
    rows.push_back({outcome.strategy, utostr(outcome.solution.bytes),
                    formatRatio(outcome.solution.bytes, lowerBound),
                    formatMillis(outcome.seconds), outcome.solution.details});
  rows.push_back({"(lower bound)", utostr(lowerBound),
                  formatRatio(lowerBound, lowerBound), "", ""});
  rows.push_back(
      {"(naive)", utostr(naive), formatRatio(naive, lowerBound), "", ""});

  size_t widths[4] = {0, 0, 0, 0};
  for (const Row &row : rows)
    for (unsigned column = 0; column != 4; ++column)
      widths[column] = std::max(widths[column], row[column].size());
  for (const Row &row : rows) {
    // Names on the left, numbers on the right.
    std::string line;
    raw_string_ostream lineOs(line);
    lineOs << left_justify(row[0], widths[0]);
    for (unsigned column = 1; column != 4; ++column)
      lineOs << "  " << right_justify(row[column], widths[column]);
    if (!row[4].empty())
      lineOs << "  " << row[4];
    os << StringRef(line).rtrim() << '\n';
  }
}

/// Runs `write` on -o or stdout, kept only if everything was written; the
/// exit code.
static int writeOutput(function_ref<void(raw_ostream &)> write) {
  std::error_code error;
  ToolOutputFile output(outputFile.empty() ? "-" : outputFile.getValue(), error,
                        sys::fs::OF_Text);
  if (error)
    return fail(ExitIoError,
                "cannot write '" + outputFile + "': " + error.message());
  write(output.os());
  output.os().flush();
  if (output.os().has_error())
    return fail(ExitIoError, "cannot write '" + outputFile +
                                 "': " + output.os().error().message());
  output.keep();
  return ExitSuccess;
}

/// Writes `solution` to -o or stdout; the exit code.
static int writeSolution(const SolveMode &mode, const CsvProblem &problem,
                         const Solution &solution) {
  return writeOutput(
      [&](raw_ostream &os) { mode.write(os, problem, solution); });
}

/// --heapmap: draws `solution`; the exit code.
static int writeHeapMap(const CsvProblem &problem, const Solution &solution,
                        uint64_t lowerBound, const Twine &title) {
  std::error_code error;
  ToolOutputFile output(heapMapFile, error, sys::fs::OF_Text);
  if (!error) {
    HeapMapPicture picture =
        makeSolutionHeapMap(problem, solution, lowerBound, title.str());
    writeHeapMapSvg(output.os(), picture);
    output.os().flush();
    error = output.os().error();
  }
  if (error)
    return fail(ExitIoError,
                "cannot write '" + heapMapFile + "': " + error.message());
  output.keep();
  return ExitSuccess;
}

/// --generate: writes the problem to -o or stdout.
static int writeGenerated() {
  SmallVector<Buffer> buffers = generateProblem(generate, seed);
  return writeOutput([&](raw_ostream &os) {
    if (generateAs == GeneratedFormat::Mlir)
      writeProblemMlir(os, buffers);
    else
      writeProblemCsv(os, buffers);
  });
}

/// --capacity: does the problem fit? A plan is written only if it does.
static int runCapacity(const SolveMode &mode, const CsvProblem &problem,
                       StringRef displayName, uint64_t lowerBound,
                       uint64_t naive) {
  ExactOptions options;
  options.timeLimitSeconds = timeLimit;
  options.capacity = capacity;
  auto begin = std::chrono::steady_clock::now();
  Expected<ExactResult> result = solveExact(problem.buffers, options);
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - begin;
  if (!result)
    return fail(ExitBadInput, displayName + ": strategy exact: " +
                                  toString(result.takeError()));
  StringRef answer = result->answer == CapacityAnswer::Fits ? "fits"
                     : result->answer == CapacityAnswer::DoesNotFit
                         ? "does not fit (proven)"
                         : "unknown (time limit)";
  errs() << displayName << ": " << problem.buffers.size()
         << " buffers, offsets mode\n";
  auto row = [&](StringRef label, const Twine &value) {
    printRow(errs(), label, value);
  };
  row("strategy:", "exact (" + describeExactResult(*result) + ")");
  row("capacity:", Twine(capacity.getValue()) + " bytes: " + answer);
  if (result->plan)
    row("slab:", Twine(result->plan->slabSize) + " bytes");
  row("lower bound:",
      Twine(result->lowerBound) + " bytes (live: " + Twine(lowerBound) + ")");
  row("naive:", Twine(naive) + " bytes");
  row("time:", formatMillis(elapsed.count()) + " ms");
  if (result->answer == CapacityAnswer::DoesNotFit)
    return ExitDoesNotFit;
  if (result->answer == CapacityAnswer::Unknown)
    return ExitFitUnknown;

  Solution solution;
  solution.bytes = result->plan->slabSize;
  solution.offsets = result->plan->offsets;
  if (!isValidPlan(mode, problem.buffers, solution, "exact", displayName))
    return ExitInternalError;
  return writeSolution(mode, problem, solution);
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(solveCategory);
  // Usage errors exit with ExitBadInput, not cl's default of 1.
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "memplan-solve: plan buffers given as MiniMalloc CSV records\n",
          &errs()))
    return ExitBadInput;

  if (generate.getNumOccurrences() != 0)
    return writeGenerated();
  if (inputFile.empty())
    return fail(ExitBadInput, "no input file (or --generate=N)");

  Expected<std::unique_ptr<SolveMode>> mode = createMode(modeName);
  if (!mode)
    return fail(ExitBadInput, toString(mode.takeError()));

  // The registry decides the default, so it follows strategies as they are
  // added.
  SmallVector<StringRef> names = (*mode)->getStrategyNames();
  std::string chosen = strategyName;
  if (chosen.empty())
    chosen = is_contained(names, "best")          ? "best"
             : is_contained(names, "greedy-size") ? "greedy-size"
                                                  : names.front().str();
  bool runAll = chosen == "all";
  if (!runAll && !is_contained(names, chosen))
    return fail(ExitBadInput, "unknown strategy '" + chosen + "' for mode " +
                                  (*mode)->getName() + "; valid strategies: " +
                                  join(names, ", ") + ", all");
  if (!(timeLimit >= 0))
    return fail(ExitBadInput, "--time-limit must be a number of seconds >= 0");

  bool decideCapacity = capacity.getNumOccurrences() != 0;
  if (decideCapacity && ((*mode)->getName() != "offsets" ||
                         (!strategyName.empty() && chosen != "exact")))
    return fail(ExitBadInput,
                "--capacity works with the exact strategy in offsets mode");

  ErrorOr<std::unique_ptr<MemoryBuffer>> input =
      MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (std::error_code error = input.getError())
    return fail(ExitIoError,
                "cannot read '" + inputFile + "': " + error.message());
  std::string displayName = inputFile == "-" ? "<stdin>" : inputFile.getValue();
  Expected<CsvProblem> problem =
      readProblemCsv((*input)->getBuffer(), displayName);
  if (!problem)
    return failInput(problem.takeError());
  ArrayRef<Buffer> buffers = problem->buffers;

  Expected<uint64_t> lowerBound = (*mode)->computeLowerBound(buffers);
  if (!lowerBound)
    return fail(ExitBadInput, displayName + ": lower bound: " +
                                  toString(lowerBound.takeError()));
  Expected<uint64_t> naive = (*mode)->computeNaive(buffers);
  if (!naive)
    return fail(ExitBadInput,
                displayName + ": naive: " + toString(naive.takeError()));

  if (decideCapacity)
    return runCapacity(**mode, *problem, displayName, *lowerBound, *naive);

  StrategyOptions options;
  options.timeLimitSeconds = timeLimit;
  options.seed = seed;
  SmallVector<StringRef> toRun;
  if (runAll)
    toRun = names;
  else
    toRun.push_back(chosen);

  SmallVector<Outcome, 0> outcomes;
  for (StringRef name : toRun) {
    auto begin = std::chrono::steady_clock::now();
    Expected<Solution> solution = (*mode)->solve(name, buffers, options);
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - begin;
    if (!solution)
      return fail(ExitBadInput, displayName + ": strategy " + name + ": " +
                                    toString(solution.takeError()));
    // Nothing is written unless every plan passes its check.
    if (!isValidPlan(**mode, buffers, *solution, name, displayName))
      return ExitInternalError;
    outcomes.push_back({name.str(), std::move(*solution), elapsed.count()});
  }

  errs() << displayName << ": " << buffers.size() << " buffers, "
         << (*mode)->getName() << " mode\n";
  if (runAll)
    printTable(errs(), **mode, outcomes, *lowerBound, *naive);
  else
    printSummary(errs(), **mode, outcomes.front(), *lowerBound, *naive);

  // Under --strategy=all a plan is written only to -o: the best one, the
  // earlier strategy winning a tie.
  const Outcome *toWrite = &outcomes.front();
  if (runAll) {
    if (outputFile.empty() && heapMapFile.empty())
      return ExitSuccess;
    for (const Outcome &outcome : outcomes)
      if (outcome.solution.bytes < toWrite->solution.bytes)
        toWrite = &outcome;
    errs() << (outputFile.empty() ? "drawing" : "writing") << " the plan of "
           << toWrite->strategy << '\n';
  }

  if (!heapMapFile.empty())
    if (int code = writeHeapMap(*problem, toWrite->solution, *lowerBound,
                                displayName + ": " + toWrite->strategy + ", " +
                                    (*mode)->getName() + " mode"))
      return code;
  if (runAll && outputFile.empty())
    return ExitSuccess;
  return writeSolution(**mode, *problem, toWrite->solution);
}
