//===- WholeWrites.cpp - Ops that write every element of a buffer --------===//

#include "memplan/Analysis/WholeWrites.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;

namespace memplan {

namespace {

/// Whether every run of `loop` runs `body` at least once: a static trip
/// count above zero, or a region the loop always enters first (the `before`
/// region of scf.while).
bool entersAtLeastOnce(Operation *loop, Region &body) {
  if (std::optional<llvm::APInt> trips =
          cast<LoopLikeOpInterface>(loop).getStaticTripCount())
    return !trips->isZero();
  SmallVector<RegionSuccessor> successors;
  cast<RegionBranchOpInterface>(loop).getSuccessorRegions(
      RegionBranchPoint::parent(), successors);
  return successors.size() == 1 && successors.front().getSuccessor() == &body;
}

/// Whether a vector of `vectorType` written at `indices` of a memref of
/// `memrefType` covers every element of it: the same static shape, at 0.
bool isWholeVector(VectorType vectorType, MemRefType memrefType,
                   ValueRange indices) {
  return memrefType.hasStaticShape() && !vectorType.isScalable() &&
         vectorType.getShape() == memrefType.getShape() &&
         llvm::all_of(indices,
                      [](Value index) { return isConstantIntValue(index, 0); });
}

/// The number of iterations of `loop`, a loop of one induction variable
/// from 0 by steps of 1 to a constant, or nothing.
std::optional<int64_t> getCountingLoopTrips(Operation *loop) {
  auto loopLike = dyn_cast<LoopLikeOpInterface>(loop);
  if (!loopLike || !isSequentialLoop(loop))
    return std::nullopt;
  std::optional<OpFoldResult> lower = loopLike.getSingleLowerBound();
  std::optional<OpFoldResult> step = loopLike.getSingleStep();
  std::optional<OpFoldResult> upper = loopLike.getSingleUpperBound();
  if (!lower || !step || !upper || !isConstantIntValue(*lower, 0) ||
      !isConstantIntValue(*step, 1))
    return std::nullopt;
  return getConstantIntValue(*upper);
}

} // namespace

bool isSequentialLoop(Operation *op) {
  return op->isRegistered() && isa<LoopLikeOpInterface>(op) &&
         isa<RegionBranchOpInterface>(op) && !mayRunRegionsConcurrently(op) &&
         !mayRunAfterReturning(op);
}

SmallVector<Operation *> WholeWrites::getUsersWithin(Operation *op) const {
  SmallVector<Operation *> inside;
  for (Operation *user : aliases.users)
    if (op->isAncestor(user))
      inside.push_back(user);
  return inside;
}

bool WholeWrites::coversWholeBuffer(Value value) const {
  while (value != buffer) {
    Operation *view = value.getDefiningOp();
    if (!view || !aliases.aliases.contains(value))
      return false;
    if (auto cast = dyn_cast<memref::CastOp>(view)) {
      value = cast.getSource();
    } else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(view)) {
      value = collapse.getSrc();
    } else if (auto expand = dyn_cast<memref::ExpandShapeOp>(view)) {
      value = expand.getSrc();
    } else if (auto subview = dyn_cast<memref::SubViewOp>(view)) {
      // Offsets 0, the source's whole static extent, unit strides (a
      // rank-reducing one drops only unit dimensions).
      MemRefType source = subview.getSourceType();
      if (!source.hasStaticShape() ||
          subview.getStaticSizes() != source.getShape())
        return false;
      if (!llvm::all_of(subview.getMixedOffsets(), isZeroInteger) ||
          !llvm::all_of(subview.getMixedStrides(), [](OpFoldResult stride) {
            return isConstantIntValue(stride, 1);
          }))
        return false;
      value = subview.getSource();
    } else {
      return false;
    }
  }
  return true;
}

