//===- SlabRewrite.cpp - Turns planned buffers into views of a slab -------===//

#include "SlabRewrite.h"

#include "MemorySpaces.h"
#include "RunTimeOffsets.h"

#include "memplan/Analysis/FunctionNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace mlir;

namespace memplan {

namespace {

/// The name of a global slab: "__memplan_slab_<func>" for a function's
/// slab, "__memplan_object_<func>_<index>" for its shared object `index`
/// (the index the report gives it), with "_space<k>" after the function
/// where the memory space is not the default one and "_<arena>" at the end
/// for an arena's slab, so that names neither mislead nor depend on the
/// order in which they were made.
std::string getGlobalSlabName(FunctionOpInterface func, Attribute memorySpace,
                              std::optional<unsigned> objectIndex,
                              StringRef arena) {
  std::string name = objectIndex ? "__memplan_object" : "__memplan_slab";
  if (StringRef symbol = getFunctionName(func); !symbol.empty())
    name += "_" + symbol.str();
  if (std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
      number && *number != 0) {
    name += "_space" + std::to_string(*number);
  } else if (!number) {
    // A space such as #gpu.address_space<workgroup>, its letters and
    // digits kept: "_space_gpu_address_space_workgroup".
    name += "_space";
    bool separated = false;
    for (char c : printMemorySpace(memorySpace)) {
      if (llvm::isAlnum(c)) {
        if (!separated)
          name += '_';
        name += c;
        separated = true;
      } else {
        separated = false;
      }
    }
  }
  if (objectIndex)
    name += "_" + std::to_string(*objectIndex);
  if (!arena.empty())
    name += "_" + arena.str();
  return name;
}

/// The module's symbols, and where the next global slab goes.
struct GlobalSlabs {
  explicit GlobalSlabs(ModuleOp module) : symbols(module) {}
  SymbolTable symbols;
  /// A space's slabs are made last first, each right before the one made
  /// before it (the first right before its function), so that they read in
  /// order next to their user.
  Operation *insertBefore = nullptr;
};

/// Adds a private, uninitialized global named `name` (renamed if taken) for
/// the slab to `globals` and takes it at the builder's point. With a
/// `section`, the global says so and the module records it for
/// memplan-set-sections.
Value createGlobalSlab(OpBuilder &builder, Location loc, MemRefType slabType,
                       IntegerAttr alignment, StringRef name, StringRef section,
                       GlobalSlabs &globals) {
  OpBuilder globalBuilder(builder.getContext());
  auto global = memref::GlobalOp::create(
      globalBuilder, loc, name, globalBuilder.getStringAttr("private"),
      slabType, /*initial_value=*/globalBuilder.getUnitAttr(),
      /*constant=*/false, alignment);
  // insert() renames it if the name is taken.
  StringAttr unique =
      globals.symbols.insert(global, Block::iterator(globals.insertBefore));
  globals.insertBefore = global;
  if (!section.empty()) {
    StringAttr sectionAttr = builder.getStringAttr(section);
    global->setAttr(kSectionAttr, sectionAttr);
    Operation *module = globals.symbols.getOp();
    NamedAttrList sections;
    if (auto recorded = module->getAttrOfType<DictionaryAttr>(kSectionsAttr))
      sections.append(recorded.getValue());
    sections.set(unique, sectionAttr);
    module->setAttr(kSectionsAttr,
                    sections.getDictionary(builder.getContext()));
  }
  return memref::GetGlobalOp::create(builder, loc, slabType,
                                     FlatSymbolRefAttr::get(unique));
}

/// The memory spaces in which a function frees memory: a slab or arena of
/// a space the function frees nothing in is not freed either (a target may
/// have no free there: LLVM's lowering calls `free` on the default address
/// space only).
class FreedSpaces {
public:
  /// Reads every free in `func`'s body: a memref.dealloc, a
  /// bufferization.dealloc (which declares no memory effects) or any other
  /// op that frees an operand.
  explicit FreedSpaces(FunctionOpInterface func);

