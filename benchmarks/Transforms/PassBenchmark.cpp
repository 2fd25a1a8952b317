//===- PassBenchmark.cpp - The passes on large and real programs ----------===//
//
// Google Benchmark cases for the analysis and rewrite of memplan's passes,
// each on a fresh clone of a parsed module (the clone is not timed):
//
//   generated/<pass>/<n>          a function of n allocations written by
//                                 writeProblemMlir from a generated problem
//   buddy/<model>/<pass>          a bundled buddy model, bufferized once
//   buddy/<model>/one-shot-bufferize
//                                 upstream bufferization of the same model,
//                                 so that the two can be compared in one run
//   nelli/<model>/one-shot-bufferize, nelli/<model>/memplan-offsets-best
//                                 the same for every bundled nelli model,
//                                 with the pass's default only
//
// In one process, after a first run, the passes are timed as a compiler that
// links them runs them: without the page faults of their first run's code
// and the dynamic linker's binding of the MLIR functions they call, which a
// process pays once (memplan-opt -mlir-timing counts them in the pass).
//
// Passes run single-threaded, with greedy-size unless the name says
// otherwise ("memplan-offsets-best" runs the pass's default, best, whose
// search spends up to its time limit).
//
//===----------------------------------------------------------------------===//

#include "memplan/Tooling/ProblemGenerator.h"
#include "memplan/Tooling/ProblemMlir.h"
#include "memplan/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

#include <benchmark/benchmark.h>

using namespace mlir;

namespace {

constexpr unsigned kGeneratedSizes[] = {1000, 10000, 100000};
constexpr const char *kBuddyModels[] = {"bert", "deepseek_r1_distill_decode",
                                        "llama_7b_decoder", "resnet18_tosa"};
/// Every model of models/<collection>, by name, in order.
std::vector<std::string> listModels(llvm::StringRef collection) {
  std::vector<std::string> names;
  std::error_code error;
  std::string dir = (MEMPLAN_MODELS_DIR "/" + collection).str();
  for (llvm::sys::fs::directory_iterator it(dir, error), end;
       !error && it != end; it.increment(error)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    if (file.consume_back(".mlir"))
      names.push_back(file.str());
  }
  llvm::sort(names);
  return names;
}

/// What scripts/models.py and scripts/plan-model.sh run before planning;
/// the bufferization itself is timed on its own.
/// Pipelines are given as the passes of a module pass manager.
constexpr const char *kBeforeBufferize =
    "convert-elementwise-to-linalg, canonicalize, cse";
constexpr const char *kBufferize =
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map}";
constexpr const char *kAfterBufferize = "canonicalize, cse";

struct PassCase {
  const char *name;
  const char *pipeline;
};
constexpr PassCase kPasses[] = {
    {"memplan-offsets", "memplan-offsets{strategy=greedy-size}"},
    {"memplan-shared-objects", "memplan-shared-objects{strategy=greedy-size}"},
};
constexpr PassCase kBestPass = {"memplan-offsets-best", "memplan-offsets"};

MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    auto *context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    return context;
  }();
  return *context;
}

/// A pass manager for `pipeline` on modules. The verifier's time is the
/// IR's, not the pass's: it is left out of every case alike.
std::unique_ptr<PassManager> makePassManager(llvm::StringRef pipeline) {
  auto pm = std::make_unique<PassManager>(&getContext());
  pm->enableVerifier(false);
  if (failed(parsePassPipeline(pipeline, *pm, llvm::errs())))
    return nullptr;
  return pm;
}

LogicalResult runPipeline(ModuleOp module, llvm::StringRef pipeline) {
  std::unique_ptr<PassManager> pm = makePassManager(pipeline);
  return success(pm && succeeded(pm->run(module)));
}