bool WholeWrites::writesWholeDirectly(Operation *op) const {
  OpOperand *written = nullptr;
  // No other operand may reach the buffer: the op would read what it writes.
  auto writesOnlyThere = [&] {
    return llvm::none_of(op->getOpOperands(), [&](OpOperand &operand) {
      return &operand != written && aliases.aliases.contains(operand.get());
    });
  };
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    // Source and target have one shape: the copy writes every element.
    written = &copy.getTargetMutable();
    return coversWholeBuffer(copy.getTarget()) && writesOnlyThere();
  }
  if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    auto memref = dyn_cast<MemRefType>(write.getBase().getType());
    written = &write.getBaseMutable();
    return memref && !write.getMask() &&
           write.getPermutationMap().isIdentity() &&
           isWholeVector(write.getVectorType(), memref, write.getIndices()) &&
           coversWholeBuffer(write.getBase()) && writesOnlyThere();
  }
  if (auto store = dyn_cast<vector::StoreOp>(op)) {
    written = &store.getBaseMutable();
    return isWholeVector(store.getVectorType(), store.getMemRefType(),
                         store.getIndices()) &&
           coversWholeBuffer(store.getBase()) && writesOnlyThere();
  }
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    // A fill stores its scalar in every element of its output: the general
    // test below, without building the indexing maps of a named op.
    written = &op->getOpOperand(fill.getOutputs().getBeginOperandIndex());
    return coversWholeBuffer(written->get()) && fill.hasPureBufferSemantics() &&
           writesOnlyThere();
  }
  auto structured = dyn_cast<linalg::LinalgOp>(op);
  if (!structured)
    return false;
  // Parallel loops over a permutation of the init's dimensions visit each
  // of its elements once; a body that does not read the init writes it.
  // The cheap tests first: a named op builds the segment sizes of its
  // operands as an attribute to say which are inits, and its indexing maps,
  // when asked. The buffer must be one operand, whose payload argument goes
  // unread (an input's seldom does) before it is asked whether that is an
  // init.
  for (OpOperand &operand : op->getOpOperands()) {
    if (!aliases.aliases.contains(operand.get()))
      continue;
    if (written)
      return false;
    written = &operand;
  }
  // Whether the body reads the buffer's element is asked of its block
  // argument: upstream's payloadUsesValueFromOperand says a linalg.map never
  // reads its init, although MLIR 22 hands the map's body the init's
  // element. A map's loops are all parallel and its maps the identity, by
  // its definition: they are not built.
  return written && coversWholeBuffer(written->get()) &&
         structured.getMatchingBlockArgument(written).use_empty() &&
         structured.hasPureBufferSemantics() && structured.isDpsInit(written) &&
         (isa<linalg::MapOp>(op) ||
          (structured.isAllParallelLoops() &&
           structured.getMatchingIndexingMap(written).isPermutation()));
}

bool WholeWrites::storesEveryElement(Operation *loop,
                                     ArrayRef<Operation *> inside) const {
  // One store, the nest's only use of the buffer: it reads none.
  if (inside.size() != 1)
    return false;
  Operation *store = inside.front();
  Value memref;
  SmallVector<Value> indices;
  if (auto plain = dyn_cast<memref::StoreOp>(store)) {
    memref = plain.getMemRef();
    indices.assign(plain.getIndices().begin(), plain.getIndices().end());
  } else if (auto affine = dyn_cast<affine::AffineStoreOp>(store)) {
    if (!affine.getAffineMap().isIdentity())
      return false;
    memref = affine.getMemRef();
    indices.assign(affine.getIndices().begin(), affine.getIndices().end());
  } else {
    return false;
  }
  auto type = cast<MemRefType>(memref.getType());
  if (!type.hasStaticShape() || !coversWholeBuffer(memref))
    return false;
  // Every op from the store up to `loop` is a counting loop that runs: the
  // store runs for every value of each induction variable.
  llvm::SmallDenseMap<Value, int64_t> tripsOf;
  for (Operation *parent = store->getParentOp();;
       parent = parent->getParentOp()) {
    std::optional<int64_t> trips = getCountingLoopTrips(parent);
    if (!trips || *trips < 1)
      return false;
    tripsOf[*cast<LoopLikeOpInterface>(parent).getSingleInductionVar()] =
        *trips;
    if (parent == loop)
      break;
  }
  // Each dimension indexed by its own loop over its whole extent.
  llvm::SmallDenseSet<Value> used;
  for (auto [index, extent] : llvm::zip_equal(indices, type.getShape())) {
    auto found = tripsOf.find(index);
    if (found == tripsOf.end() || found->second != extent ||
        !used.insert(index).second)
      return false;
  }
  return true;
}

