//===- memplan-solve.cpp - Plan buffers given as CSV records --------------===//
//
// Reads a problem in MiniMalloc's CSV format, plans it with one strategy or
// all of them, checks every plan with the independent validator, prints the
// figures on stderr and writes the plan as CSV. Both kinds of plan take the
// same path, through the planner core's Planner.h and SlabPlan.h. Exit
// codes: see ExitCode below.
//
//===----------------------------------------------------------------------===//

#include "SolutionHeapMap.h"

#include "memplan/Planner/ArenaAssignment.h"
#include "memplan/Planner/CheckedMath.h"
#include "memplan/Planner/Planner.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/SlabPlan.h"
#include "memplan/Planner/SymbolicPlan.h"
#include "memplan/Planner/Validator.h"
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
#include "llvm/Support/Parallel.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <optional>

using namespace llvm;
using namespace memplan;

namespace {
/// memplan-solve's exit codes.
enum ExitCode {
  ExitSuccess = 0,
  /// The input cannot be read or the output cannot be written.
  ExitIoError = 1,
  /// A malformed input, a bad command line, or a problem whose figures
  /// overflow 64 bits.
  ExitBadInput = 2,
  /// A plan failed its independent check: a bug in memplan.
  ExitInternalError = 3,
  /// With --capacity: the buffers do not fit, and that is proven.
  ExitDoesNotFit = 4,
  /// With --capacity: the time limit came before an answer.
  ExitFitUnknown = 5,
};
} // namespace

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

static cl::opt<double> wallLimit(
    "wall-limit",
    cl::desc("Wall-clock seconds for each strategy's whole run, as a planning "
             "pass's time-limit bounds the pass: past them every strategy "
             "stops, a quick one stacking the buffers it has not placed yet "
             "(0: none)"),
    cl::init(0), cl::value_desc("seconds"), cl::cat(solveCategory));

static cl::opt<uint64_t>
    seed("seed", cl::desc("Seed of strategies that make random choices"),
         cl::init(StrategyOptions().seed), cl::cat(solveCategory));

static cl::opt<unsigned>
    jobs("jobs",
         cl::desc("Threads on which best runs its quick strategies at once (0: "
                  "one per core, 1: one after the other); the plans do not "
                  "depend on it"),
         cl::init(0), cl::value_desc("N"), cl::cat(solveCategory));

static cl::opt<unsigned> parallelMinBuffers(
    "parallel-min-buffers",
    cl::desc("With more than one job, best runs its quick strategies at "
             "once only on problems of at least this many buffers"),
    cl::init(StrategyOptions().parallelFromBuffers), cl::value_desc("N"),
    cl::cat(solveCategory));

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

static cl::opt<ProblemShape> generateShape(
    "generate-shape", cl::desc("The shape of what --generate writes:"),
    cl::values(clEnumValN(ProblemShape::Chain, "chain",
                          "an inference chain, few buffers live at once "
                          "(default)"),
               clEnumValN(ProblemShape::LongLived, "long-lived",
                          "many short buffers and a heavy tail of long "
                          "ones, thousands live at once, sizes from 4 B to "
                          "384 MiB")),
    cl::init(ProblemShape::Chain), cl::cat(solveCategory));

static cl::opt<GeneratedFormat> generateAs(
    "generate-as", cl::desc("What --generate writes:"),
    cl::values(clEnumValN(GeneratedFormat::Csv, "csv",
                          "the problem as CSV (default)"),
               clEnumValN(GeneratedFormat::Mlir, "mlir",
                          "a bufferized MLIR function with these lifetimes, "
                          "to plan with memplan-opt (ProblemMlir.h)")),
    cl::init(GeneratedFormat::Csv), cl::cat(solveCategory));

static cl::opt<bool> listStrategies(
    "list-strategies",
    cl::desc("Print every strategy of both modes, one a line: mode, name and "
             "what it does"),
    cl::cat(solveCategory));