  bool contains(Attribute memorySpace) const {
    return anySpace || spaces.contains(memorySpace);
  }

private:
  void add(Value freed) {
    if (auto type = dyn_cast_if_present<BaseMemRefType>(freed ? freed.getType()
                                                              : Type()))
      spaces.insert(type.getMemorySpace());
    else
      anySpace = true;
  }

  llvm::SmallDenseSet<Attribute> spaces;
  /// A free of a value that is not a memref, or of no value.
  bool anySpace = false;
};

FreedSpaces::FreedSpaces(FunctionOpInterface func) {
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Structured ops, most of a network's ops, only read and write their
    // operands, and their payloads compute scalars (a free there would free
    // on every element): neither is asked, nor is an op without operands,
    // which has nothing of the function's to free. Asking for effects
    // builds a list per op.
    if (isa<linalg::LinalgOp>(op))
      return WalkResult::skip();
    if (op->getNumOperands() == 0)
      return WalkResult::advance();
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
      for (Value memref : dealloc.getMemrefs())
        add(memref);
      return WalkResult::advance();
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      if (isa<MemoryEffects::Free>(instance.getEffect()))
        add(instance.getValue());
    return WalkResult::advance();
  });
}

/// Removes `frees` of planned buffers: a memref.dealloc goes, a
/// bufferization.dealloc loses those memrefs and their conditions (the
/// updated conditions of its retained values then claim no ownership of
/// planned buffers, whose other frees go too).
void removeFrees(ArrayRef<OpOperand *> frees) {
  llvm::SetVector<Operation *> deallocs;
  llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> dropped;
  for (OpOperand *free : frees) {
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(free->getOwner()))
      dropped[dealloc].insert(free->getOperandNumber());
    else
      deallocs.insert(free->getOwner());
  }
  for (Operation *dealloc : deallocs)
    dealloc->erase();
  for (auto &[op, operands] : dropped) {
    auto dealloc = cast<bufferization::DeallocOp>(op);
    SmallVector<Value> memrefs, conditions;
    for (auto [index, memref, condition] :
         llvm::enumerate(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (operands.contains(index))
        continue;
      memrefs.push_back(memref);
      conditions.push_back(condition);
    }
    if (memrefs.empty() && dealloc.getRetained().empty()) {
      dealloc->erase();
      continue;
    }
    OpBuilder builder(dealloc);
    auto rest = bufferization::DeallocOp::create(
        builder, dealloc.getLoc(), memrefs, conditions, dealloc.getRetained());
    dealloc->replaceAllUsesWith(rest->getResults());
    dealloc->erase();
  }
}

