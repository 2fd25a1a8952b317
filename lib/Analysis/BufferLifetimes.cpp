//===- BufferLifetimes.cpp - The buffers of a function and their lives ----===//

#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Analysis/AccessedBytes.h"
#include "memplan/Analysis/BufferLives.h"
#include "memplan/Analysis/ControlFlowLiveness.h"
#include "memplan/Analysis/ControlFlowLives.h"
#include "memplan/Analysis/ProgramOrder.h"
#include "memplan/Analysis/RegionSemantics.h"
#include "memplan/Analysis/SharedFrees.h"
#include "memplan/Analysis/SizeBounds.h"
#include "memplan/Analysis/SymbolicSizes.h"
#include "memplan/Planner/CheckedMath.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

#define DEBUG_TYPE "memplan-analysis"

using namespace mlir;

namespace memplan {

namespace {

/// Whether the data layout can size `type` without a fatal error.
bool hasDataLayoutSize(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return !vector.isScalable() && hasDataLayoutSize(vector.getElementType());
  if (auto complex = dyn_cast<ComplexType>(type))
    return hasDataLayoutSize(complex.getElementType());
  return isa<IntegerType, FloatType, IndexType, DataLayoutTypeInterface>(type);
}

/// The distance in bytes between two elements of `type` in memory. The data
/// layout's size is padded to the alignment LLVM would use, so that a view
/// never holds fewer bytes than the lowered program indexes (i24 takes 4
/// bytes, x86_fp80 16).
std::optional<uint64_t> getElementStride(Type type, const DataLayout &layout) {
  if (!hasDataLayoutSize(type))
    return std::nullopt;
  llvm::TypeSize size = layout.getTypeSize(type);
  if (size.isScalable())
    return std::nullopt;
  uint64_t bytes = size.getFixedValue();
  uint64_t padTo =
      std::max<uint64_t>(layout.getTypeABIAlignment(type),
                         std::min<uint64_t>(llvm::PowerOf2Ceil(bytes), 16));
  return llvm::alignTo(bytes, std::max<uint64_t>(padTo, 1));
}

/// Whether every alias is created inside `region` in one execution of it,
/// rather than arriving from outside or from an earlier execution through a
/// block argument.
bool staysInsideOneExecution(Region *region,
                             const llvm::SetVector<Value> &aliases) {
  return llvm::all_of(aliases, [&](Value alias) {
    Region *defined = alias.getParentRegion();
    if (isa<BlockArgument>(alias))
      return region != defined && region->isAncestor(defined);
    return region->isAncestor(defined);
  });
}

/// The terminator of `region`'s only block if it or an op nested in it uses
/// one of `aliases`.
Operation *getUserInTerminator(Region *region,
                               const llvm::SetVector<Value> &aliases) {
  Block &body = region->front();
  if (!body.mightHaveTerminator())
    return nullptr;
  Operation *terminator = body.getTerminator();
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers())
      if (terminator->isAncestor(user))
        return terminator;
  return nullptr;
}

/// Checks every region between the allocation and the body its slab will be
/// in: the slab must be visible, each instance of the buffer must be used by
/// one thread at a time, and a buffer allocated once per iteration must not
/// be used in a later one. That body is the function's, or that of the
/// innermost parallel loop around the allocation, whose iterations each get
/// a slab of their own: `scope` is set to the loop then.
std::optional<LeftAlone>
checkEnclosingRegions(Operation *alloc, FunctionOpInterface func,
                      const llvm::SetVector<Value> &aliases,
                      ControlFlowComponents &components, Operation *&scope) {
  Operation *inner = alloc;
  for (Region *region = alloc->getParentRegion();;) {
    Operation *owner = region->getParentOp();
    bool repeats = false;
    std::string repeater;
    if (owner != func.getOperation()) {
      if (owner->hasTrait<OpTrait::IsIsolatedFromAbove>())
        return LeftAlone{LeftAloneKind::UnsupportedRegion,
                         "allocated inside " + quoteOp(owner) +
                             ", which is isolated from above"};
      // (Of an unregistered op nothing is known: it is said below.)
      if (mayRunAfterReturning(owner) && owner->isRegistered())
        return LeftAlone{LeftAloneKind::UnsupportedRegion,
                         "allocated inside " + quoteOp(owner) +
                             ", which may run after it returns"};
      // An alloca's scope frees it at the end of each execution: its slab is
      // allocated in that body, which every alias must stay in.
      if (isa<memref::AllocaOp>(alloc) &&
          owner->hasTrait<OpTrait::AutomaticAllocationScope>()) {
        if (!staysInsideOneExecution(region, aliases))
          return LeftAlone{LeftAloneKind::LoopCarried,
                           "may outlive its allocation scope, " +
                               quoteOp(owner)};
        if (!region->hasOneBlock())
          return LeftAlone{LeftAloneKind::UnsupportedRegion,
                           "allocated inside " + quoteOp(owner) +
                               ", which has several blocks"};
        scope = owner;
        return std::nullopt;
      }
      if (isParallelLoop(owner)) {
        // One iteration's buffer: its every alias must stay in the body.
        if (!staysInsideOneExecution(region, aliases))
          return LeftAlone{LeftAloneKind::LoopCarried,
                           "may outlive one iteration of the parallel region "
                           "of " +
                               quoteOp(owner)};
        if (!region->hasOneBlock())
          return LeftAlone{LeftAloneKind::UnsupportedRegion,
                           "allocated inside the parallel region of " +
                               quoteOp(owner) + ", which has several blocks"};
        // The iteration's slab is freed just before the body's terminator;
        // a terminator with regions of its own (scf.reduce) runs after it.
        if (Operation *terminator = getUserInTerminator(region, aliases))
          return LeftAlone{LeftAloneKind::UnsupportedRegion,
                           "used by " + quoteOp(terminator) +
                               ", which ends the parallel region of " +
                               quoteOp(owner) +
                               " after the iteration's slab is freed"};
        scope = owner;
        return std::nullopt;
      }
      auto branch = dyn_cast<RegionBranchOpInterface>(owner);
      if (!branch)
        return LeftAlone{LeftAloneKind::UnsupportedRegion,
                         "allocated inside " + quoteOp(owner) +
                             ", whose control flow is unknown"};
      if (branch.isRepetitiveRegion(region->getRegionNumber())) {
        repeats = true;
        repeater = quoteOp(owner);
      }
    }
    if (!repeats && !region->hasOneBlock()) {
      Block *block = region->findAncestorBlockInRegion(*inner->getBlock());
      if (block && components.isOnCycle(block)) {
        repeats = true;
        repeater = "a control-flow loop";
      }
    }
    if (repeats && !staysInsideOneExecution(region, aliases))
      return LeftAlone{LeftAloneKind::LoopCarried,
                       "may outlive one iteration of " + repeater};
    if (owner == func.getOperation())
      return std::nullopt;
    inner = owner;
    region = owner->getParentRegion();
  }
}

/// The smallest region that holds the allocation and every user.
Region *getCommonRegion(Operation *alloc,
                        const llvm::SetVector<Operation *> &users) {
  Region *common = alloc->getParentRegion();
  for (Operation *user : users)
    while (!common->isAncestor(user->getParentRegion()))
      common = common->getParentOp()->getParentRegion();
  return common;
}

/// The program points at which the buffer is live: from its first use to
/// its last, where a use nested in a region op (a loop, say) counts as a use
/// of the whole op. A fresh allocation holds nothing until its first use,
/// reads included, so its bytes may serve another buffer until then:
/// allocations hoisted to the top of a function share memory as if each
/// were at its first use. In a region of several blocks the points come
/// from its control-flow graph and may be several spans.
llvm::SmallVector<OrderSpan>
getLiveSpans(Operation *alloc, const llvm::SetVector<Operation *> &users,
             const ProgramOrder &order, ControlFlowComponents &components) {
  Region *common = getCommonRegion(alloc, users);
  Operation *allocation = common->findAncestorOpInRegion(*alloc);
  if (users.empty())
    return {order.getSpan(allocation)};
  if (!common->hasOneBlock()) {
    llvm::SmallVector<Operation *> uses;
    for (Operation *user : users)
      uses.push_back(common->findAncestorOpInRegion(*user));
    return getLiveSpansInRegion(allocation, uses, order, components);
  }
  OrderSpan span{UINT64_MAX, 0};
  for (Operation *user : users) {
    OrderSpan userSpan = order.getSpan(common->findAncestorOpInRegion(*user));
    span.first = std::min(span.first, userSpan.first);
    span.last = std::max(span.last, userSpan.last);
  }
  return {span};
}

/// Sets an interval [start, end) to the hull of `spans` (sorted, disjoint)
/// and, when there are several, `liveRanges` to them.
void setLiveSpans(ArrayRef<OrderSpan> spans, uint64_t &start, uint64_t &end,
                  SmallVectorImpl<std::pair<uint64_t, uint64_t>> &liveRanges) {
  start = spans.front().first;
  end = spans.back().last + 1;
  if (spans.size() > 1)
    for (const OrderSpan &span : spans)
      liveRanges.push_back({span.first, span.last + 1});
}

/// The alignment attribute of a memref.alloc or memref.alloca.
std::optional<uint64_t> getAlignmentAttribute(Operation *alloc) {
  if (auto heap = dyn_cast<memref::AllocOp>(alloc))
    return heap.getAlignment();
  return cast<memref::AllocaOp>(alloc).getAlignment();
}

/// The extents to plan the allocation for: its static ones, and for each
/// dynamic one its constant upper bound (SizeBounds.h: an `affine.min` of a
/// tile size or the arith.minsi lowered from it, a `tensor.dim` of a static
/// value, a loop bound); `atUpperBound` says whether there was any.
FailureOr<SmallVector<int64_t>> getPlannedShape(const FunctionBuffer &buffer,
                                                bool &atUpperBound) {
  SmallVector<int64_t> shape(buffer.getType().getShape());
  auto sizes = buffer.getDynamicSizes().begin();
  atUpperBound = false;
  for (int64_t &extent : shape) {
    if (!ShapedType::isDynamic(extent))
      continue;
    FailureOr<int64_t> bound = computeSizeUpperBound(*sizes++);
    if (failed(bound))
      return failure();
    // A negative size is undefined: the buffer is then never used.
    extent = std::max<int64_t>(*bound, 0);
    atUpperBound = true;
  }
  return shape;
}

/// Why a buffer of dynamic size with no constant upper bound is left alone,
/// with its size over the function's arguments where it has one (then
/// recorded in `buffer.symbolicSize`), or why it has none.
std::string describeDynamicSize(FunctionBuffer &buffer,
                                std::optional<uint64_t> stride,
                                SizeSymbols &symbols) {
  std::string message = "has a dynamic size with no constant upper bound";
  if (!stride || !isa<memref::AllocOp>(buffer.alloc))
    return message;
  std::string why;
  FailureOr<SizeExpr> size =
      computeSymbolicSize(buffer.alloc, *stride, symbols, why);
  if (failed(size))
    return message + ", and " + why;
  buffer.symbolicSize = *size;
  return describeRunTimeSize(*size, symbols);
}

/// Analyses one allocation; the frees it shares with other buffers are
/// left in `sharedFrees` for resolveSharedFrees, with `splitLives` the
/// lives overwrites split it into (if more than one) in `lives`, and the
/// bytes each user moves through it in `accesses`, to share among them.
FunctionBuffer
analyzeAlloc(Operation *alloc, FunctionOpInterface func,
             BufferAliasAnalysis &aliasAnalysis, const ProgramOrder &order,
             const DataLayout &layout, uint64_t minAlignment,
             ControlFlowComponents &components, bool splitLives,
             SizeSymbols &symbols, bool keepSymbolic,
             SmallVector<OpOperand *> &sharedFrees,
             SmallVector<BufferLife> &lives,
             SmallVector<std::pair<Operation *, uint64_t>> &accesses) {
  FunctionBuffer buffer;
  buffer.alloc = alloc;
  buffer.onStack = isa<memref::AllocaOp>(alloc);
  MemRefType type = buffer.getType();
  if (!type.getLayout().isIdentity()) {
    buffer.leftAlone = LeftAlone{LeftAloneKind::NonIdentityLayout,
                                 "has a non-identity layout"};
    return buffer;
  }
  std::optional<uint64_t> stride =
      getElementStride(type.getElementType(), layout);
  FailureOr<SmallVector<int64_t>> shape =
      getPlannedShape(buffer, buffer.atUpperBound);
  if (failed(shape)) {
    std::string message = describeDynamicSize(buffer, stride, symbols);
    if (!keepSymbolic || !buffer.symbolicSize) {
      buffer.leftAlone = LeftAlone{LeftAloneKind::DynamicShape, message};
      return buffer;
    }
    buffer.atUpperBound = false;
  }

  if (!stride) {
    buffer.leftAlone = LeftAlone{LeftAloneKind::Unsized,
                                 "its element type has no fixed size in the "
                                 "data layout"};
    return buffer;
  }
  // A size known only at run time is its symbolicSize.
  if (succeeded(shape)) {
    std::optional<uint64_t> size = *stride;
    for (int64_t extent : *shape)
      size = size ? checkedMul(*size, extent) : std::nullopt;
    // A slab is a memref of bytes, whose extent is a signed 64-bit integer.
    if (!size || *size > static_cast<uint64_t>(INT64_MAX)) {
      buffer.leftAlone =
          LeftAlone{LeftAloneKind::Unsized,
                    "its size in bytes does not fit the extent of a memref"};
      return buffer;
    }
    buffer.size = *size;
  }
  buffer.alignment = std::max<uint64_t>(
      {minAlignment, layout.getTypeABIAlignment(type.getElementType()),
       llvm::PowerOf2Ceil(getAlignmentAttribute(alloc).value_or(1))});
  buffer.memorySpace = type.getMemorySpace();

  BufferAliases aliases = aliasAnalysis.analyzeBuffer(buffer.getMemRef(), func);
  // The buffer may be read through views of wider element types (an i8
  // buffer viewed as vectors, say), here or in a function it is passed to:
  // it needs the alignment of each.
  for (Type element : aliases.getSeenElementTypes())
    if (hasDataLayoutSize(element))
      buffer.alignment = std::max<uint64_t>(
          buffer.alignment, layout.getTypeABIAlignment(element));
  // So may an access's own alignment attribute (vector.load {alignment =
  // 16}), or memref.assume_alignment.
  buffer.alignment =
      std::max(buffer.alignment, aliases.getAskedAccessAlignment());

  // Where the buffer lives says more than how it escapes: check that first.
  if ((buffer.leftAlone = checkEnclosingRegions(alloc, func, aliases.aliases,
                                                components, buffer.scope)))
    return buffer;
  if ((buffer.leftAlone = aliases.escape))
    return buffer;

  // In a region of several blocks, whole writes split the buffer's lives
  // on the control-flow graph; what they leave dead is dead even as one.
  Region *common = getCommonRegion(alloc, aliases.users);
  std::optional<SmallVector<ControlFlowLife>> controlFlowLives;
  if (splitLives && !common->hasOneBlock() && !aliases.users.empty())
    controlFlowLives = findControlFlowLives(alloc, common, aliases, order,
                                            components, buffer.remadeViews);
  if (controlFlowLives && controlFlowLives->size() > 1) {
    for (ControlFlowLife &found : *controlFlowLives) {
      BufferLife &life = lives.emplace_back();
      setLiveSpans(found.spans, life.start, life.end, life.liveRanges);
      life.region = common;
      life.ops = std::move(found.ops);
      life.overwrite = found.overwrite;
    }
  } else {
    llvm::SmallVector<OrderSpan> spans =
        controlFlowLives
            ? controlFlowLives->front().spans
            : getLiveSpans(alloc, aliases.users, order, components);
    setLiveSpans(spans, buffer.start, buffer.end, buffer.liveRanges);
    if (spans.size() == 1 && splitLives)
      lives = findBufferLives(alloc, aliases, order, buffer.remadeViews);
  }
  for (Operation *view : buffer.remadeViews)
    buffer.remadeViewSources.push_back(
        cast<ViewLikeOpInterface>(view).getViewSource());
  buffer.frees = std::move(aliases.frees);
  sharedFrees = std::move(aliases.sharedFrees);
  for (Operation *user : aliases.users) {
    uint64_t bytes = estimateAccessedBytes(
        user, aliases.aliases, buffer.size,
        buffer.scope ? buffer.scope : func.getOperation(), layout);
    accesses.push_back({user, bytes});
    buffer.accessedBytes =
        checkedAdd(buffer.accessedBytes, bytes).value_or(UINT64_MAX);
  }
  return buffer;
}

/// Each buffer whose `lives` are known (if still planned) becomes one buffer
/// per life, in order.
std::vector<FunctionBuffer> splitIntoLives(
    std::vector<FunctionBuffer> buffers,
    ArrayRef<SmallVector<BufferLife>> lives,
    ArrayRef<SmallVector<std::pair<Operation *, uint64_t>>> accesses) {
  std::vector<FunctionBuffer> split;
  size_t count = 0;
  for (auto [buffer, bufferLives] : llvm::zip_equal(buffers, lives))
    count += buffer.leftAlone || bufferLives.empty() ? 1 : bufferLives.size();
  split.reserve(count);
  for (auto [buffer, bufferLives, users] :
       llvm::zip_equal(buffers, lives, accesses)) {
    if (buffer.leftAlone || bufferLives.empty()) {
      split.push_back(std::move(buffer));
      continue;
    }
    for (auto [index, life] : llvm::enumerate(bufferLives)) {
      FunctionBuffer &part = split.emplace_back(buffer);
      part.life = index;
      part.lifeBegin = life.begin;
      part.nextLifeBegin = index + 1 < bufferLives.size()
                               ? bufferLives[index + 1].begin
                               : nullptr;
      part.start = life.start;
      part.end = life.end;
      part.iterationBegin = life.iterationBegin;
      part.lifeRegion = life.region;
      part.lifeOps = life.ops;
      part.lifeOverwrite = life.overwrite;
      part.liveRanges = life.liveRanges;
      // The last life removes the frees.
      if (index + 1 < bufferLives.size())
        part.frees.clear();
      part.accessedBytes = 0;
      for (auto [user, bytes] : users)
        if (part.isInLife(user))
          part.accessedBytes =
              checkedAdd(part.accessedBytes, bytes).value_or(UINT64_MAX);
    }
  }
  return split;
}

} // namespace

