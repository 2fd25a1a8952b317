//===- PlanningPass.h - The common base of planning passes ------*- C++ -*-===//
//
// Sits between a pass's TableGen-generated base and the pass, which provides
//   static llvm::ArrayRef<llvm::StringRef> getStrategyNames();
//   static llvm::StringRef getUnit();             // "slab" or "object"
//   mlir::LogicalResult prepare();               // create the strategy
//   mlir::LogicalResult planMemorySpace(func, memorySpace, buffers, problem,
//                                       figures);
// The generated base must declare planningOptions and planningStatistics of
// Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TRANSFORMS_PLANNINGPASS_H
#define MEMPLAN_TRANSFORMS_PLANNINGPASS_H

#include "memplan/Planner/Strategy.h"
#include "memplan/Transforms/HeapMapOutput.h"
#include "memplan/Transforms/PlanReport.h"
#include "memplan/Transforms/PlanningDriver.h"
#include "memplan/Transforms/SlabPlacement.h"
#include "memplan/Transforms/SlabRewrite.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <memory>
#include <vector>

namespace memplan {

template <typename DerivedT, template <typename> class GeneratedBaseT>
class PlanningPass : public GeneratedBaseT<DerivedT> {
public:
  using PassBase = GeneratedBaseT<DerivedT>;
  using PassBase::PassBase;

  mlir::LogicalResult
  initializeOptions(llvm::StringRef options,
                    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                        errorHandler) override {
    mlir::FailureOr<std::string> normalized = normalizePlanningOptions(
        options, this->getArgument(),
        {"strategy", "alignment", "remarks", "summary", "time-limit", "slab",
         "capacity", "space-capacity", "space-alignment", "report", "apply",
         "heapmap"},
        errorHandler);
    if (failed(normalized) ||
        failed(PassBase::initializeOptions(*normalized, errorHandler)))
      return mlir::failure();
    if (std::string problem = checkOptions(); !problem.empty())
      return errorHandler(problem);
    return mlir::success();
  }

  void runOnOperation() override {
    if (std::string problem = checkOptions(); !problem.empty()) {
      this->getOperation()->emitError(problem);
      return this->signalPassFailure();
    }
    heapMaps = HeapMapOutput(this->heapmap);
    auto &derived = static_cast<DerivedT &>(*this);
    if (failed(derived.prepare()))
      return this->signalPassFailure();
    mlir::ModuleOp module = this->getOperation();
    // slab=argument changes callers as their callees are planned: it works
    // on a copy, so that an error leaves the module as it was.
    mlir::OwningOpRef<mlir::ModuleOp> copy;
    if (*parseSlabKind(this->slab) == SlabKind::Argument)
      copy = module.clone();
    preparePlacement(copy ? *copy : module);
    PlanningSettings settings{this->getArgument(), this->strategy,
                              DerivedT::getUnit(), this->alignment,
                              this->remarks,       this->summary};
    // With apply=FILE no strategy runs; summaries and reports say so.
    if (!this->applyFile.empty())
      settings.strategy = "apply";
    std::unique_ptr<PlanReport> report;
    if (!this->reportFile.empty())
      report = std::make_unique<PlanReport>(
          this->getArgument(),
          llvm::json::Object{{"strategy", this->strategy.getValue()},
                             {"alignment", this->alignment.getValue()},
                             {"time-limit", this->timeLimit.getValue()}});
    settings.report = planReport = report.get();
    auto planSpace =
        [&](mlir::FunctionOpInterface func, mlir::Attribute memorySpace,
            llvm::ArrayRef<const FunctionBuffer *> buffers,
            llvm::ArrayRef<Buffer> problem, PlanFigures &spaceFigures) {
          return derived.planMemorySpace(func, memorySpace, buffers, problem,
                                         spaceFigures);
        };
    auto commit = [&] {
      for (std::function<void()> &rewrite : pendingRewrites)
        rewrite();
      pendingRewrites.clear();
    };
    mlir::FailureOr<PlanFigures> figures =
        copy ? planCalleesFirst(*copy, settings, planSpace, commit)
             : planModule(module, settings, planSpace, commit);
    pendingRewrites.clear();
    recursiveFunctions.clear();
    moduleSymbols.reset();
    planReport = nullptr;
    if (succeeded(figures) && copy)
      module.getBodyRegion().takeBody(copy->getBodyRegion());
    if (failed(figures) ||
        failed(heapMaps.write(this->getOperation(), this->getArgument())))
      return this->signalPassFailure();
    if (report) {
      if (llvm::Error error = report->write(this->reportFile)) {
        mlir::emitError(this->getOperation().getLoc())
            << this->getArgument() << ": " << llvm::toString(std::move(error));
        return this->signalPassFailure();
      }
    }
    exportStatistics(*figures);
  }

protected:
  /// Queues a rewrite of the IR; the queue runs only once every function of
  /// the module has been planned, so that an error leaves the IR unchanged.
  void deferRewrite(std::function<void()> rewrite) {
    pendingRewrites.push_back(std::move(rewrite));
  }