/// Replaces the uses of `buffer`'s allocation by `view`: all of them, or for
/// one life of a split allocation those in the ops of its block from the
/// overwrite that begins it to the one that begins the next (or, in a region
/// of several blocks, in its ops there). A later life makes again, from
/// `view` and at `builder`'s point, the views of the allocation made before
/// it began that it uses; a life in a region of several blocks makes each
/// where the original is, and the originals go once every slab of the
/// function is rewritten (eraseRewrittenAllocations).
void replaceUsesInLife(const FunctionBuffer &buffer, Value view,
                       OpBuilder &builder) {
  Value memref = buffer.getMemRef();
  if (!buffer.isSplit()) {
    memref.replaceAllUsesWith(view);
    return;
  }
  // A life in a region of several blocks finds its uses by their ops, of
  // which frees are none: the life that holds them (the last) takes them, so
  // that the allocation goes with it.
  auto inLife = [&](OpOperand &use) {
    return buffer.isInLife(use.getOwner()) ||
           (buffer.lifeRegion && llvm::is_contained(buffer.frees, &use));
  };
  memref.replaceUsesWithIf(view, inLife);
  if (!buffer.lifeBegin && !buffer.lifeRegion)
    return;
  // Each copy views this life's view, or this life's copy of the view its
  // original derives from as analysed: the original's source may since have
  // become any other life's view or copy.
  IRMapping remade;
  SmallVector<Operation *> copies;
  for (auto [original, analysedSource] :
       llvm::zip_equal(buffer.remadeViews, buffer.remadeViewSources)) {
    if (buffer.lifeBegin && !original->isBeforeInBlock(buffer.lifeBegin))
      break;
    Value source = cast<ViewLikeOpInterface>(original).getViewSource();
    Value ownSource =
        analysedSource == memref ? view : remade.lookup(analysedSource);
    OpBuilder::InsertionGuard guard(builder);
    if (buffer.lifeRegion)
      builder.setInsertionPoint(original);
    Operation *copy = builder.clone(*original);
    for (OpOperand &operand : copy->getOpOperands())
      if (operand.get() == source)
        operand.set(ownSource);
    remade.map(original->getResult(0), copy->getResult(0));
    original->getResult(0).replaceUsesWithIf(copy->getResult(0), inLife);
    copies.push_back(copy);
  }
  // A view this life does not use, nor any view it uses.
  for (Operation *copy : llvm::reverse(copies))
    if (copy->use_empty())
      copy->erase();
}

/// A buffer of a function and the byte offset it was given in its slab.
struct PlacedBuffer {
  const FunctionBuffer *buffer;
  uint64_t offset;
};

/// One slab to make: what the rewrite's steps read.
struct SlabRequest {
  FunctionOpInterface func;
  /// The parallel loop whose body holds the slab, if any.
  Operation *scope = nullptr;
  SlabHome home = SlabHome::Entry;
  Attribute memorySpace;
  uint64_t size = 0;
  uint64_t alignment = 1;
  /// The name of the slab's location.
  StringRef name;
  /// The slab's index among its space's shared objects.
  std::optional<unsigned> objectIndex;
  /// The arena whose slab this is, if the space has arenas, and the linker
  /// section of its global, if any.
  StringRef arena;
  StringRef section;
  /// The arena is a part of a slab split by max-slab-bytes.
  bool part = false;
  /// slab=argument: where the space's arguments begin. Its slabs are made
  /// last first, each inserted there, so that they read in slab order.
  unsigned firstArgument = 0;
  /// Whether the function frees memory of the space: a slab at the entry is
  /// freed only then.
  bool functionFrees = false;
};

/// The body the slab of `request` is made at the start of.
static Region &getSlabBody(const SlabRequest &request) {
  FunctionOpInterface func = request.func;
  return request.scope ? request.scope->getRegion(0) : func.getFunctionBody();
}

/// Makes the `i8` slab of `request` where its home says, with `builder` at
/// the start of its body; `builder` is left after it.
static Value makeSlab(const SlabRequest &request, OpBuilder &builder,
                      Location slabLoc, GlobalSlabs *globals) {
  auto slabType =
      MemRefType::get({static_cast<int64_t>(request.size)}, builder.getI8Type(),
                      MemRefLayoutAttrInterface(), request.memorySpace);
  IntegerAttr alignmentAttr =
      builder.getI64IntegerAttr(static_cast<int64_t>(request.alignment));
  switch (request.home) {
  case SlabHome::Stack:
    return memref::AllocaOp::create(builder, slabLoc, slabType, alignmentAttr);
  case SlabHome::Global:
    return createGlobalSlab(builder, slabLoc, slabType, alignmentAttr,
                            getGlobalSlabName(request.func, request.memorySpace,
                                              request.objectIndex,
                                              request.arena),
                            request.section, *globals);
  case SlabHome::Argument: {
    FunctionOpInterface func = request.func;
    unsigned index = request.firstArgument;
    SmallVector<NamedAttribute> attrs = {
        builder.getNamedAttr(
            kSlabSizeAttr,
            builder.getI64IntegerAttr(static_cast<int64_t>(request.size))),
        builder.getNamedAttr(kSlabAlignmentAttr, alignmentAttr)};
    if (!request.arena.empty())
      attrs.push_back(
          builder.getNamedAttr(request.part ? kPartAttr : kArenaAttr,
                               builder.getStringAttr(request.arena)));
    (void)func.insertArgument(index, slabType, builder.getDictionaryAttr(attrs),
                              slabLoc);
    return getSlabBody(request).front().getArgument(index);
  }
  case SlabHome::PerIteration:
  case SlabHome::Entry:
    return memref::AllocOp::create(builder, slabLoc, slabType, alignmentAttr);
  }
  llvm_unreachable("unknown slab home");
}

