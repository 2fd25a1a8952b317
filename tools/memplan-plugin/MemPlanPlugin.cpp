//===- MemPlanPlugin.cpp - memplan's passes for a stock mlir-opt ----------===//
//
// A pass plugin: `mlir-opt --load-pass-plugin=MemPlanPlugin.so` registers
// memplan's passes with the mlir-opt it is loaded into, which can then run
// them in `--pass-pipeline="builtin.module(memplan-offsets{...})"`. The
// plugin links the shared libMLIR and libLLVM that mlir-opt uses, so the pass
// registry, the dialects and the command line are mlir-opt's own.
//
//===----------------------------------------------------------------------===//

#include "memplan/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/Compiler.h"

static void registerPlugin() {
  // A tool may have memplan's passes already: memplan-opt links them in, and
  // mlir-opt calls this again when the plugin is given twice. MLIR aborts
  // when a pass name is registered a second time by another copy of the
  // pass, so the passes are registered only if the tool does not have them.
  if (!mlir::PassInfo::lookup(memplan::createMemPlanOffsets()->getArgument()))
    memplan::registerMemPlanPasses();
  // mlir-opt parses -mlir-pass-statistics after it has loaded the plugin, so
  // whether to print memplan's own report is decided when a pass finishes.
  memplan::enableStatisticsFallbackOnFlag();
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemPlan", "0.1", registerPlugin};
}
