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
#include "memplan/Transforms/PlanningDriver.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

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
    mlir::FailureOr<std::string> normalized =
        normalizePlanningOptions(options, this->getArgument(),
                                 {"strategy", "alignment", "remarks", "summary",
                                  "time-limit", "heapmap"},
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
    PlanningSettings settings{this->getArgument(), this->strategy,
                              DerivedT::getUnit(), this->alignment,
                              this->remarks,       this->summary};
    mlir::FailureOr<PlanFigures> figures = planModule(
        this->getOperation(), settings,
        [&](mlir::FunctionOpInterface func, mlir::Attribute memorySpace,
            llvm::ArrayRef<const FunctionBuffer *> buffers,
            llvm::ArrayRef<Buffer> problem, PlanFigures &spaceFigures) {
          return derived.planMemorySpace(func, memorySpace, buffers, problem,
                                         spaceFigures);
        });
    if (failed(figures) ||
        failed(heapMaps.write(this->getOperation(), this->getArgument())))
      return this->signalPassFailure();
    exportStatistics(*figures);
  }

protected:
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
    return "";
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
};

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANNINGPASS_H
