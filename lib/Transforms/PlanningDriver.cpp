//===- PlanningDriver.cpp - What every planning pass does -----------------===//

#include "PlanningDriver.h"
#include "ModuleSchedule.h"

#include "HeapMapOutput.h"
#include "ModuleBuffers.h"
#include "ModulePlan.h"
#include "PlanExchange.h"
#include "PlanReport.h"
#include "SlabHeader.h"
#include "SlabPlacement.h"
#include "SlabRewrite.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/Debug.h"

#include <optional>

#define DEBUG_TYPE "memplan-planning"

using namespace mlir;

namespace memplan {

namespace {

/// One run of a planning pass: what it has to say when it is done.
class PlanningRun {
public:
  explicit PlanningRun(const PlanningOptions &options)
      : options(options), heapMaps(options.heapMapPath) {
    if (!options.reportFile.empty())
      report.emplace(options);
    if (!options.headerFile.empty())
      header.emplace(options);
  }

  /// Plans `buffers`, found in `module`, and rewrites them once every plan
  /// is valid.
  FailureOr<PlanFigures> planAndRewrite(ModuleOp module,
                                        const ModuleBuffers &buffers,
                                        SlabPlacer &placer,
                                        ArrayRef<AppliedPlan> applied = {}) {
    FailureOr<ModulePlan> plan = planModule(buffers, options, placer, applied);
    if (failed(plan))
      return failure();
    if (report)
      report->add(buffers, *plan);
    if (heapMaps.isEnabled())
      heapMaps.add(buffers, *plan,
                   options.passArgument + ", " + options.strategy);
    unsigned runTimeOps = rewriteModule(module, buffers, *plan);
    // After the rewrite, which adds the arguments the header names.
    if (header)
      header->add(buffers, *plan);
    PlanFigures figures = plan->getTotalFigures();
    figures.runTimeSizeOps += runTimeOps;
    return figures;
  }

