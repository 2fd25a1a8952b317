//===- ModuleBuffers.cpp - Every buffer of a module, as problems ----------===//

#include "ModuleBuffers.h"

#include "memplan/Analysis/FunctionNames.h"
#include "memplan/Analysis/GroupBarriers.h"
#include "memplan/Analysis/ProgramOrder.h"
#include "memplan/Analysis/SharedFrees.h"
#include "memplan/Planner/BarrierEpochs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <iterator>

#define DEBUG_TYPE "memplan-planning"

using namespace mlir;

namespace memplan {

namespace {

/// Where a barrier every work-item executes could be added: before each op
/// at the top level of a kernel's body of one block, but the first (a
/// barrier there separates nothing) and the barriers already there. Any
/// other device function may be called by some work-items only, which a
/// barrier would leave waiting for the rest.
void findBarrierCandidates(FunctionOpInterface func,
                           SpaceProblem::GroupSharing &sharing) {
  Region &body = func.getFunctionBody();
  if (!func->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()) ||
      !body.hasOneBlock())
    return;
  ProgramOrder order(func);
  for (Operation &op : body.front().without_terminator()) {
    uint64_t point = order.getSpan(&op).first;
    if (&op == &body.front().front() ||
        llvm::is_contained(sharing.barriers, point))
      continue;
    sharing.candidates.push_back(point);
    sharing.candidateOps.push_back(&op);
  }
}

/// Leaves alone the largest allocations of one slab's `buffers`, with all
/// their lives, until the others fit a memref, whose extent is an int64_t,
/// even stacked one after another with room for each one's alignment.
/// Removes them from `buffers` and adds them to `leftAlone`.
void leaveAloneBeyondMemRefExtent(SmallVectorImpl<FunctionBuffer *> &buffers,
                                  SmallVectorImpl<Operation *> &leftAlone) {
  auto stackedBytes = [](const FunctionBuffer *buffer) {
    return static_cast<unsigned __int128>(buffer->size) + buffer->alignment - 1;
  };
  unsigned __int128 total = 0;
  for (const FunctionBuffer *buffer : buffers)
    total += stackedBytes(buffer);
  constexpr uint64_t maxBytes = INT64_MAX;
  if (total <= maxBytes)
    return;
  SmallVector<FunctionBuffer *> bySize(buffers.begin(), buffers.end());
  llvm::stable_sort(bySize,
                    [](const FunctionBuffer *lhs, const FunctionBuffer *rhs) {
                      return lhs->size > rhs->size;
                    });
  llvm::SmallPtrSet<Operation *, 4> tooLarge;
  for (const FunctionBuffer *buffer : bySize) {
    if (total <= maxBytes)
      break;
    if (tooLarge.insert(buffer->alloc).second) {
      leftAlone.push_back(buffer->alloc);
      for (const FunctionBuffer *life : buffers)
        if (life->alloc == buffer->alloc)
          total -= stackedBytes(life);
    }
  }
  for (FunctionBuffer *buffer : buffers)
    if (tooLarge.contains(buffer->alloc))
      buffer->leftAlone = LeftAlone{
          LeftAloneKind::Unsized,
          "with the other buffers of its slab it could need more than the "
          "2^63 - 1 bytes a memref holds"};
  llvm::erase_if(buffers, [&](const FunctionBuffer *buffer) {
    return tooLarge.contains(buffer->alloc);
  });
}

/// Leaves alone `buffer`, whose size is known only at run time, saying why
/// it is not planned.
void leaveRunTimeSizeAlone(FunctionBuffer &buffer, const SizeSymbols &symbols,
                           StringRef why) {
  buffer.leftAlone =
      LeftAlone{LeftAloneKind::DynamicShape,
                describeRunTimeSize(*buffer.symbolicSize, symbols) +
                    " (not planned: " + why.str() + ")"};
}

/// Why `buffer`, whose size is known only at run time, cannot be planned
/// in its memory space; or "", its `size` then set to its size at the hint,
/// which its figures (and its space's problem) give.
std::string takeRunTimeSizeAtHint(FunctionBuffer &buffer,
                                  const SpaceLimits &limits) {
  if (limits.getCapacity(buffer.memorySpace))
    return "its memory space has a capacity, which a size known only at run "
           "time cannot be held to";
  if (limits.isSharedByGroup(buffer.memorySpace))
    return "its memory space is shared by a GPU group, planned at sizes "
           "known at compile time only";
  if (limits.maxSlabBytes)
    return "max-slab-bytes splits slabs of sizes known at compile time only";
  if (!limits.getArenas(buffer.memorySpace).empty())
    return "its memory space is divided into arenas of fixed capacity, "
           "planned at sizes known at compile time only";
  SmallVector<uint64_t> hint(buffer.symbolicSize->getNumSymbolsUsed(),
                             limits.sizeHint);
  std::optional<uint64_t> atHint = buffer.symbolicSize->evaluate(hint);
  if (!atHint || *atHint > static_cast<uint64_t>(INT64_MAX))
    return "at size-hint=" + std::to_string(limits.sizeHint) +
           " it does not fit the extent of a memref";
  buffer.size = *atHint;
  return "";
}

/// Leaves alone the buffers of one slab's `buffers` whose sizes are known
/// only at run time where the slab has more buffers than a plan for every
/// size takes (kMaxSymbolicBuffers); removes them from `buffers`.
void leaveRunTimeSizesBeyondLimit(SmallVectorImpl<FunctionBuffer *> &buffers,
                                  const SizeSymbols &symbols,
                                  SmallVectorImpl<Operation *> &leftAlone) {
  if (buffers.size() <= kMaxSymbolicBuffers)
    return;
  for (FunctionBuffer *buffer : buffers)
    if (buffer->symbolicSize) {
      leaveRunTimeSizeAlone(*buffer, symbols,
                            "its slab would hold more than the " +
                                std::to_string(kMaxSymbolicBuffers) +
                                " buffers a plan for every size takes");
      leftAlone.push_back(buffer->alloc);
    }
  llvm::erase_if(buffers, [](const FunctionBuffer *buffer) {
    return buffer->leftAlone.has_value();
  });
}

/// Leaves alone, with all their lives, the planned buffers of `buffers`
/// that a free of theirs may free together with one of `leftAlone`
/// (allocations left alone after the analysis resolved its shared frees),
/// and in turn those that share a free with them, as resolveSharedFrees
/// does: removing such a free could leak the buffer left alone.
void leaveAloneSharingFrees(MutableArrayRef<FunctionBuffer> buffers,
                            SmallVector<Operation *> leftAlone) {
  llvm::DenseMap<OpOperand *, FreedSources> reach;
  llvm::SmallPtrSet<Operation *, 8> seen(llvm::from_range, leftAlone);
  while (!leftAlone.empty()) {
    Operation *alone = leftAlone.pop_back_val();
    for (FunctionBuffer &buffer : buffers) {
      if (buffer.leftAlone)
        continue;
      for (OpOperand *free : buffer.frees) {
        auto [found, inserted] = reach.try_emplace(free);
        if (inserted)
          found->second = findFreedSources(free->get());
        if (!llvm::is_contained(found->second.allocations, alone))
          continue;
        LeftAlone reason{LeftAloneKind::FreedElsewhere,
                         "freed by " + quoteOp(free->getOwner()) +
                             " of a value that may also be a buffer of " +
                             quoteOp(alone) + " that memplan does not plan"};
        Operation *alloc = buffer.alloc;
        for (FunctionBuffer &life : buffers)
          if (life.alloc == alloc && !life.leftAlone)
            life.leftAlone = reason;
        if (seen.insert(alloc).second)
          leftAlone.push_back(alloc);
        break;
      }
    }
  }
}

/// `size` over the symbols `used` (sorted) instead of all of a function's:
/// symbol used[i] becomes symbol i.
SizeExpr renumberSymbols(const SizeExpr &size, ArrayRef<SymbolId> used) {
  SizeExpr result;
  for (const SizeExpr::Term &term : size.getTerms()) {
    SizeExpr product = SizeExpr::getConstant(term.coefficient);
    for (SymbolId symbol : term.symbols)
      product = *SizeExpr::multiply(
          product,
          SizeExpr::getSymbol(llvm::lower_bound(used, symbol) - used.begin()));
    // The same values, renamed: nothing overflows that did not before.
    result = *SizeExpr::add(result, product);
  }
  return result;
}

/// The RunTimeSizes of `space`, whose buffers' records are in `problem`,
/// their sizes those at the hint already (takeRunTimeSizeAtHint).
SpaceProblem::RunTimeSizes makeRunTimeSizes(const SpaceProblem &space,
                                            const SizeSymbols &symbols,
                                            uint64_t sizeHint) {
  SpaceProblem::RunTimeSizes result;
  for (const FunctionBuffer *buffer : space.buffers)
    if (buffer->symbolicSize)
      for (const SizeExpr::Term &term : buffer->symbolicSize->getTerms())
        result.symbols.append(term.symbols.begin(), term.symbols.end());
  llvm::sort(result.symbols);
  result.symbols.erase(llvm::unique(result.symbols), result.symbols.end());
  SmallVector<std::string> names = symbols.getNames();
  for (SymbolId symbol : result.symbols)
    result.problem.symbols.push_back(names[symbol]);
  result.problem.buffers = space.problem;
  for (const FunctionBuffer *buffer : space.buffers)
    result.problem.sizes.push_back(
        buffer->symbolicSize
            ? renumberSymbols(*buffer->symbolicSize, result.symbols)
            : SizeExpr::getConstant(buffer->size));
  result.hint.assign(result.symbols.size(), sizeHint);
  return result;
}

} // namespace