std::string describeScope(Operation *scope) {
  return (isParallelLoop(scope) ? "each iteration of " : "each execution of ") +
         quoteOp(scope);
}

bool FunctionBuffer::isInLife(Operation *user) const {
  if (!isSplit())
    return true;
  if (lifeRegion) {
    Operation *op = lifeRegion->findAncestorOpInRegion(*user);
    return op && llvm::binary_search(lifeOps, op);
  }
  Operation *top = alloc->getBlock()->findAncestorOpInBlock(*user);
  return top && (!lifeBegin || !top->isBeforeInBlock(lifeBegin)) &&
         (!nextLifeBegin || top->isBeforeInBlock(nextLifeBegin));
}

std::string describeRunTimeSize(const SizeExpr &size,
                                const SizeSymbols &symbols) {
  return "has a dynamic size with no constant upper bound: " +
         size.toString(symbols.getNames()) +
         " bytes over the function's arguments";
}

OperandRange getAllocDynamicSizes(Operation *alloc) {
  if (auto heap = dyn_cast<memref::AllocOp>(alloc))
    return heap.getDynamicSizes();
  return cast<memref::AllocaOp>(alloc).getDynamicSizes();
}

std::vector<FunctionBuffer>
analyzeFunctionBuffers(FunctionOpInterface func,
                       BufferAliasAnalysis &aliasAnalysis,
                       uint64_t minAlignment, bool withAllocas, bool splitLives,
                       SizeSymbols *keptSymbols) {
  std::vector<FunctionBuffer> buffers;
  if (func.isExternal())
    return buffers;
  ProgramOrder order(func);
  DataLayout layout = DataLayout::closest(func);
  ControlFlowComponents components;
  SizeSymbols ownSymbols;
  SizeSymbols &symbols = keptSymbols ? *keptSymbols : ownSymbols;
  // The allocations first, so that the vectors are sized once: growing
  // them copied every buffer analysed so far.
  SmallVector<Operation *> allocs;
  func->walk([&](Operation *alloc) {
    if (!isa<memref::AllocOp>(alloc) &&
        !(withAllocas && isa<memref::AllocaOp>(alloc)))
      return;
    if (alloc->getParentOfType<FunctionOpInterface>() != func)
      return;
    allocs.push_back(alloc);
  });
  buffers.reserve(allocs.size());
  std::vector<SmallVector<OpOperand *>> sharedFrees;
  std::vector<SmallVector<BufferLife>> lives;
  std::vector<SmallVector<std::pair<Operation *, uint64_t>>> accesses;
  sharedFrees.reserve(allocs.size());
  lives.reserve(allocs.size());
  accesses.reserve(allocs.size());
  for (Operation *alloc : allocs) {
    buffers.push_back(analyzeAlloc(
        alloc, func, aliasAnalysis, order, layout, minAlignment, components,
        splitLives, symbols, keptSymbols != nullptr, sharedFrees.emplace_back(),
        lives.emplace_back(), accesses.emplace_back()));
    LLVM_DEBUG({
      const FunctionBuffer &buffer = buffers.back();
      llvm::dbgs() << "memplan-analysis: @" << func.getName() << ": "
                   << buffer.getType() << " at " << alloc->getLoc() << ": ";
      if (buffer.leftAlone)
        llvm::dbgs() << "left alone ("
                     << getLeftAloneKindName(buffer.leftAlone->kind)
                     << "): " << buffer.leftAlone->message << "\n";
      else
        llvm::dbgs() << "live on [" << buffer.start << ", " << buffer.end
                     << "), " << buffer.size << " bytes, align "
                     << buffer.alignment << "\n";
    });
  }
  resolveSharedFrees(buffers, sharedFrees);
  if (llvm::all_of(lives, [](const auto &split) { return split.empty(); }))
    return buffers;
  return splitIntoLives(std::move(buffers), lives, accesses);
}

} // namespace memplan