/// Replaces each of `buffers` by a memref.view of `slab` at its offset
/// (an index value where the slab is), with the sizes its allocation had.
static void replaceByViews(ArrayRef<const FunctionBuffer *> buffers,
                           ArrayRef<Value> offsets, Value slab,
                           OpBuilder &builder) {
  for (auto [buffer, offset] : llvm::zip_equal(buffers, offsets)) {
    Operation *alloc = buffer->alloc;
    // A later life's view is made where its overwrite begins it.
    builder.setInsertionPoint(buffer->lifeBegin ? buffer->lifeBegin : alloc);
    Value view =
        memref::ViewOp::create(builder, alloc->getLoc(), buffer->getType(),
                               slab, offset, buffer->getDynamicSizes());
    replaceUsesInLife(*buffer, view, builder);
  }
}

/// Replaces each of `placed` by a memref.view of `slab` at its offset, the
/// offsets made as constants where `builder` stands, right after the slab.
static void makeViews(ArrayRef<PlacedBuffer> placed, Value slab,
                      OpBuilder &builder, Location slabLoc) {
  // One constant per distinct offset, in increasing order right after the
  // slab, so that the plan reads at the top of the function.
  std::map<uint64_t, Value> constants;
  for (const PlacedBuffer &entry : placed)
    constants[entry.offset];
  for (auto &[offset, value] : constants)
    value = arith::ConstantIndexOp::create(builder, slabLoc,
                                           static_cast<int64_t>(offset));
  SmallVector<const FunctionBuffer *> buffers;
  SmallVector<Value> offsets;
  for (const PlacedBuffer &entry : placed) {
    buffers.push_back(entry.buffer);
    offsets.push_back(constants[entry.offset]);
  }
  replaceByViews(buffers, offsets, slab, builder);
}