static cl::opt<std::string> sizeHint(
    "size-hint",
    cl::desc("Where sizes name symbols: the values to read the order of the "
             "buffers off a plan at, one for every symbol (128) or by name "
             "(seq=128,batch=1; the others 128)"),
    cl::init("128"), cl::value_desc("values"), cl::cat(solveCategory));

static cl::opt<std::string> sizeRange(
    "size-range",
    cl::desc("Where sizes name symbols: the range of their values over which "
             "the plan's worst ratio to the lower bound is computed"),
    cl::init("1:4096"), cl::value_desc("lowest:highest"),
    cl::cat(solveCategory));

static cl::list<uint64_t> sizePoints(
    "size-points",
    cl::desc("Where sizes name symbols: values (each given to every symbol) "
             "at which to print the plan's slab beside the lower bound, the "
             "naive size and one static plan for the largest of them"),
    cl::CommaSeparated, cl::value_desc("values"), cl::cat(solveCategory));

static cl::opt<std::string> arenasOption(
    "arenas",
    cl::desc("Offsets mode: put the buffers into these arenas, in order of "
             "preference, each NAME:BYTES but the last, which may be "
             "unbounded (sram:262144,psram); each is planned as a slab of "
             "its own (docs/arenas.md)"),
    cl::value_desc("arenas"), cl::cat(solveCategory));

static cl::opt<ArenaChoice> arenaChoice(
    "arena-choice",
    cl::desc("How --arenas chooses the buffers of the arenas before the last"),
    cl::values(clEnumValN(ArenaChoice::Best, "best",
                          "each of the others, keeping the most traffic in "
                          "the first arena (default)"),
               clEnumValN(ArenaChoice::Traffic, "traffic",
                          "the most traffic (the `accessed` column, else the "
                          "size) per byte of the arena's time first"),
               clEnumValN(ArenaChoice::Accessed, "accessed",
                          "the most traffic first"),
               clEnumValN(ArenaChoice::FallThrough, "fall-through",
                          "TVM USMP's rule: the largest first, each into the "
                          "first arena it still fits")),
    cl::init(ArenaChoice::Best), cl::cat(solveCategory));

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

static Expected<PlanKind> parseMode(StringRef name) {
  if (std::optional<PlanKind> kind = parsePlanKind(name))
    return *kind;
  return createStringError("unknown mode '" + name + "'; valid modes: " +
                           getPlanKindName(PlanKind::Offsets) + ", " +
                           getPlanKindName(PlanKind::Objects));
}

/// What the figures of a plan of `kind` measure: "slab" or "objects".
static StringRef getBytesLabel(PlanKind kind) {
  return kind == PlanKind::Offsets ? "slab" : "objects";
}

/// --list-strategies: mode, name and description, aligned.
static int printStrategies() {
  size_t width = 0;
  for (PlanKind kind : {PlanKind::Offsets, PlanKind::Objects})
    for (StringRef name : getStrategyNames(kind))
      width = std::max(width, name.size());
  for (PlanKind kind : {PlanKind::Offsets, PlanKind::Objects})
    for (StringRef name : getStrategyNames(kind))
      outs() << left_justify(getPlanKindName(kind), 7) << "  "
             << left_justify(name, width) << "  "
             << getStrategyDescription(kind, name) << '\n';
  return ExitSuccess;
}

/// `bytes / lowerBound` with three decimals, or "-" when undefined.
static std::string formatRatio(uint64_t bytes, uint64_t lowerBound) {
  if (lowerBound == 0)
    return bytes == 0 ? "1.000" : "-";
  return formatv("{0:F3}", double(bytes) / double(lowerBound)).str();
}

