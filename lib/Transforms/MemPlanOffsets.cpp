//===- MemPlanOffsets.cpp - Plan local buffers into one slab --------------===//

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/Strategy.h"
#include "memplan/Planner/Validator.h"
#include "memplan/Transforms/Passes.h"
#include "memplan/Transforms/PlanFigures.h"
#include "memplan/Transforms/SlabRewrite.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANOFFSETS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;
using namespace memplan;

namespace {

/// Splits a pass option string at spaces that are outside quotes and braces,
/// the way MLIR's option parser reads it.
SmallVector<StringRef> splitOptionString(StringRef options) {
  SmallVector<StringRef> pieces;
  size_t begin = 0, depth = 0;
  char quote = 0;
  for (size_t i = 0, e = options.size(); i <= e; ++i) {
    char c = i < e ? options[i] : ' ';
    if (quote) {
      quote = c == quote ? 0 : quote;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      depth -= depth > 0;
    } else if (c == ' ' && depth == 0) {
      if (i > begin)
        pieces.push_back(options.slice(begin, i));
      begin = i + 1;
    }
  }
  return pieces;
}

struct MemPlanOffsetsPass
    : public memplan::impl::MemPlanOffsetsBase<MemPlanOffsetsPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override;
  void runOnOperation() override;

private:
  LogicalResult planFunction(FunctionOpInterface func,
                             ArrayRef<FunctionBuffer> buffers,
                             const OffsetStrategy &planner,
                             PlanFigures &figures);
  LogicalResult planMemorySpace(FunctionOpInterface func, Attribute memorySpace,
                                ArrayRef<const FunctionBuffer *> buffers,
                                const OffsetStrategy &planner,
                                PlanFigures &figures);
  void reportStatistics(const PlanFigures &figures);
};

std::string listNames(ArrayRef<StringRef> names) {
  return llvm::join(names.begin(), names.end(), ", ");
}

LogicalResult MemPlanOffsetsPass::initializeOptions(
    StringRef options,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  // `--memplan-offsets=greedy-size` names the strategy alone.
  std::string rewritten = options.trim().str();
  if (!rewritten.empty() &&
      StringRef(rewritten).find_first_of("= {}\"'") == StringRef::npos)
    rewritten = "strategy=" + rewritten;

  SmallVector<StringRef> validOptions = {"strategy", "alignment", "remarks",
                                         "summary"};
  for (StringRef piece : splitOptionString(rewritten)) {
    StringRef key = piece.split('=').first;
    if (!llvm::is_contained(validOptions, key))
      return errorHandler(llvm::formatv(
          "unknown option '{0}' for memplan-offsets; valid options are: {1}",
          key, listNames(validOptions)));
  }
  if (failed(Base::initializeOptions(rewritten, errorHandler)))
    return failure();

  if (!createOffsetStrategy(strategy))
    return errorHandler(llvm::formatv(
        "unknown strategy '{0}' for memplan-offsets; valid strategies are: "
        "{1}",
        strategy.getValue(), listNames(getOffsetStrategyNames())));
  if (!llvm::isPowerOf2_64(alignment))
    return errorHandler(llvm::formatv(
        "memplan-offsets: alignment must be a power of two, not {0}",
        alignment.getValue()));
  return success();
}

void MemPlanOffsetsPass::runOnOperation() {
  std::unique_ptr<OffsetStrategy> planner = createOffsetStrategy(strategy);
  if (!planner || !llvm::isPowerOf2_64(alignment)) {
    getOperation()->emitError()
        << "memplan-offsets: invalid options: strategy '" << strategy
        << "', alignment " << alignment;
    return signalPassFailure();
  }

  // Every function is analysed before any is rewritten, so that what is
  // learnt about callees comes from the program as it was written.
  BufferAliasAnalysis aliasAnalysis;
  SmallVector<std::pair<FunctionOpInterface, std::vector<FunctionBuffer>>>
      functions;
  getOperation()->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    functions.emplace_back(
        func, analyzeFunctionBuffers(func, aliasAnalysis, alignment));
  });

  PlanFigures total;
  bool failedAny = false;
  for (auto &[func, buffers] : functions) {
    PlanFigures figures;
    failedAny |= failed(planFunction(func, buffers, *planner, figures));
    total += figures;
  }
  reportStatistics(total);
  if (failedAny)
    signalPassFailure();
}