/// Frees `slab` on every way out of its body, if the function frees memory
/// of the space and the slab's home is one a free ends: a slab per
/// iteration at the end of the iteration, one at the entry before every
/// return.
static void freeSlab(const SlabRequest &request, Value slab, OpBuilder &builder,
                     Location slabLoc) {
  if (!request.functionFrees)
    return;
  Region &body = getSlabBody(request);
  if (request.home == SlabHome::PerIteration) {
    builder.setInsertionPoint(body.front().getTerminator());
    memref::DeallocOp::create(builder, slabLoc, slab);
    return;
  }
  if (request.home != SlabHome::Entry)
    return;
  for (Block &block : body) {
    if (block.empty())
      continue;
    Operation *terminator = &block.back();
    if (!terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    builder.setInsertionPoint(terminator);
    memref::DeallocOp::create(builder, slabLoc, slab);
  }
}

/// Makes the slab of `request`, replaces each placed buffer by a view of it
/// and frees it: the three steps, each reading the one request.
void rewriteIntoSlab(const SlabRequest &request, ArrayRef<PlacedBuffer> placed,
                     GlobalSlabs *globals) {
  FunctionOpInterface func = request.func;
  OpBuilder builder = OpBuilder::atBlockBegin(&getSlabBody(request).front());
  Location slabLoc =
      NameLoc::get(StringAttr::get(func->getContext(), request.name),
                   request.scope ? request.scope->getLoc() : func.getLoc());
  Value slab = makeSlab(request, builder, slabLoc, globals);
  makeViews(placed, slab, builder, slabLoc);
  freeSlab(request, slab, builder, slabLoc);
}

/// Adds to `module`, right before `func`, a private function that takes
/// `func`'s arguments and returns the bytes of its arena, a slab sized at
/// run time (slab=argument): what its callers allocate, and what anyone
/// else calling `func` can ask. Returns its name; `numOps` counts its
/// arithmetic.
FlatSymbolRefAttr createArenaSizeFunction(ModuleOp module,
                                          FunctionOpInterface func,
                                          const SpaceProblem &space,
                                          const SizeSymbols &symbols,
                                          const SymbolicPlan &plan,
                                          Location loc, unsigned &numOps) {
  MLIRContext *context = func->getContext();
  OpBuilder builder(context);
  auto type = FunctionType::get(context, func.getArgumentTypes(),
                                {builder.getIndexType()});
  auto sizeFunction = func::FuncOp::create(
      builder, loc, ("__memplan_arena_size_" + getFunctionName(func)).str(),
      type);
  sizeFunction.setPrivate();
  Block *entry = sizeFunction.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  RunTimeOffsets computed =
      emitRunTimeOffsets(builder, loc, *space.runTimeSizes, symbols, plan,
                         RunTimeValues::Size, entry->getArguments());
  func::ReturnOp::create(builder, loc, computed.slabSize);
  numOps += computed.numOps;
  // insert() renames it if the name is taken.
  SymbolTable table(module);
  return FlatSymbolRefAttr::get(
      table.insert(sizeFunction, Block::iterator(func.getOperation())));
}

/// Makes the slab of `request`, a space whose sizes are known only at run
/// time, as `plan` computes it there (RunTimeOffsets.h), replaces each of
/// its buffers by a view of it and frees it: an allocation at the start of
/// its body, or under slab=argument a trailing argument of dynamic size
/// whose bytes the function createArenaSizeFunction adds computes. Returns
/// how many operations the arithmetic took.
unsigned rewriteIntoRunTimeSlab(const SlabRequest &request,
                                const SpaceProblem &space,
                                const SizeSymbols &symbols,
                                const SymbolicPlan &plan, ModuleOp module) {
  assert((request.home == SlabHome::Entry ||
          request.home == SlabHome::PerIteration ||
          request.home == SlabHome::Argument) &&
         "a global's size is fixed, and so is a stack slab's here");
  FunctionOpInterface func = request.func;
  OpBuilder builder = OpBuilder::atBlockBegin(&getSlabBody(request).front());
  Location slabLoc =
      NameLoc::get(StringAttr::get(func->getContext(), request.name),
                   request.scope ? request.scope->getLoc() : func.getLoc());
  auto slabType =
      MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                      MemRefLayoutAttrInterface(), request.memorySpace);
  IntegerAttr alignment =
      builder.getI64IntegerAttr(static_cast<int64_t>(request.alignment));
  unsigned numOps = 0;
  if (request.home == SlabHome::Argument) {
    FlatSymbolRefAttr sizeFunction = createArenaSizeFunction(
        module, func, space, symbols, plan, slabLoc, numOps);
    unsigned index = func.getNumArguments();
    NamedAttribute attrs[] = {
        builder.getNamedAttr(kSlabSizeFunctionAttr, sizeFunction),
        builder.getNamedAttr(kSlabAlignmentAttr, alignment)};
    (void)func.insertArgument(index, slabType, builder.getDictionaryAttr(attrs),
                              slabLoc);
    RunTimeOffsets computed =
        emitRunTimeOffsets(builder, slabLoc, *space.runTimeSizes, symbols, plan,
                           RunTimeValues::Offsets);
    replaceByViews(space.buffers, computed.offsets,
                   getSlabBody(request).front().getArgument(index), builder);
    return numOps + computed.numOps;
  }
  RunTimeOffsets computed =
      emitRunTimeOffsets(builder, slabLoc, *space.runTimeSizes, symbols, plan,
                         RunTimeValues::OffsetsAndSize);
  Value slab = memref::AllocOp::create(
      builder, slabLoc, slabType, ValueRange{computed.slabSize}, alignment);
  replaceByViews(space.buffers, computed.offsets, slab, builder);
  freeSlab(request, slab, builder, slabLoc);
  return computed.numOps;
}