std::string SpaceProblem::getKey() const {
  return "@" + functionName + "/" + std::to_string(spaceIndex);
}

Buffer getPlannerRecord(const FunctionBuffer &buffer) {
  Buffer record;
  record.size = buffer.size;
  record.alignment = buffer.alignment;
  record.start = buffer.start;
  record.end = buffer.end;
  // Live with gaps: planned interval by interval.
  if (!buffer.liveRanges.empty())
    setLiveRanges(record,
                  llvm::map_to_vector(buffer.liveRanges, [](auto range) {
                    return LiveRange{range.first, range.second};
                  }));
  return record;
}

ModuleBuffers analyzeModule(
    ModuleOp module, const SpaceLimits &limits,
    function_ref<bool(FunctionOpInterface)> filter,
    function_ref<std::string(FunctionOpInterface)> whyNotRunTimeSizesIn) {
  ModuleBuffers result;
  BufferAliasAnalysis aliasAnalysis;
  module->walk([&](FunctionOpInterface func) {
    if (func.isExternal() || (filter && !filter(func)))
      return;
    FunctionBuffers &function = result.functions.emplace_back();
    function.func = func;
    const std::string &whyNot = limits.whyNotRunTimeSizes;
    function.buffers = analyzeFunctionBuffers(
        func, aliasAnalysis, limits.defaultAlignment, limits.allocas,
        limits.splitLives, whyNot.empty() ? &function.symbols : nullptr);
    // Left alone at their sizes, which the remark gives: say why.
    if (!whyNot.empty()) {
      for (FunctionBuffer &buffer : function.buffers)
        if (buffer.symbolicSize)
          buffer.leftAlone->message += " (not planned: " + whyNot + ")";
      return;
    }
    // The function is asked only when it has such buffers to plan.
    auto isPlannedAtRunTimeSize = [](const FunctionBuffer &buffer) {
      return buffer.symbolicSize && !buffer.leftAlone;
    };
    if (!whyNotRunTimeSizesIn ||
        llvm::none_of(function.buffers, isPlannedAtRunTimeSize))
      return;
    std::string whyNotHere = whyNotRunTimeSizesIn(func);
    if (whyNotHere.empty())
      return;
    SmallVector<Operation *> refused;
    for (FunctionBuffer &buffer : function.buffers)
      if (isPlannedAtRunTimeSize(buffer)) {
        leaveRunTimeSizeAlone(buffer, function.symbols, whyNotHere);
        refused.push_back(buffer.alloc);
      }
    leaveAloneSharingFrees(function.buffers, std::move(refused));
  });

  // The spaces point into the functions' buffers, which stay where they are
  // from here on.
  for (FunctionBuffers &function : result.functions) {
    // The last field is onStack, as a number: DenseMap cannot hash a bool.
    llvm::MapVector<std::tuple<Operation *, Attribute, unsigned>,
                    SmallVector<FunctionBuffer *>>
        bySpace;
    // Allocations left alone from here on, after the analysis resolved
    // the frees they share.
    SmallVector<Operation *> leftAloneHere;
    for (FunctionBuffer &buffer : function.buffers) {
      if (buffer.leftAlone)
        continue;
      if (buffer.symbolicSize) {
        std::string whyNot = takeRunTimeSizeAtHint(buffer, limits);
        if (!whyNot.empty()) {
          leaveRunTimeSizeAlone(buffer, function.symbols, whyNot);
          leftAloneHere.push_back(buffer.alloc);
          continue;
        }
      }
      buffer.alignment =
          std::max(buffer.alignment, limits.getAlignment(buffer.memorySpace));
      bySpace[{buffer.scope, buffer.memorySpace, unsigned(buffer.onStack)}]
          .push_back(&buffer);
    }
    for (auto &entry : bySpace) {
      leaveAloneBeyondMemRefExtent(entry.second, leftAloneHere);
      leaveRunTimeSizesBeyondLimit(entry.second, function.symbols,
                                   leftAloneHere);
    }
    if (!leftAloneHere.empty()) {
      leaveAloneSharingFrees(function.buffers, std::move(leftAloneHere));
      for (auto &entry : bySpace)
        llvm::erase_if(entry.second, [](const FunctionBuffer *buffer) {
          return buffer->leftAlone.has_value();
        });
    }
    function.firstSpace = result.spaces.size();
    llvm::DenseMap<Operation *, unsigned> scopeIndices;
    for (auto &[key, buffers] : bySpace) {
      auto [scope, memorySpace, onStack] = key;
      unsigned scopeIndex = 0;
      if (scope)
        scopeIndex = scopeIndices.try_emplace(scope, scopeIndices.size() + 1)
                         .first->second;
      SpaceProblem &space = result.spaces.emplace_back();
      space.func = function.func;
      space.functionName = getFunctionName(function.func).str();
      space.spaceIndex = result.spaces.size() - function.firstSpace - 1;
      space.memorySpace = memorySpace;
      space.scope = scope;
      space.stack = onStack != 0;
      space.scopeIndex = scopeIndex;
      space.buffers.assign(buffers.begin(), buffers.end());
      for (const FunctionBuffer *buffer : buffers) {
        space.problem.push_back(getPlannerRecord(*buffer));
        space.gapped += space.problem.back().hasGaps();
      }
      if (llvm::any_of(buffers, [](const FunctionBuffer *buffer) {
            return buffer->symbolicSize.has_value();
          }))
        space.runTimeSizes =
            makeRunTimeSizes(space, function.symbols, limits.sizeHint);
      if (limits.isSharedByGroup(memorySpace)) {
        SpaceProblem::GroupSharing sharing;
        sharing.barriers = findGroupBarriers(function.func);
        sharing.programOrder = space.problem;
        if (limits.insertBarriers)
          findBarrierCandidates(function.func, sharing);
        SmallVector<uint64_t> epochCuts;
        std::merge(sharing.barriers.begin(), sharing.barriers.end(),
                   sharing.candidates.begin(), sharing.candidates.end(),
                   std::back_inserter(epochCuts));
        space.problem = toBarrierEpochs(space.problem, epochCuts);
        space.sharing = std::move(sharing);
      }
      LLVM_DEBUG(llvm::dbgs() << "memplan: " << space.getKey() << ": "
                              << space.problem.size() << " buffers\n");
    }
    function.endSpace = result.spaces.size();
  }
  return result;
}

} // namespace memplan
