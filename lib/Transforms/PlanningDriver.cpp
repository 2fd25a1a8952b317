//===- PlanningDriver.cpp - What every planning pass does alike -----------===//

#include "memplan/Transforms/PlanningDriver.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace memplan {

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

void emitSummary(FunctionOpInterface func, const PlanningSettings &settings,
                 const PlanFigures &figures) {
  StringAttr name =
      func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  std::string leftAlone = figures.describeLeftAlone();
  std::string allocated =
      figures.slabs > 1
          ? llvm::formatv("{0} {1}s of {2} bytes in all", figures.slabs,
                          settings.unit, figures.slabBytes)
                .str()
          : llvm::formatv("a {0}-byte {1}", figures.slabBytes, settings.unit)
                .str();
  emitRemark(func.getLoc()) << llvm::formatv(
      "{0}: @{1}: planned {2} of {3} buffers ({4} left alone{5}) into {6} "
      "using {7}; naive {8} bytes, lower bound {9} bytes{10}",
      settings.passArgument, name ? name.getValue() : "<anonymous>",
      figures.planned, figures.buffers, figures.getLeftAlone(),
      leftAlone.empty() ? "" : ": " + leftAlone, allocated, settings.strategy,
      figures.naiveBytes, figures.lowerBoundBytes,
      figures.details.empty() ? "" : " (" + figures.details + ")");
}

LogicalResult planFunction(FunctionOpInterface func,
                           ArrayRef<FunctionBuffer> buffers,
                           const PlanningSettings &settings,
                           SpacePlanner planSpace, PlanFigures &figures) {
  figures.buffers = buffers.size();
  if (settings.report)
    settings.report->addFunction(func, settings.strategy, buffers);
  llvm::MapVector<Attribute, SmallVector<const FunctionBuffer *>> bySpace;
  for (const FunctionBuffer &buffer : buffers) {
    if (!buffer.leftAlone) {
      bySpace[buffer.memorySpace].push_back(&buffer);
      continue;
    }
    figures.addLeftAlone(buffer.leftAlone->kind);
    if (settings.remarks)
      emitRemark(buffer.alloc->getLoc())
          << settings.passArgument
          << ": left alone: " << buffer.leftAlone->message;
  }
  for (auto &[memorySpace, spaceBuffers] : bySpace) {
    SmallVector<Buffer> problem;
    for (const FunctionBuffer *buffer : spaceBuffers)
      problem.push_back(
          {buffer->size, buffer->alignment, buffer->start, buffer->end});
    if (failed(planSpace(func, memorySpace, spaceBuffers, problem, figures)))
      return failure();
  }
  if (settings.summary)
    emitSummary(func, settings, figures);
  return success();
}

} // namespace

FailureOr<PlanFigures>
planModule(ModuleOp module, const PlanningSettings &settings,
           SpacePlanner planSpace, function_ref<void()> commit,
           function_ref<bool(FunctionOpInterface)> filter) {
  // Every function is analysed before any is rewritten, so that what is
  // learnt about callees comes from the program as it was written.
  BufferAliasAnalysis aliasAnalysis;
  SmallVector<std::pair<FunctionOpInterface, std::vector<FunctionBuffer>>>
      functions;
  module->walk([&](FunctionOpInterface func) {
    if (func.isExternal() || (filter && !filter(func)))
      return;
    functions.emplace_back(
        func, analyzeFunctionBuffers(func, aliasAnalysis, settings.alignment));
  });

  PlanFigures total;
  bool failedAny = false;
  for (auto &[func, buffers] : functions) {
    PlanFigures figures;
    failedAny |=
        failed(planFunction(func, buffers, settings, planSpace, figures));
    total += figures;
  }
  if (failedAny)
    return failure();
  if (commit)
    commit();
  return total;
}

FailureOr<std::string> normalizePlanningOptions(
    StringRef options, StringRef passArgument, ArrayRef<StringRef> validOptions,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  // `--memplan-offsets=greedy-size` names the strategy alone.
  std::string normalized = options.trim().str();
  if (!normalized.empty() &&
      StringRef(normalized).find_first_of("= {}\"'") == StringRef::npos)
    normalized = "strategy=" + normalized;

  for (StringRef piece : splitOptionString(normalized)) {
    StringRef key = piece.split('=').first;
    if (!llvm::is_contained(validOptions, key)) {
      (void)errorHandler(
          llvm::formatv("unknown option '{0}' for {1}; valid options are: {2}",
                        key, passArgument, joinNames(validOptions)));
      return failure();
    }
  }
  return normalized;
}

LogicalResult emitPlanningError(FunctionOpInterface func,
                                StringRef passArgument, const Twine &what,
                                llvm::Error error) {
  emitError(func.getLoc()) << passArgument << ": " << what << ": "
                           << llvm::toString(std::move(error));
  return failure();
}

std::string joinNames(ArrayRef<StringRef> names) {
  return llvm::join(names.begin(), names.end(), ", ");
}

} // namespace memplan