/// Erases the allocations of the rewritten buffers, and the views that
/// lives in a region of several blocks made again (each where the original
/// is), once every slab of the function is rewritten: until the last of its
/// lives is, an allocation is the buffer each life reads its type and
/// sizes from, although an earlier life may have taken all its uses (a
/// later life begun by a write through a view made in the earlier one), and
/// a life in another slab may still copy a view one life's slab left
/// unused.
void eraseRewrittenAllocations(ArrayRef<const FunctionBuffer *> rewritten) {
  llvm::SetVector<Operation *> originals, allocs;
  for (const FunctionBuffer *buffer : rewritten) {
    allocs.insert(buffer->alloc);
    if (buffer->lifeRegion)
      originals.insert_range(buffer->remadeViews);
  }
  // Views derive from views before them: the last first.
  for (Operation *original : llvm::reverse(originals))
    if (original->use_empty())
      original->erase();
  for (Operation *alloc : allocs)
    if (alloc->use_empty())
      alloc->erase();
}

} // namespace

unsigned rewriteModule(ModuleOp module, const ModuleBuffers &buffers,
                       const ModulePlan &plan) {
  unsigned runTimeOps = 0;
  // Made only when a slab becomes a global: it indexes the whole module.
  std::optional<GlobalSlabs> globals;
  for (auto [function, functionPlan] :
       llvm::zip_equal(buffers.functions, plan.functions)) {
    // A function that frees nothing in a space leaves freeing to a later
    // pass (such as -buffer-deallocation-pipeline, which accepts no free in
    // its input) or to nobody: its slabs there are left the same way.
    FreedSpaces freed(function.func);
    SmallVector<OpOperand *> frees;
    SmallVector<const FunctionBuffer *> rewritten;
    for (unsigned index = function.firstSpace; index != function.endSpace;
         ++index) {
      const SpaceProblem &space = buffers.spaces[index];
      const SlabPlan &slabs = plan.spaces[index].plan;
      for (Operation *op : plan.spaces[index].barriersToInsert) {
        OpBuilder builder(op);
        gpu::BarrierOp::create(builder, op->getLoc());
      }
      std::string slabName = (space.stack ? "memplan.stack_" : "memplan.") +
                             getSlabNoun(slabs.kind).str();
      SmallVector<SmallVector<unsigned>> members = slabs.getMembers();
      SlabHome home = plan.spaces[index].home;
      if (home == SlabHome::Global) {
        if (!globals)
          globals.emplace(module);
        globals->insertBefore = function.func;
      }
      SlabRequest request;
      request.func = function.func;
      request.scope = space.scope;
      request.home = home;
      request.memorySpace = space.memorySpace;
      request.name = slabName;
      request.functionFrees = freed.contains(space.memorySpace);
      request.firstArgument = request.func.getNumArguments();
      if (const std::optional<SymbolicPlan> &runTimePlan =
              plan.spaces[index].runTimePlan) {
        request.alignment = slabs.slabs.front().alignment;
        runTimeOps += rewriteIntoRunTimeSlab(request, space, function.symbols,
                                             *runTimePlan, module);
        for (const FunctionBuffer *buffer : space.buffers)
          llvm::append_range(frees, buffer->frees);
        llvm::append_range(rewritten, space.buffers);
        continue;
      }
      const std::optional<SpaceArenas> &arenas = plan.spaces[index].arenas;
      // Each slab is inserted at the function entry: go backwards so that
      // the slabs of a space read in order there. An arena that no buffer
      // went to makes none.
      for (unsigned slab = slabs.slabs.size(); slab-- > 0;) {
        if (members[slab].empty())
          continue;
        SmallVector<PlacedBuffer> placed;
        for (unsigned member : members[slab]) {
          placed.push_back({space.buffers[member], slabs.offsets[member]});
          llvm::append_range(frees, space.buffers[member]->frees);
          rewritten.push_back(space.buffers[member]);
        }
        request.size = slabs.slabs[slab].size;
        request.alignment = slabs.slabs[slab].alignment;
        if (slabs.kind == PlanKind::Objects)
          request.objectIndex = slab;
        std::string arenaSlabName;
        if (arenas) {
          request.arena = arenas->specs[slab].name;
          request.section = arenas->sections[slab];
          request.part = arenas->parts;
          arenaSlabName = slabName + "." + arenas->specs[slab].name;
          request.name = arenaSlabName;
        }
        rewriteIntoSlab(request, placed, globals ? &*globals : nullptr);
      }
    }
    removeFrees(frees);
    eraseRewrittenAllocations(rewritten);
  }
  return runTimeOps;
}