  const SpaceLimits &getLimits() const { return limits; }

  /// Where the slabs of `func` come from. With slab=global or argument, a
  /// function that cannot have them so (see SlabPlacement.h) allocates its
  /// slabs instead, with a remark.
  SlabSource getSlabSource(mlir::FunctionOpInterface func) {
    if (slabKind == SlabKind::Alloc)
      return {};
    const char *reason = nullptr;
    if (func->getParentOp() != workModule.getOperation())
      reason = "it is not directly in the module";
    else if (recursiveFunctions.contains(func))
      reason = "it may be active twice at once (recursion)";
    else if (slabKind == SlabKind::Argument)
      reason = whyNoArenaArgument(func, workModule);
    if (!reason) {
      if (slabKind == SlabKind::Global)
        return {moduleSymbols.get(), false};
      return {nullptr, true};
    }
    if (fallbackRemarked.insert(func).second)
      mlir::emitRemark(func.getLoc())
          << this->getArgument() << ": slab=" << this->slab
          << ": allocating the slabs of this function instead, because "
          << reason;
    return {};
  }

  /// The error for a plan of `bestSize` bytes that exceeds `capacity`.
  mlir::LogicalResult emitCapacityError(mlir::FunctionOpInterface func,
                                        mlir::Attribute memorySpace,
                                        uint64_t capacity, uint64_t bestSize,
                                        uint64_t lowerBound,
                                        llvm::StringRef exactAnswer) {
    auto name = func->template getAttrOfType<mlir::StringAttr>(
        mlir::SymbolTable::getSymbolAttrName());
    mlir::emitError(func.getLoc()) << llvm::formatv(
        "{0}: @{1}: {2} does not fit its capacity of {3} bytes: the best "
        "{4} found takes {5} bytes, the lower bound is {6} bytes{7}",
        this->getArgument(), name ? name.getValue() : "<anonymous>",
        describeMemorySpace(memorySpace), capacity, DerivedT::getUnit(),
        bestSize, lowerBound, exactAnswer.empty() ? "" : "; " + exactAnswer);
    return mlir::failure();
  }

  /// The report being written by this run, if one was asked for.
  PlanReport *planReport = nullptr;

  StrategyOptions getStrategyOptions() const {
    StrategyOptions options;
    options.timeLimitSeconds = this->timeLimit;
    return options;
  }

  /// The pictures of the heapmap option, added to by planMemorySpace.
  HeapMapOutput heapMaps;

private:
  /// An empty string when the options are valid, else why not.
  std::string checkOptions() const {
    llvm::ArrayRef<llvm::StringRef> names = DerivedT::getStrategyNames();
    if (!llvm::is_contained(names, llvm::StringRef(this->strategy)))
      return llvm::formatv("unknown strategy '{0}' for {1}; valid strategies "
                           "are: {2}",
                           this->strategy.getValue(), this->getArgument(),
                           joinNames(names))
          .str();
    if (!llvm::isPowerOf2_64(this->alignment))
      return llvm::formatv("{0}: alignment must be a power of two, not {1}",
                           this->getArgument(), this->alignment.getValue())
          .str();
    if (!(this->timeLimit >= 0))
      return llvm::formatv("{0}: time-limit must not be negative",
                           this->getArgument())
          .str();
    if (!parseSlabKind(this->slab))
      return llvm::formatv("{0}: slab must be alloc, global or argument, not "
                           "'{1}'",
                           this->getArgument(), this->slab.getValue())
          .str();
    std::map<uint64_t, uint64_t> spaces;
    if (std::string problem =
            parseSpaceMap(this->spaceCapacity, "space-capacity",
                          /*powersOfTwo=*/false, spaces);
        !problem.empty())
      return this->getArgument().str() + ": " + problem;
    if (std::string problem =
            parseSpaceMap(this->spaceAlignment, "space-alignment",
                          /*powersOfTwo=*/true, spaces);
        !problem.empty())
      return this->getArgument().str() + ": " + problem;
    return "";
  }