/// Times `pipeline` on clones of `module`; the pass manager is made once.
void benchmarkPipeline(benchmark::State &state, ModuleOp module,
                       llvm::StringRef pipeline, int64_t items) {
  std::unique_ptr<PassManager> pm = makePassManager(pipeline);
  if (!pm) {
    state.SkipWithError("the pipeline does not parse");
    return;
  }
  for (auto _ : state) {
    state.PauseTiming();
    OwningOpRef<ModuleOp> clone = module.clone();
    state.ResumeTiming();
    if (failed(pm->run(*clone))) {
      state.SkipWithError("the pipeline failed");
      return;
    }
    state.PauseTiming();
    clone = nullptr;
    state.ResumeTiming();
  }
  if (items)
    state.SetItemsProcessed(int64_t(state.iterations()) * items);
}

/// Modules are parsed and prepared on first use, so that a filtered run
/// prepares only what it times, and kept for every later case.
llvm::StringMap<OwningOpRef<ModuleOp>> &getModules() {
  static llvm::StringMap<OwningOpRef<ModuleOp>> modules;
  return modules;
}

/// The generated function of `n` allocations, or null if it does not parse.
ModuleOp getGeneratedModule(unsigned n) {
  OwningOpRef<ModuleOp> &module =
      getModules()["generated/" + std::to_string(n)];
  if (!module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    memplan::writeProblemMlir(os, memplan::generateProblem(n, /*seed=*/1));
    module = parseSourceString<ModuleOp>(text, &getContext());
  }
  return module ? *module : ModuleOp();
}

/// A bundled model, models/<collection>/<model>.mlir, ready for
/// one-shot-bufferize (`bufferized` false) or bufferized and ready for
/// planning, or null if that fails.
ModuleOp getModel(llvm::StringRef collection, llvm::StringRef model,
                  bool bufferized) {
  std::string key = (collection + "/" + model).str();
  OwningOpRef<ModuleOp> &before = getModules()[key];
  if (!before) {
    std::string path = (MEMPLAN_MODELS_DIR "/" + key + ".mlir");
    before = parseSourceFile<ModuleOp>(path, &getContext());
    if (before && failed(runPipeline(*before, kBeforeBufferize)))
      before = nullptr;
  }
  if (!before || !bufferized)
    return before ? *before : ModuleOp();
  OwningOpRef<ModuleOp> &after = getModules()[key + "/bufferized"];
  if (!after) {
    after = before->clone();
    if (failed(runPipeline(*after, kBufferize)) ||
        failed(runPipeline(*after, kAfterBufferize)))
      after = nullptr;
  }
  return after ? *after : ModuleOp();
}

/// Times `pipeline` on clones of the module `prepare` returns.
template <typename Prepare>
void registerCase(const std::string &name, Prepare prepare,
                  llvm::StringRef pipeline, int64_t items) {
  benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State &state) {
    ModuleOp module = prepare();
    if (!module) {
      state.SkipWithError("cannot prepare the program");
      return;
    }
    benchmarkPipeline(state, module, pipeline, items);
  })->Unit(benchmark::kMillisecond);
}

void registerBenchmarks() {
  for (unsigned n : kGeneratedSizes)
    for (const PassCase &pass : kPasses)
      registerCase(
          "generated/" + std::string(pass.name) + "/" + std::to_string(n),
          [n] { return getGeneratedModule(n); }, pass.pipeline, n);
  auto registerModel = [](llvm::StringRef collection, std::string model,
                          bool allPasses) {
    std::string prefix = (collection + "/" + model + "/").str();
    registerCase(
        prefix + "one-shot-bufferize",
        [=] { return getModel(collection, model, /*bufferized=*/false); },
        kBufferize, 0);
    auto bufferized = [=] {
      return getModel(collection, model, /*bufferized=*/true);
    };
    if (allPasses)
      for (const PassCase &pass : kPasses)
        registerCase(prefix + pass.name, bufferized, pass.pipeline, 0);
    registerCase(prefix + kBestPass.name, bufferized, kBestPass.pipeline, 0);
  };
  for (llvm::StringRef model : kBuddyModels)
    registerModel("buddy", model.str(), /*allPasses=*/true);
  for (const std::string &model : listModels("nelli"))
    registerModel("nelli", model, /*allPasses=*/false);
}

} // namespace

int main(int argc, char **argv) {
  registerAllPasses();
  memplan::registerMemPlanPasses();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  registerBenchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