void passArenasToCallees(ModuleOp module, FunctionOpInterface callee,
                         unsigned firstArena) {
  unsigned numArguments = callee.getNumArguments();
  if (firstArena >= numArguments)
    return;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(callee, module);
  if (!uses)
    return;
  // Each caller is read once, before it gets its first arena's free.
  llvm::DenseMap<Operation *, FreedSpaces> callerFrees;
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<func::CallOp>(use.getUser());
    if (!call)
      continue;
    auto caller = call->getParentOfType<FunctionOpInterface>();
    auto known = callerFrees.find(caller);
    if (known == callerFrees.end())
      known = callerFrees.try_emplace(caller, FreedSpaces(caller)).first;
    OpBuilder builder(call);
    SmallVector<Value> arenas;
    Location arenaLoc =
        NameLoc::get(builder.getStringAttr("memplan.arena"), call.getLoc());
    for (unsigned index = firstArena; index < numArguments; ++index) {
      auto type = cast<MemRefType>(callee.getArgumentTypes()[index]);
      auto alignment =
          callee.getArgAttrOfType<IntegerAttr>(index, kSlabAlignmentAttr);
      if (type.hasStaticShape()) {
        auto arena =
            memref::AllocOp::create(builder, arenaLoc, type, alignment);
        // The callee's arena goes to the caller's arena of the same name.
        if (auto name = callee.getArgAttrOfType<StringAttr>(index, kArenaAttr))
          arena->setAttr(kCalleeArenaAttr, name);
        arenas.push_back(arena);
        continue;
      }
      // Sized at run time: the size function's arithmetic, on the call's
      // operands, right here, where the caller's planning can read it.
      auto sizeFunction = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          callee, callee.getArgAttrOfType<FlatSymbolRefAttr>(
                      index, kSlabSizeFunctionAttr));
      Block &body = sizeFunction.getBody().front();
      IRMapping arguments;
      arguments.map(body.getArguments(),
                    call.getArgOperands().take_front(firstArena));
      for (Operation &op : body.without_terminator())
        builder.clone(op, arguments);
      Value bytes = arguments.lookup(body.getTerminator()->getOperand(0));
      arenas.push_back(memref::AllocOp::create(builder, arenaLoc, type,
                                               ValueRange{bytes}, alignment));
    }
    call->insertOperands(call->getNumOperands(), arenas);
    // Freed as the caller frees its own buffers of the space, or not at all.
    builder.setInsertionPointAfter(call);
    for (Value arena : arenas)
      if (known->second.contains(
              cast<MemRefType>(arena.getType()).getMemorySpace()))
        memref::DeallocOp::create(builder, arena.getLoc(), arena);
  }
}

} // namespace memplan