  /// Plans one function at a time, callees first; each function that takes
  /// its slabs as arguments has its callers changed to pass them before they
  /// are planned, so that a caller places its callees' arenas.
  mlir::FailureOr<PlanFigures>
  planCalleesFirst(mlir::ModuleOp module, const PlanningSettings &settings,
                   SpacePlanner planSpace, llvm::function_ref<void()> commit) {
    PlanFigures total;
    bool failedAny = false;
    for (mlir::Operation *op : findFunctionsCalleesFirst(module)) {
      auto func = llvm::cast<mlir::FunctionOpInterface>(op);
      unsigned numArguments = func.getNumArguments();
      mlir::FailureOr<PlanFigures> figures = planModule(
          module, settings, planSpace, commit,
          [&](mlir::FunctionOpInterface other) { return other == func; });
      if (failed(figures)) {
        failedAny = true;
        continue;
      }
      total += *figures;
      passArenasToCallees(module, func, numArguments);
    }
    if (failedAny)
      return mlir::failure();
    return total;
  }

  /// Reads the placement options (already checked) for this run.
  void preparePlacement(mlir::ModuleOp module) {
    slabKind = *parseSlabKind(this->slab);
    limits = SpaceLimits();
    limits.defaultCapacity = this->capacity;
    limits.defaultAlignment = this->alignment;
    (void)parseSpaceMap(this->spaceCapacity, "space-capacity", false,
                        limits.capacities);
    (void)parseSpaceMap(this->spaceAlignment, "space-alignment", true,
                        limits.alignments);
    workModule = module;
    fallbackRemarked.clear();
    if (slabKind != SlabKind::Alloc)
      recursiveFunctions = findRecursiveFunctions(module);
    if (slabKind == SlabKind::Global) {
      moduleSymbols = std::make_shared<mlir::SymbolTable>(module);
    }
  }

  void exportStatistics(const PlanFigures &figures) {
    this->numBuffers += figures.buffers;
    this->numPlanned += figures.planned;
    this->numLeftAlone += figures.getLeftAlone();
    auto leftAlone = [&](LeftAloneKind kind) {
      return figures.leftAloneByKind[static_cast<unsigned>(kind)];
    };
    this->numDynamicShape += leftAlone(LeftAloneKind::DynamicShape);
    this->numLayout += leftAlone(LeftAloneKind::NonIdentityLayout);
    this->numUnsized += leftAlone(LeftAloneKind::Unsized);
    this->numReturned += leftAlone(LeftAloneKind::Returned);
    this->numCaptured += leftAlone(LeftAloneKind::Captured);
    this->numFreedElsewhere += leftAlone(LeftAloneKind::FreedElsewhere);
    this->numUnsupportedRegion += leftAlone(LeftAloneKind::UnsupportedRegion);
    this->numLoopCarried += leftAlone(LeftAloneKind::LoopCarried);
    this->numSlabs += figures.slabs;
    this->slabBytes += figures.slabBytes;
    this->naiveBytes += figures.naiveBytes;
    this->lowerBoundBytes += figures.lowerBoundBytes;
#if !LLVM_ENABLE_STATS
    if (isStatisticsFallbackEnabled())
      figures.printStatistics(llvm::errs(), this->getName());
#endif
  }

  SlabKind slabKind = SlabKind::Alloc;
  // The module being planned: the pass's, or a copy of it.
  mlir::ModuleOp workModule;
  SpaceLimits limits;
  // Per run; shared rather than owned because passes are cloned by copy.
  std::shared_ptr<mlir::SymbolTable> moduleSymbols;
  llvm::DenseSet<mlir::Operation *> recursiveFunctions;
  llvm::DenseSet<mlir::Operation *> fallbackRemarked;
  std::vector<std::function<void()>> pendingRewrites;
};

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANNINGPASS_H