void MemPlanOffsetsPass::reportStatistics(const PlanFigures &figures) {
  numBuffers += figures.buffers;
  numPlanned += figures.planned;
  numLeftAlone += figures.getLeftAlone();
  auto leftAlone = [&](LeftAloneKind kind) {
    return figures.leftAloneByKind[static_cast<unsigned>(kind)];
  };
  numDynamicShape += leftAlone(LeftAloneKind::DynamicShape);
  numLayout += leftAlone(LeftAloneKind::NonIdentityLayout);
  numUnsized += leftAlone(LeftAloneKind::Unsized);
  numReturned += leftAlone(LeftAloneKind::Returned);
  numCaptured += leftAlone(LeftAloneKind::Captured);
  numFreedElsewhere += leftAlone(LeftAloneKind::FreedElsewhere);
  numUnsupportedRegion += leftAlone(LeftAloneKind::UnsupportedRegion);
  numLoopCarried += leftAlone(LeftAloneKind::LoopCarried);
  numSlabs += figures.slabs;
  slabBytes += figures.slabBytes;
  naiveBytes += figures.naiveBytes;
  lowerBoundBytes += figures.lowerBoundBytes;
#if !LLVM_ENABLE_STATS
  if (isStatisticsFallbackEnabled())
    figures.printStatistics(llvm::errs(), getName());
#endif
}

LogicalResult MemPlanOffsetsPass::planFunction(FunctionOpInterface func,
                                               ArrayRef<FunctionBuffer> buffers,
                                               const OffsetStrategy &planner,
                                               PlanFigures &figures) {
  figures.buffers = buffers.size();
  llvm::MapVector<Attribute, SmallVector<const FunctionBuffer *>> bySpace;
  for (const FunctionBuffer &buffer : buffers) {
    if (!buffer.leftAlone) {
      bySpace[buffer.memorySpace].push_back(&buffer);
      continue;
    }
    figures.addLeftAlone(buffer.leftAlone->kind);
    if (remarks)
      emitRemark(buffer.alloc->getLoc())
          << "memplan-offsets: left alone: " << buffer.leftAlone->message;
  }
  for (auto &[memorySpace, spaceBuffers] : bySpace)
    if (failed(
            planMemorySpace(func, memorySpace, spaceBuffers, planner, figures)))
      return failure();

  if (summary) {
    StringAttr name =
        func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    std::string leftAlone = figures.describeLeftAlone();
    std::string slabs =
        figures.slabs > 1
            ? llvm::formatv("{0} slabs of {1} bytes in all", figures.slabs,
                            figures.slabBytes)
                  .str()
            : llvm::formatv("a {0}-byte slab", figures.slabBytes).str();
    emitRemark(func.getLoc()) << llvm::formatv(
        "memplan-offsets: @{0}: planned {1} of {2} buffers ({3} left "
        "alone{4}) into {5} using {6}; naive {7} bytes, lower bound {8} bytes",
        name ? name.getValue() : "<anonymous>", figures.planned,
        figures.buffers, figures.getLeftAlone(),
        leftAlone.empty() ? "" : ": " + leftAlone, slabs, planner.getName(),
        figures.naiveBytes, figures.lowerBoundBytes);
  }
  return success();
}

LogicalResult MemPlanOffsetsPass::planMemorySpace(
    FunctionOpInterface func, Attribute memorySpace,
    ArrayRef<const FunctionBuffer *> buffers, const OffsetStrategy &planner,
    PlanFigures &figures) {
  SmallVector<Buffer> problem;
  uint64_t slabAlignment = alignment;
  for (const FunctionBuffer *buffer : buffers) {
    problem.push_back(
        {buffer->size, buffer->alignment, buffer->start, buffer->end});
    slabAlignment = std::max(slabAlignment, buffer->alignment);
  }

  auto fail = [&](StringRef what, llvm::Error error) {
    emitError(func.getLoc()) << "memplan-offsets: " << what << ": "
                             << llvm::toString(std::move(error));
    return failure();
  };
  llvm::Expected<Plan> plan = planner.plan(problem);
  if (!plan)
    return fail("planning failed", plan.takeError());
  // A plan that breaks an invariant is a bug in a strategy; it must never
  // reach the IR.
  if (llvm::Error error = validatePlan(problem, *plan))
    return fail(
        ("strategy " + planner.getName() + " gave an invalid plan").str(),
        std::move(error));
  llvm::Expected<uint64_t> naive = computeNaiveSize(problem);
  if (!naive)
    return fail("naive size", naive.takeError());
  llvm::Expected<uint64_t> lowerBound = computeLowerBound(problem);
  if (!lowerBound)
    return fail("lower bound", lowerBound.takeError());
  if (plan->slabSize > static_cast<uint64_t>(INT64_MAX))
    return fail("slab too large",
                llvm::createStringError("slab of " +
                                        std::to_string(plan->slabSize) +
                                        " bytes does not fit a memref"));

  SmallVector<PlacedBuffer> placed;
  for (auto [buffer, offset] : llvm::zip_equal(buffers, plan->offsets))
    placed.push_back({buffer, offset});
  rewriteIntoSlab(func, memorySpace, plan->slabSize, slabAlignment, placed);

  figures.planned += buffers.size();
  ++figures.slabs;
  figures.slabBytes += plan->slabSize;
  figures.naiveBytes += *naive;
  figures.lowerBoundBytes += *lowerBound;
  return success();
}

} // namespace