namespace {
/// One strategy's plan and time.
struct Run {
  /// The strategy asked for (under `best`, the plan's outcome names the
  /// winner).
  std::string strategy;
  SlabPlan plan;
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

/// The plan as written: an objects plan is laid out back to back, so that
/// the offset column is a plan too.
static Expected<Plan> getWrittenOffsets(ArrayRef<Buffer> buffers,
                                        const SlabPlan &plan) {
  return layOutBackToBack(buffers, plan);
}

/// The independent check of `plan` and of the offsets written for it.
static Error validate(ArrayRef<Buffer> buffers, const SlabPlan &plan) {
  if (Error error = validateSlabPlan(buffers, plan))
    return error;
  if (plan.kind == PlanKind::Offsets)
    return Error::success();
  Expected<Plan> offsets = getWrittenOffsets(buffers, plan);
  if (!offsets)
    return offsets.takeError();
  return validatePlan(buffers, *offsets);
}

/// Whether `plan` passes the independent check; if not, reports the bug.
static bool isValidPlan(ArrayRef<Buffer> buffers, const SlabPlan &plan,
                        StringRef strategy, StringRef displayName) {
  Error error = validate(buffers, plan);
  if (!error)
    return true;
  fail(ExitInternalError,
       "internal error (a bug in memplan): the plan of strategy " + strategy +
           " for " + displayName +
           " fails validation: " + toString(std::move(error)));
  return false;
}

/// The naive slab for people: every buffer on its own needs more than 64
/// bits can count in some problems that a strategy still plans.
static std::string formatNaive(std::optional<uint64_t> naive) {
  return naive ? utostr(*naive) + " bytes" : "more than 64 bits can count";
}

static void printSummary(raw_ostream &os, PlanKind kind, const Run &run,
                         uint64_t lowerBound, std::optional<uint64_t> naive) {
  std::string strategy = run.strategy;
  if (!run.plan.details.empty())
    strategy += " (" + run.plan.details + ")";
  uint64_t bytes = run.plan.getTotalSize();
  std::string bytesLabel = (getBytesLabel(kind) + ":").str();
  auto row = [&](StringRef label, const Twine &value) {
    printRow(os, label, value);
  };
  row("strategy:", strategy);
  row(bytesLabel, Twine(bytes) + " bytes");
  row("lower bound:", Twine(lowerBound) + " bytes");
  row("naive:", formatNaive(naive));
  row("ratio:", formatRatio(bytes, lowerBound) + " (" + getBytesLabel(kind) +
                    " / lower bound)");
  // What is proven: the bound, or more where a search proved it.
  uint64_t proven =
      std::min(bytes, std::max(lowerBound, run.plan.outcome.provenBound));
  row("proven gap:", proven == bytes ? Twine("0 bytes (proven optimal)")
                                     : "at most " + Twine(bytes - proven) +
                                           " bytes over the optimum");
  row("time:", formatMillis(run.seconds) + " ms");
}

/// One row per strategy, then the lower bound and naive, aligned.
static void printTable(raw_ostream &os, PlanKind kind, ArrayRef<Run> runs,
                       uint64_t lowerBound, std::optional<uint64_t> naive) {
  using Row = SmallVector<std::string, 5>;
  SmallVector<Row, 0> rows;
  rows.push_back({"strategy", (getBytesLabel(kind) + " bytes").str(),
                  "/ lower bound", "time ms", "details"});
  for (const Run &run : runs) {
    uint64_t bytes = run.plan.getTotalSize();
    rows.push_back({run.strategy, utostr(bytes), formatRatio(bytes, lowerBound),
                    formatMillis(run.seconds), run.plan.details});
  }
  rows.push_back({"(lower bound)", utostr(lowerBound),
                  formatRatio(lowerBound, lowerBound), "", ""});
  rows.push_back({"(naive)", naive ? utostr(*naive) : "over 64 bits",
                  naive ? formatRatio(*naive, lowerBound) : "", "", ""});

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
  std::string name = outputFile.empty() ? std::string("the standard output")
                                        : "'" + outputFile + "'";
  if (error)
    return fail(ExitIoError, "cannot write " + name + ": " + error.message());
  write(output.os());
  output.os().flush();
  if (std::error_code failed = output.os().error()) {
    // Said here: left set, the stream would abort as it closes.
    output.os().clear_error();
    return fail(ExitIoError, "cannot write " + name + ": " + failed.message());
  }
  output.keep();
  return ExitSuccess;
}

/// Writes `plan`, which passed isValidPlan, to -o or stdout; the exit code.
static int writePlan(const CsvProblem &problem, const SlabPlan &plan) {
  return writeOutput([&](raw_ostream &os) {
    if (plan.kind == PlanKind::Offsets) {
      writeOffsetsCsv(os, problem, plan.offsets);
      return;
    }
    // isValidPlan laid it out already, so this cannot fail.
    Plan offsets = cantFail(getWrittenOffsets(problem.buffers, plan));
    writeObjectsCsv(os, problem, plan.slabOf, offsets.offsets);
  });
}

/// --heapmap: draws `plan`; the exit code.
static int writeHeapMap(const CsvProblem &problem, const SlabPlan &plan,
                        uint64_t lowerBound, const Twine &title) {
  std::error_code error;
  ToolOutputFile output(heapMapFile, error, sys::fs::OF_Text);
  if (!error) {
    HeapMapPicture picture =
        makeSolutionHeapMap(problem, plan, lowerBound, title.str());
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
  SmallVector<Buffer> buffers = generateProblem(generate, seed, generateShape);
  return writeOutput([&](raw_ostream &os) {
    if (generateAs == GeneratedFormat::Mlir)
      writeProblemMlir(os, buffers);
    else
      writeProblemCsv(os, buffers);
  });
}

/// --capacity: does the problem fit? A plan is written only if it does.
static int runCapacity(const CsvProblem &problem, StringRef displayName,
                       uint64_t lowerBound, std::optional<uint64_t> naive) {
  auto begin = std::chrono::steady_clock::now();
  Expected<CapacityFit> fit = fitCapacity(problem.buffers, PlanKind::Offsets,
                                          std::nullopt, capacity, timeLimit);
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - begin;
  if (!fit)
    return fail(ExitBadInput,
                displayName + ": strategy exact: " + toString(fit.takeError()));
  StringRef answer = fit->answer == CapacityAnswer::Fits ? "fits"
                     : fit->answer == CapacityAnswer::DoesNotFit
                         ? "does not fit (proven)"
                         : "unknown (time limit)";
  errs() << displayName << ": " << problem.buffers.size()
         << " buffers, offsets mode\n";
  auto row = [&](StringRef label, const Twine &value) {
    printRow(errs(), label, value);
  };
  row("strategy:", "exact (" + fit->account + ")");
  row("capacity:", Twine(capacity.getValue()) + " bytes: " + answer);
  if (fit->plan)
    row("slab:", Twine(fit->plan->getTotalSize()) + " bytes");
  row("lower bound:",
      Twine(fit->lowerBound) + " bytes (live: " + Twine(lowerBound) + ")");
  row("naive:", formatNaive(naive));
  row("time:", formatMillis(elapsed.count()) + " ms");
  if (fit->answer == CapacityAnswer::DoesNotFit)
    return ExitDoesNotFit;
  if (fit->answer == CapacityAnswer::Unknown)
    return ExitFitUnknown;

  if (!isValidPlan(problem.buffers, *fit->plan, "exact", displayName))
    return ExitInternalError;
  return writePlan(problem, *fit->plan);
}

/// The values of --size-hint for `symbols`: one number for all, or
/// NAME=VALUE pairs, the others 128.
static Expected<SmallVector<uint64_t>>
parseSizeHint(StringRef text, ArrayRef<std::string> symbols) {
  constexpr uint64_t kDefaultHint = 128;
  uint64_t all;
  if (!text.getAsInteger(10, all))
    return SmallVector<uint64_t>(symbols.size(), all);
  SmallVector<uint64_t> values(symbols.size(), kDefaultHint);
  SmallVector<StringRef> pairs;
  text.split(pairs, ',');
  for (StringRef pair : pairs) {
    auto [name, value] = pair.split('=');
    const auto *symbol = find(symbols, name.trim());
    uint64_t number;
    if (symbol == symbols.end() || value.trim().getAsInteger(10, number))
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "--size-hint: '" + pair + "' is not NAME=VALUE for a symbol of " +
              "the problem (" + join(symbols, ", ") + ")");
    values[symbol - symbols.begin()] = number;
  }
  return values;
}

/// Plans a problem whose sizes name symbols into one plan valid for every
/// value of them (SymbolicPlan.h), prints its figures and writes it with
/// the buffers below each and the offsets at the hint.
static int solveSymbolic(const CsvProblem &problem, StringRef displayName,
                         StringRef strategyName,
                         const StrategyOptions &options) {
  SymbolicProblem symbolic{problem.symbols, problem.buffers,
                           problem.symbolicSizes};
  Expected<SmallVector<uint64_t>> hint =
      parseSizeHint(sizeHint, problem.symbols);
  if (!hint)
    return fail(ExitBadInput, toString(hint.takeError()));
  Expected<std::pair<uint64_t, uint64_t>> range = parseSizeRange(sizeRange);
  if (!range)
    return fail(ExitBadInput, "--size-range: " + toString(range.takeError()));
  auto [lowest, highest] = *range;
  unsigned numSymbols = problem.symbols.size();
  SmallVector<SmallVector<uint64_t>> samples =
      getSamplePoints(numSymbols, lowest, highest);
  SmallVector<SmallVector<uint64_t>> candidates =
      getCandidatePoints(*hint, samples);

  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(strategyName, options);
  assert(strategy && "the name comes from the registry");
  Expected<SymbolicPlan> plan =
      planSymbolically(symbolic, *strategy, candidates, samples);
  if (!plan)
    return fail(ExitBadInput, displayName + ": strategy " + strategyName +
                                  ": " + toString(plan.takeError()));
  // Nothing is written unless the plan holds for every value and at the
  // hint.
  Expected<SmallVector<Buffer>> atHint = symbolic.instantiate(*hint);
  if (!atHint)
    return fail(ExitBadInput,
                displayName + ": " + toString(atHint.takeError()));
  Expected<Plan> placed = evaluateSymbolicPlan(symbolic, *plan, *hint);
  if (!placed)
    return fail(ExitBadInput,
                displayName + ": " + toString(placed.takeError()));
  Error invalid = joinErrors(validateSymbolicPlan(symbolic, *plan),
                             validatePlan(*atHint, *placed));
  if (invalid)
    return fail(ExitInternalError,
                displayName + ": the plan of " + strategyName +
                    " is invalid: " + toString(std::move(invalid)));
  Expected<uint64_t> bound = computeLowerBound(PlanKind::Offsets, *atHint);
  if (!bound)
    return fail(ExitBadInput,
                displayName + ": lower bound: " + toString(bound.takeError()));

  SmallVector<std::string> at;
  for (auto [name, value] : zip_equal(problem.symbols, *hint))
    at.push_back(name + "=" + std::to_string(value));
  errs() << displayName << ": " << problem.buffers.size()
         << " buffers, offsets mode, sizes over " << join(problem.symbols, ", ")
         << "\n";
  printRow(errs(), "strategy:", strategyName + " (" + plan->details + ")");
  std::optional<SlabFormula> formula = getSlabFormula(symbolic, *plan);
  printRow(errs(), "slab:",
           formula ? formula->describeBytes(problem.symbols)
                   : "no short formula (see the hint and the range)");
  printRow(errs(), "at the hint:",
           formatv("{0} bytes at {1}; lower bound {2}; ratio {3}",
                   placed->slabSize, join(at, ", "), *bound,
                   formatRatio(placed->slabSize, *bound)));
  printRow(errs(), "worst ratio:",
           formatv("{0:F3} over {1}:{2} ({3} points)", *plan->worstRatio,
                   lowest, highest, samples.size()));
  printRow(errs(), "edges:",
           Twine(plan->getNumEdges()) +
               " (the run-time maxima of the offsets)");
  if (!sizePoints.empty()) {
    // What a static plan takes for every value up to the largest point:
    // the strategy's plan there.
    uint64_t largest = *llvm::max_element(sizePoints);
    Expected<SmallVector<Buffer>> atLargest =
        symbolic.instantiate(SmallVector<uint64_t>(numSymbols, largest));
    Expected<Plan> upperBound = atLargest
                                    ? strategy->plan(*atLargest)
                                    : Expected<Plan>(atLargest.takeError());
    if (!upperBound)
      return fail(ExitBadInput,
                  displayName + ": " + toString(upperBound.takeError()));
    for (uint64_t point : sizePoints) {
      SmallVector<uint64_t> values(numSymbols, point);
      Expected<SmallVector<Buffer>> buffers = symbolic.instantiate(values);
      Expected<Plan> placed =
          buffers ? evaluateSymbolicPlan(symbolic, *plan, values)
                  : Expected<Plan>(buffers.takeError());
      if (!placed)
        return fail(ExitBadInput,
                    displayName + ": " + toString(placed.takeError()));
      Expected<uint64_t> pointBound =
          computeLowerBound(PlanKind::Offsets, *buffers);
      Expected<uint64_t> naive = computeNaiveSize(PlanKind::Offsets, *buffers);
      if (!pointBound || !naive)
        return fail(
            ExitBadInput,
            displayName + ": " +
                toString(joinErrors(
                    pointBound ? Error::success() : pointBound.takeError(),
                    naive ? Error::success() : naive.takeError())));
      printRow(errs(), ("at " + Twine(point) + ":").str(),
               formatv("slab {0} bytes; lower bound {1}; ratio {2}; naive "
                       "{3}; static plan at {4}: {5}",
                       placed->slabSize, *pointBound,
                       formatRatio(placed->slabSize, *pointBound), *naive,
                       largest, upperBound->slabSize));
    }
  }
  return writeOutput([&](raw_ostream &os) {
    writeSymbolicPlanCsv(os, problem, plan->below, placed->offsets);
  });
}

/// --arenas: puts the buffers into the arenas as --arena-choice says, plans
/// each, prints what each holds beside what the other choice and the bound
/// keep in the first, and writes each buffer's arena and offset.
static int solveArenas(const CsvProblem &problem, StringRef displayName,
                       StringRef strategyName, const StrategyOptions &options) {
  Expected<SmallVector<ArenaSpec>> arenas = parseArenaSpecs(arenasOption);
  if (!arenas)
    return fail(ExitBadInput, "--arenas: " + toString(arenas.takeError()));
  Expected<std::optional<SmallVector<uint64_t>>> accessed =
      readNumberColumn(problem, "accessed");
  if (!accessed)
    return fail(ExitBadInput,
                displayName + ": " + toString(accessed.takeError()));
  // Without the column, each byte counts once.
  SmallVector<uint64_t> traffic;
  if (*accessed)
    traffic = std::move(**accessed);
  else
    for (const Buffer &buffer : problem.buffers)
      traffic.push_back(buffer.size);
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(strategyName, options);
  assert(strategy && "the name comes from the registry");
  Expected<ArenaComparison> comparison = compareArenaChoices(
      problem.buffers, traffic, *arenas, *strategy, arenaChoice);
  if (!comparison)
    return fail(ExitBadInput,
                displayName + ": " + toString(comparison.takeError()));
  const ArenaAssignment &chosen = comparison->chosen;
  // Nothing is written unless each arena's plan holds.
  if (Error invalid = validateSlabPlan(problem.buffers,
                                       toSlabPlan(problem.buffers, chosen)))
    return fail(ExitInternalError, displayName +
                                       ": the plan of the arenas is invalid: " +
                                       toString(std::move(invalid)));
  uint64_t total = 0;
  for (uint64_t bytes : traffic)
    total = checkedAdd(total, bytes).value_or(UINT64_MAX);
  errs() << displayName << ": " << problem.buffers.size()
         << " buffers, offsets mode, " << arenas->size() << " arenas, "
         << (*accessed ? "traffic from the accessed column"
                       : "each byte counted once (no accessed column)")
         << "\n";
  printRow(errs(), "strategy:", strategyName);
  for (auto [arena, spec] : enumerate(*arenas))
    printRow(errs(), (spec.name + ":").c_str(),
             formatv("{0} buffers, {1} bytes{2}; traffic {3} of {4}",
                     chosen.members[arena].size(), chosen.plans[arena].slabSize,
                     spec.capacity ? formatv(" of {0}", *spec.capacity).str()
                                   : std::string(),
                     chosen.traffic[arena], total));
  if (arenas->size() > 1 && arenas->front().capacity) {
    printRow(errs(), "first arena:",
             formatv("traffic {0} by {1}, {2} by fall-through; no choice "
                     "above {3}",
                     chosen.traffic.front(), getArenaChoiceName(arenaChoice),
                     comparison->fallThroughTraffic.front(),
                     *comparison->bound.front()));
  }
  SmallVector<std::string> arenaOf;
  SmallVector<uint64_t> offsets(problem.buffers.size(), 0);
  for (unsigned buffer : chosen.arenaOf)
    arenaOf.push_back((*arenas)[buffer].name);
  for (auto [arena, members] : enumerate(chosen.members))
    for (auto [index, buffer] : enumerate(members))
      offsets[buffer] = chosen.plans[arena].offsets[index];
  return writeOutput([&](raw_ostream &os) {
    writeArenaPlanCsv(os, problem, arenaOf, offsets);
  });
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
  if (listStrategies)
    return printStrategies();
  if (inputFile.empty())
    return fail(ExitBadInput, "no input file (or --generate=N)");

  Expected<PlanKind> kind = parseMode(modeName);
  if (!kind)
    return fail(ExitBadInput, toString(kind.takeError()));

  // The registry decides the default, so it follows strategies as they are
  // added.
  ArrayRef<StringRef> names = getStrategyNames(*kind);
  std::string chosen = strategyName;
  if (chosen.empty())
    chosen = is_contained(names, "best")          ? "best"
             : is_contained(names, "greedy-size") ? "greedy-size"
                                                  : names.front().str();
  bool runAll = chosen == "all";
  if (!runAll && !is_contained(names, chosen))
    return fail(ExitBadInput, "unknown strategy '" + chosen + "' for mode " +
                                  getPlanKindName(*kind) +
                                  "; valid strategies: " + join(names, ", ") +
                                  ", all");
  if (!(timeLimit >= 0))
    return fail(ExitBadInput, "--time-limit must be a number of seconds >= 0");
  if (!(wallLimit >= 0))
    return fail(ExitBadInput, "--wall-limit must be a number of seconds >= 0");

  bool decideCapacity = capacity.getNumOccurrences() != 0;
  if (decideCapacity && (*kind != PlanKind::Offsets ||
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
      readProblemCsv((*input)->getBuffer(), displayName, CsvSizes::Symbolic);
  if (!problem)
    return failInput(problem.takeError());
  ArrayRef<Buffer> buffers = problem->buffers;

  if (problem->hasSymbolicSizes() && decideCapacity)
    return fail(ExitBadInput, "--capacity takes sizes in bytes, not over "
                              "symbols");
  Expected<uint64_t> lowerBound = computeLowerBound(*kind, buffers);
  if (!lowerBound)
    return fail(ExitBadInput, displayName + ": lower bound: " +
                                  toString(lowerBound.takeError()));
  // Only a figure: buffers whose sum overflows may still share bytes enough.
  std::optional<uint64_t> naive;
  if (Expected<uint64_t> size = computeNaiveSize(*kind, buffers))
    naive = *size;
  else
    consumeError(size.takeError());

  if (decideCapacity)
    return runCapacity(*problem, displayName, *lowerBound, naive);

  StrategyOptions options;
  options.timeLimitSeconds = timeLimit;
  options.seed = seed;
  // As a pass hands best mlir::parallelFor: LLVM's pool, sized once here.
  llvm::parallel::strategy = llvm::hardware_concurrency(jobs);
  if (llvm::parallel::strategy.compute_thread_count() > 1) {
    options.parallelFor = [](size_t count, function_ref<void(size_t)> body) {
      llvm::parallelFor(0, count, body);
    };
    options.parallelFromBuffers = parallelMinBuffers;
  }
  if (!arenasOption.empty()) {
    if (*kind != PlanKind::Offsets || runAll || !heapMapFile.empty() ||
        problem->hasSymbolicSizes() || decideCapacity)
      return fail(ExitBadInput,
                  "--arenas plans sizes in bytes in offsets mode by one "
                  "strategy, without --heapmap or --capacity");
    options.deadline = Deadline::after(wallLimit);
    return solveArenas(*problem, displayName, chosen, options);
  }
  if (problem->hasSymbolicSizes()) {
    if (*kind != PlanKind::Offsets || runAll || !heapMapFile.empty())
      return fail(ExitBadInput,
                  "sizes over symbols are planned in offsets mode by one "
                  "strategy, without --heapmap");
    options.deadline = Deadline::after(wallLimit);
    return solveSymbolic(*problem, displayName, chosen, options);
  }

  SmallVector<StringRef> toRun;
  if (runAll)
    toRun.assign(names.begin(), names.end());
  else
    toRun.push_back(chosen);

  SmallVector<Run, 0> runs;
  for (StringRef name : toRun) {
    // Each strategy's deadline counts from its own start.
    options.deadline = Deadline::after(wallLimit);
    std::unique_ptr<Planner> planner = createPlanner(*kind, name, options);
    assert(planner && "the names come from the registry");
    auto begin = std::chrono::steady_clock::now();
    Expected<SlabPlan> plan = planner->plan(buffers);
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - begin;
    if (!plan)
      return fail(ExitBadInput, displayName + ": strategy " + name + ": " +
                                    toString(plan.takeError()));
    // Nothing is written unless every plan passes its check.
    if (!isValidPlan(buffers, *plan, name, displayName))
      return ExitInternalError;
    runs.push_back({name.str(), std::move(*plan), elapsed.count()});
  }

  errs() << displayName << ": " << buffers.size() << " buffers, "
         << getPlanKindName(*kind) << " mode\n";
  if (runAll)
    printTable(errs(), *kind, runs, *lowerBound, naive);
  else
    printSummary(errs(), *kind, runs.front(), *lowerBound, naive);

  // Under --strategy=all a plan is written only to -o: the best one, the
  // earlier strategy winning a tie.
  const Run *toWrite = &runs.front();
  if (runAll) {
    if (outputFile.empty() && heapMapFile.empty())
      return ExitSuccess;
    for (const Run &run : runs)
      if (run.plan.getTotalSize() < toWrite->plan.getTotalSize())
        toWrite = &run;
    errs() << (outputFile.empty() ? "drawing" : "writing") << " the plan of "
           << toWrite->strategy << '\n';
  }

  if (!heapMapFile.empty())
    if (int code = writeHeapMap(*problem, toWrite->plan, *lowerBound,
                                displayName + ": " + toWrite->strategy + ", " +
                                    getPlanKindName(*kind) + " mode"))
      return code;
  if (runAll && outputFile.empty())
    return ExitSuccess;
  return writePlan(*problem, toWrite->plan);
}