  /// Writes the report and the heap maps.
  LogicalResult finish(ModuleOp module) {
    if (failed(heapMaps.write(module, options.passArgument)))
      return failure();
    if (report)
      if (llvm::Error error = report->write(options.reportFile))
        return emitError(module.getLoc()) << options.passArgument << ": "
                                          << llvm::toString(std::move(error));
    if (header)
      if (llvm::Error error = header->write(options.headerFile))
        return emitError(module.getLoc()) << options.passArgument << ": "
                                          << llvm::toString(std::move(error));
    return success();
  }

private:
  const PlanningOptions &options;
  std::optional<PlanReport> report;
  std::optional<SlabHeader> header;
  HeapMapOutput heapMaps;
};

/// Plans and rewrites `module` in the order where its slabs live asks for
/// (plansCalleesFirst): every function at once; or, where callers pass their
/// callees' slabs, one function at a time, callees first, each passing its
/// arenas to its callers' calls before they are planned, on a copy of the
/// module that replaces it only if every function went well. With
/// `apply=`, which slab=argument refuses, the plans are read for the one
/// step.
FailureOr<PlanFigures> planAndRewriteInOrder(ModuleOp module,
                                             const PlanningOptions &options,
                                             PlanningRun &run) {
  bool calleesFirst = plansCalleesFirst(options.slab);
  OwningOpRef<ModuleOp> copy;
  if (calleesFirst)
    copy = module.clone();
  ModuleOp target = calleesFirst ? *copy : module;
  SlabPlacer placer(target, options.slab, options.passArgument);
  // The functions planned together, in order; null stands for all.
  std::vector<Operation *> steps = {nullptr};
  if (calleesFirst)
    steps = findFunctionsCalleesFirst(target);
  PlanFigures total;
  bool failedAny = false;
  for (Operation *only : steps) {
    auto func = dyn_cast_if_present<FunctionOpInterface>(only);
    unsigned numArguments = func ? func.getNumArguments() : 0;
    ModuleBuffers buffers = analyzeModule(
        target, SpaceLimits::fromOptions(options),
        func ? function_ref<bool(FunctionOpInterface)>(
                   [&](FunctionOpInterface other) { return other == func; })
             : nullptr,
        [&](FunctionOpInterface function) {
          return whyNoRunTimeSizedSlab(placer.getPlacement(function));
        });
    std::vector<AppliedPlan> applied;
    if (!options.applyFile.empty()) {
      llvm::Expected<std::vector<AppliedPlan>> plans =
          loadAppliedPlans(options.applyFile, buffers.spaces);
      if (!plans)
        return emitError(module.getLoc()) << options.passArgument << ": "
                                          << llvm::toString(plans.takeError());
      applied = std::move(*plans);
    }
    FailureOr<PlanFigures> figures =
        run.planAndRewrite(target, buffers, placer, applied);
    if (failed(figures)) {
      failedAny = true;
      continue;
    }
    total += *figures;
    if (func)
      passArenasToCallees(target, func, numArguments);
  }
  if (failedAny)
    return failure();
  if (copy)
    module.getBodyRegion().takeBody(copy->getBodyRegion());
  return total;
}

/// A call to a C heap function, as finalize-memref-to-llvm leaves in place
/// of memref.alloc, or null.
Operation *findHeapCall(ModuleOp module) {
  Operation *found = nullptr;
  module->walk([&](CallOpInterface call) {
    auto callee =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (!callee)
      return WalkResult::advance();
    StringRef name = callee.getLeafReference().getValue();
    if (!llvm::is_contained({"malloc", "calloc", "aligned_alloc",
                             "_mlir_memref_to_llvm_alloc",
                             "_mlir_memref_to_llvm_aligned_alloc"},
                            name))
      return WalkResult::advance();
    found = call;
    return WalkResult::interrupt();
  });
  return found;
}

} // namespace

FailureOr<PlanFigures> runPlanning(ModuleOp module,
                                   const PlanningOptions &givenOptions) {
  // The time limit bounds the whole run: analysis, every function and space
  // and every strategy, from now.
  PlanningOptions options = givenOptions;
  options.deadline = Deadline::after(options.timeLimitSeconds);
  auto fail = [&](const Twine &message) {
    emitError(module.getLoc()) << message;
    return failure();
  };
  if (std::string problem = checkPlanningOptions(options); !problem.empty())
    return fail(problem);
  bool applying = !options.applyFile.empty();
  if (applying && options.kind != PlanKind::Offsets)
    return fail(options.passArgument + ": apply is for memplan-offsets only");
  // The plan file describes the module as exported; the arenas that
  // slab=argument adds change the callers' problems before they are planned.
  if (applying && options.slab == SlabKind::Argument)
    return fail(options.passArgument +
                ": apply cannot be used with slab=argument");

  if (OrderKind order = *parseOrderKind(options.schedule);
      order != OrderKind::Keep) {
    ScheduleRequest request;
    request.options.kind = order;
    // Reordering comes first and may take the whole limit; planning then
    // keeps only its quick strategies.
    request.options.timeLimitSeconds = options.timeLimitSeconds;
    request.options.deadline = options.deadline;
    request.limits = SpaceLimits::fromOptions(options);
    request.splitLives = options.splitLives;
    request.summary = options.summary;
    request.passArgument = options.passArgument;
    (void)scheduleModule(module, request);
  }

  PlanningRun run(options);
  FailureOr<PlanFigures> figures = planAndRewriteInOrder(module, options, run);
  if (failed(figures) || failed(run.finish(module)))
    return failure();
  // Run too late in a pipeline, the pass finds nothing and would say
  // nothing: the heap calls tell where it should have run.
  if (!figures->buffers)
    if (Operation *call = findHeapCall(module))
      emitWarning(call->getLoc())
          << options.passArgument
          << ": no memref.alloc is left to plan, but the heap is still "
             "called here: memplan plans memref.alloc, so it runs before "
             "finalize-memref-to-llvm";
  LLVM_DEBUG(llvm::dbgs() << "memplan: " << options.passArgument << ": "
                          << figures->planned << " of " << figures->buffers
                          << " buffers planned\n");
  return figures;
}

} // namespace memplan