Operation *WholeWrites::getFirstHolder(Block &block,
                                       ArrayRef<Operation *> inside) {
  Operation *first = nullptr;
  for (Operation *user : inside) {
    Operation *holder = block.findAncestorOpInBlock(*user);
    if (holder && (!first || holder->isBeforeInBlock(first)))
      first = holder;
  }
  return first;
}

bool WholeWrites::everyBranchBeginsAnew(Operation *op,
                                        ArrayRef<Operation *> inside) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || !op->isRegistered() || mayRunRegionsConcurrently(op) ||
      mayRunAfterReturning(op))
    return false;
  // The op enters one of its regions, never none, and each goes back out.
  SmallVector<RegionSuccessor> entries;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
  if (entries.empty())
    return false;
  for (const RegionSuccessor &entry : entries) {
    Region *region = entry.getSuccessor();
    if (!region || !region->hasOneBlock() ||
        branch.isRepetitiveRegion(region->getRegionNumber()))
      return false;
    SmallVector<RegionSuccessor> exits;
    branch.getSuccessorRegions(*region, exits);
    if (llvm::any_of(exits, [](const RegionSuccessor &exit) {
          return !exit.isParent();
        }))
      return false;
    Operation *first = getFirstHolder(region->front(), inside);
    if (!first || !beginsAnew(first))
      return false;
  }
  return true;
}

bool WholeWrites::beginsAnew(Operation *op) {
  SmallVector<Operation *> inside = getUsersWithin(op);
  bool usesDirectly = aliases.users.contains(op);
  bool holdsUses =
      llvm::any_of(inside, [&](Operation *user) { return user != op; });
  if (!holdsUses)
    return usesDirectly && writesWholeDirectly(op);
  if (usesDirectly)
    return false;
  if (isSequentialLoop(op)) {
    if (storesEveryElement(op, inside))
      return true;
    std::optional<IterationOverwrite> each = findIterationOverwrite(op);
    return each && each->runsAtLeastOnce;
  }
  return everyBranchBeginsAnew(op, inside);
}

std::optional<IterationOverwrite>
WholeWrites::findIterationOverwrite(Operation *loop) {
  if (!isSequentialLoop(loop))
    return std::nullopt;
  SmallVector<Operation *> inside = getUsersWithin(loop);
  // One region of the loop, a body of one block, holds every use.
  Region *body = nullptr;
  for (Operation *user : inside) {
    if (user == loop)
      return std::nullopt;
    Operation *child = user;
    while (child->getParentOp() != loop)
      child = child->getParentOp();
    Region *region = child->getParentRegion();
    if (body && region != body)
      return std::nullopt;
    body = region;
  }
  if (!body || !body->hasOneBlock() ||
      !cast<RegionBranchOpInterface>(loop).isRepetitiveRegion(
          body->getRegionNumber()))
    return std::nullopt;
  bool entered = entersAtLeastOnce(loop, *body);
  Block &block = body->front();
  Operation *first = getFirstHolder(block, inside);
  bool alone = llvm::all_of(inside, [&](Operation *user) {
    return block.findAncestorOpInBlock(*user) == first;
  });
  // A loop nested in the body that alone touches the buffer and begins it
  // anew in each of its own iterations: the tighter life is its.
  if (alone) {
    if (std::optional<IterationOverwrite> nested =
            findIterationOverwrite(first)) {
      nested->runsAtLeastOnce &= entered;
      return nested;
    }
  }
  if (!beginsAnew(first))
    return std::nullopt;
  IterationOverwrite found;
  found.overwrite = first;
  found.runsAtLeastOnce = entered;
  for (Operation *user : inside)
    found.lastPoint =
        std::max(found.lastPoint,
                 order.getSpan(block.findAncestorOpInBlock(*user)).last);
  return found;
}

} // namespace memplan
