//===- BufferAliases.cpp - Every value that may alias a buffer ------------===//

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/AddressComparisons.h"
#include "memplan/Analysis/AsyncWork.h"
#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "memplan-analysis"

using namespace mlir;

namespace memplan {

namespace {

bool isMemRef(Value value) { return isa<BaseMemRefType>(value.getType()); }

/// Types of plain data: a value of such a type read from a buffer cannot
/// carry the buffer's address.
bool isPlainData(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return isPlainData(vector.getElementType());
  if (auto complex = dyn_cast<ComplexType>(type))
    return isPlainData(complex.getElementType());
  return isa<IntegerType, IndexType, FloatType>(type);
}

/// Follows the buffer through one function with a worklist of aliases.
class AliasWalker {
public:
  AliasWalker(FunctionOpInterface func, bool isCalleeArgument,
              function_ref<CallArgumentFacts(CallOpInterface, OpOperand &)>
                  getCallFacts)
      : func(func), isCalleeArgument(isCalleeArgument),
        getCallFacts(getCallFacts) {}

  BufferAliases run(Value root) {
    rootBlock = root.getParentBlock();
    addAlias(root);
    exactAliases.insert(root);
    for (unsigned next = 0; next < result.aliases.size() && !result.escape;
         ++next) {
      Value alias = result.aliases[next];
      for (OpOperand &use : alias.getUses()) {
        visitUse(use);
        if (result.escape)
          break;
      }
    }
    return std::move(result);
  }

private:
  void addAlias(Value value) {
    if (isMemRef(value))
      result.aliases.insert(value);
  }

  void addMemRefResults(Operation *op) {
    for (Value value : op->getResults())
      addAlias(value);
  }

  void escape(LeftAloneKind kind, const Twine &message) {
    if (!result.escape)
      result.escape = LeftAlone{kind, message.str()};
  }

  /// Region branch ops forward operands to region arguments and results, and
  /// their terminators forward to the next region or back to the results. All
  /// memref arguments and results of the op are taken as aliases: precise
  /// enough in practice and safe whatever the op's forwarding.
  void addRegionBranchAliases(Operation *op) {
    addMemRefResults(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          addAlias(argument);
  }

  /// One use of an alias: each kind of user has its handler, asked in this
  /// order (a handler that takes the use settles it), as upstream's analyses
  /// ask one interface at a time.
  void visitUse(OpOperand &use) {
    Operation *user = use.getOwner();
    Value value = use.get();
    if (visitFree(use))
      return;
    result.users.insert(user);
    // bufferization.dealloc only compares its retained values with what it
    // frees.
    if (isa<bufferization::DeallocOp>(user))
      return;
    // The lowering of bufferization.dealloc takes addresses only to compare
    // them: the buffer stays distinct from those live with it when planned,
    // and it is live wherever its address is seen.
    if (auto address = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(user))
      if (isOnlyCompared(address.getResult(), result.users))
        return;
    if (visitAsynchronousUse(user))
      return;
    // A structured op on buffers reads its inputs and writes its inits (the
    // effects upstream gives it), frees nothing and has no results, so it
    // only uses the buffer. It is the common user: asked first, it spares
    // the interface lookups below, and asking for its effects would build
    // them for every operand, and its inits' segment sizes as an attribute.
    if (user->getNumResults() == 0)
      if (auto structured = dyn_cast<linalg::LinalgOp>(user))
        if (structured.hasPureBufferSemantics())
          return;
    if (user->hasTrait<OpTrait::ReturnLike>() &&
        user->getParentOp() == func.getOperation()) {
      if (!isCalleeArgument)
        escape(LeftAloneKind::Returned, "returned from the function");
      return;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(user))
      if (view.getViewSource() == value)
        return visitView(user, value);
    if (visitControlFlow(use))
      return;
    if (auto call = dyn_cast<CallOpInterface>(user))
      return visitCall(call, use);
    visitOtherUse(user, value);
  }

  /// A memref.dealloc, or a bufferization.dealloc of its memrefs: whether
  /// `use` frees the buffer (it is then recorded or makes it escape).
  bool visitFree(OpOperand &use) {
    Operation *user = use.getOwner();
    // bufferization.dealloc frees its memrefs (when their conditions hold).
    auto bufferizationDealloc = dyn_cast<bufferization::DeallocOp>(user);
    bool freed =
        isa<memref::DeallocOp>(user) ||
        (bufferizationDealloc &&
         use.getOperandNumber() < bufferizationDealloc.getMemrefs().size());
    if (!freed)
      return false;
    if (isCalleeArgument) {
      escape(LeftAloneKind::FreedElsewhere,
             "freed by the function that receives it");
      return true;
    }
    // A free of a merged value (a select, a loop-carried value) frees
    // whichever buffer arrives: resolveSharedFrees decides once every
    // buffer of the function is known.
    if (exactAliases.contains(use.get()))
      result.frees.push_back(&use);
    else
      result.sharedFrees.push_back(&use);
    return true;
  }

  /// Work that may go on after `user` returns (async regions, GPU launches,
  /// DMA transfers): whether it settles the use, adding the uses until the
  /// host waits for the work, or making the buffer escape.
  bool visitAsynchronousUse(Operation *user) {
    // Work that goes on after its op returns uses the buffer until the host
    // waits for it: the user, or an op around it, may be such work.
    for (Operation *op = user; op && op != func.getOperation();
         op = op->getParentOp()) {
      if (!startsAsynchronousWork(op))
        continue;
      if (std::optional<LeftAlone> reason =
              addUsesUntilWaited(op, result.users)) {
        escape(reason->kind, reason->message);
        return true;
      }
    }
    // A region that may run after its op returns without giving a token, or
    // that passes the buffer out through its terminator, cannot be followed.
    if (Operation *async = getEnclosingAsynchronousOp(user, func))
      if (!startsAsynchronousWork(async) ||
          user->hasTrait<OpTrait::IsTerminator>()) {
        escape(LeftAloneKind::Captured, "used inside " + quoteOp(async) +
                                            ", which may run after it returns");
        return true;
      }
    // A DMA transfer copies until a wait on its tag; the wait touches only
    // the tag. Neither hands the buffer on.
    if (startsDmaTransfer(user)) {
      if (std::optional<LeftAlone> reason =
              addUsesUntilDmaWaited(user, rootBlock, result.users))
        escape(reason->kind, reason->message);
      return true;
    }
    if (waitsForDmaTransfer(user))
      return true;
    if (startsUnfollowedCopy(user)) {
      escape(LeftAloneKind::Captured,
             "copied by an asynchronous bulk copy (" + quoteOp(user) +
                 ") whose end memplan does not follow");
      return true;
    }
    return false;
  }

  /// A view of `value` (ViewLikeOpInterface): its memref results are
  /// aliases.
  void visitView(Operation *user, Value value) {
    // Non-memref results of view-like ops are sizes and strides, but for
    // views as another kind of value (XeGPU's tensor descriptors), whose
    // accesses memplan does not follow.
    for (Value produced : user->getResults()) {
      if (isMemRef(produced) || produced.getType().isIntOrIndex())
        continue;
      std::string type;
      llvm::raw_string_ostream(type) << produced.getType();
      return escape(LeftAloneKind::Captured,
                    "viewed by " + quoteOp(user) + " as a value of type '" +
                        type + "', which memplan does not follow");
    }
    addMemRefResults(user);
    if (exactAliases.contains(value))
      for (Value produced : user->getResults())
        exactAliases.insert(produced);
  }

  /// Region branch ops and their terminators, and branches to blocks
  /// (RegionBranchOpInterface, BranchOpInterface): whether they settle the
  /// use, the values they forward it to becoming aliases.
  bool visitControlFlow(OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<RegionBranchTerminatorOpInterface>(user)) {
      if (auto parent = dyn_cast<RegionBranchOpInterface>(user->getParentOp()))
        addRegionBranchAliases(parent);
      else
        escape(LeftAloneKind::Captured,
               "passed to " + quoteOp(user) +
                   " in an op whose control flow is unknown");
      return true;
    }
    if (isa<RegionBranchOpInterface>(user)) {
      addRegionBranchAliases(user);
      return true;
    }
    if (auto branch = dyn_cast<BranchOpInterface>(user))
      if (std::optional<BlockArgument> argument =
              branch.getSuccessorBlockArgument(use.getOperandNumber())) {
        addAlias(*argument);
        return true;
      }
    return false;
  }

  /// A call (CallOpInterface): the results the callee may return the
  /// argument as are aliases; a fresh buffer it returns is not.
  void visitCall(CallOpInterface call, OpOperand &use) {
    Operation *user = call.getOperation();
    CallArgumentFacts facts = getCallFacts(call, use);
    for (unsigned index : facts.aliasingResults) {
      Value returned = user->getResult(index);
      // Returned wrapped (async.call's !async.value<memref>), it comes
      // out where memplan does not follow it (async.await).
      if (!isMemRef(returned) && !isPlainData(returned.getType())) {
        std::string type;
        llvm::raw_string_ostream(type) << returned.getType();
        escape(LeftAloneKind::Captured, "returned by " + quoteOp(user) +
                                            " inside a value of type '" + type +
                                            "', which memplan does not follow");
      }
      addAlias(returned);
    }
    result.calleeElementTypes.insert(facts.elementTypes.begin(),
                                     facts.elementTypes.end());
    result.calleeAccessAlignment =
        std::max(result.calleeAccessAlignment, facts.accessAlignment);
    if (facts.escape)
      escape(facts.escape->kind, facts.escape->message);
  }

  /// Any other op: memref results derive from the buffer; other results must
  /// be sizes or data read from it, or the address may leak.
  void visitOtherUse(Operation *user, Value value) {
    bool reads = false;
    if (auto memory = dyn_cast<MemoryEffectOpInterface>(user)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      memory.getEffectsOnValue(value, effects);
      // An op that writes memory and has no effect on the buffer itself
      // takes the buffer as data: `memref.store %buffer, %box[]` writes its
      // address where later code may load it.
      if (effects.empty()) {
        SmallVector<MemoryEffects::EffectInstance> all;
        memory.getEffects(all);
        if (llvm::any_of(all, [](const MemoryEffects::EffectInstance &effect) {
              return isa<MemoryEffects::Write>(effect.getEffect());
            }))
          return escape(LeftAloneKind::Captured,
                        "its address may be stored by " + quoteOp(user));
      }
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (isa<MemoryEffects::Free>(effect.getEffect()))
          return escape(LeftAloneKind::FreedElsewhere,
                        "freed by " + quoteOp(user));
        reads |= isa<MemoryEffects::Read>(effect.getEffect());
      }
    } else if (!user->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      return escape(LeftAloneKind::Captured,
                    "used by " + quoteOp(user) +
                        ", whose effect on memory is unknown");
    }

    for (Value produced : user->getResults()) {
      if (isMemRef(produced)) {
        addAlias(produced);
        continue;
      }
      if (isa<ShapedDimOpInterface>(user))
        continue;
      // A token says when the work is done, not where: addUsesUntilWaited
      // has followed it.
      if (isAsyncToken(produced.getType()))
        continue;
      if (reads && isPlainData(produced.getType()))
        continue;
      return escape(LeftAloneKind::Captured,
                    "its address may be taken by " + quoteOp(user));
    }
  }

  FunctionOpInterface func;
  /// The block the buffer is allocated in (or, for a callee's argument, its
  /// entry block).
  Block *rootBlock = nullptr;
  bool isCalleeArgument;
  function_ref<CallArgumentFacts(CallOpInterface, OpOperand &)> getCallFacts;
  BufferAliases result;
  /// Aliases derived from the buffer alone, through view-like ops: they can
  /// only ever be this buffer.
  llvm::DenseSet<Value> exactAliases;
};

} // namespace

BufferAliases BufferAliasAnalysis::analyzeBuffer(Value root,
                                                 FunctionOpInterface func) {
  return analyze(root, func, /*isCalleeArgument=*/false);
}

BufferAliases BufferAliasAnalysis::analyze(Value root, FunctionOpInterface func,
                                           bool isCalleeArgument) {
  // The walker keeps a reference to the callback: it must outlive the walk.
  auto getFacts = [&](CallOpInterface call, OpOperand &use) {
    return getCallFacts(call, use);
  };
  AliasWalker walker(func, isCalleeArgument, getFacts);
  return walker.run(root);
}

namespace {

/// The numbers of every result of `call`: those it may return an argument
/// as when nothing better is known.
llvm::SmallVector<unsigned> getEveryResult(CallOpInterface call) {
  return llvm::to_vector(llvm::seq<unsigned>(0, call->getNumResults()));
}

/// Facts that assume the worst: kept for `reason`, returned as any result.
CallArgumentFacts getUnknownFacts(CallOpInterface call, LeftAlone reason) {
  return {std::move(reason), getEveryResult(call)};
}

/// The results of `func` that may be `aliases`: the operands of its
/// returns that are.
llvm::SmallVector<unsigned>
getReturnedAs(FunctionOpInterface func, const llvm::SetVector<Value> &aliases) {
  llvm::SmallVector<unsigned> returned;
  for (Block &block : func.getFunctionBody()) {
    Operation *terminator = block.getTerminator();
    if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    for (OpOperand &operand : terminator->getOpOperands())
      if (aliases.contains(operand.get()))
        returned.push_back(operand.getOperandNumber());
  }
  llvm::sort(returned);
  returned.erase(llvm::unique(returned), returned.end());
  return returned;
}

} // namespace

CallArgumentFacts
BufferAliasAnalysis::getArgumentFacts(FunctionOpInterface callee,
                                      unsigned index) {
  CalleeArgument key{callee.getOperation(), index};
  if (auto known = calleeArguments.find(key); known != calleeArguments.end())
    return known->second;
  for (auto [depth, entry] : llvm::enumerate(inProgress))
    if (entry.first == key) {
      firstAssumptionUsed =
          std::min<unsigned>(firstAssumptionUsed, static_cast<unsigned>(depth));
      return entry.second;
    }

  // Start from the optimistic assumption, that it stays local and is not
  // returned, and go round again while the facts found rest on an
  // assumption and differ from it. Each round can only add to the facts,
  // so this ends.
  unsigned depth = inProgress.size();
  inProgress.push_back({key, CallArgumentFacts{}});
  unsigned outerAssumptionUsed = firstAssumptionUsed;
  unsigned assumptionUsed;
  CallArgumentFacts found;
  while (true) {
    firstAssumptionUsed = UINT_MAX;
    BufferAliases inCallee =
        analyze(callee.getArgument(index), callee, /*isCalleeArgument=*/true);
    assumptionUsed = firstAssumptionUsed;
    found.escape = inCallee.escape;
    found.aliasingResults = getReturnedAs(callee, inCallee.aliases);
    found.elementTypes = inCallee.getSeenElementTypes();
    found.accessAlignment = inCallee.getAskedAccessAlignment();
    CallArgumentFacts &assumed = inProgress[depth].second;
    bool changed = found.escape.has_value() != assumed.escape.has_value() ||
                   found.aliasingResults != assumed.aliasingResults ||
                   found.elementTypes != assumed.elementTypes ||
                   found.accessAlignment != assumed.accessAlignment;
    if (!changed || assumptionUsed > depth)
      break;
    assumed = found;
  }
  inProgress.pop_back();
  LLVM_DEBUG({
    llvm::dbgs() << "memplan-analysis: argument " << index << " of @"
                 << SymbolTable::getSymbolName(callee).getValue();
    if (found.escape)
      llvm::dbgs() << " escapes (" << getLeftAloneKindName(found.escape->kind)
                   << "): " << found.escape->message << "\n";
    else
      llvm::dbgs() << " stays local, returned as "
                   << found.aliasingResults.size() << " results\n";
  });
  // Facts that rest on what is assumed of an argument still being followed
  // further out are found again once that assumption is settled.
  bool restsOnOuter = assumptionUsed < depth;
  firstAssumptionUsed =
      std::min(outerAssumptionUsed, restsOnOuter ? assumptionUsed : UINT_MAX);
  if (!restsOnOuter)
    calleeArguments[key] = found;
  return found;
}

CallArgumentFacts BufferAliasAnalysis::getCallFacts(CallOpInterface call,
                                                    OpOperand &use) {
  OperandRange arguments = call.getArgOperands();
  unsigned operandNumber = use.getOperandNumber();
  unsigned begin = arguments.getBeginOperandIndex();
  if (operandNumber < begin || operandNumber >= begin + arguments.size())
    return getUnknownFacts(call, LeftAlone{LeftAloneKind::Captured,
                                           "used by " + quoteOp(call) +
                                               " other than as an argument"});
  unsigned index = operandNumber - begin;

  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbolTables));
  std::string calleeName =
      callee ? ("@" + SymbolTable::getSymbolName(callee).getValue()).str()
             : quoteOp(call);
  if (!callee || callee.isExternal() || index >= callee.getNumArguments())
    return getUnknownFacts(call, LeftAlone{LeftAloneKind::Captured,
                                           "passed to " + calleeName +
                                               ", whose body is not visible"});

  CallArgumentFacts facts = getArgumentFacts(callee, index);
  if (facts.escape)
    facts.escape->message = llvm::formatv("passed to {0}, where it is {1}",
                                          calleeName, facts.escape->message)
                                .str();
  // A call whose results do not match the callee's (a call through a cast,
  // say) may return the argument as any of them.
  if (call->getNumResults() != callee.getNumResults() ||
      llvm::any_of(facts.aliasingResults, [&](unsigned result) {
        return result >= call->getNumResults();
      }))
    facts.aliasingResults = getEveryResult(call);
  return facts;
}

} // namespace memplan

uint64_t memplan::getAccessAlignment(Operation *user) {
  StringRef dialect = user->getName().getDialectNamespace();
  if (dialect != "memref" && dialect != "vector")
    return 1;
  auto alignment = user->getAttrOfType<IntegerAttr>("alignment");
  if (!alignment || alignment.getValue().getActiveBits() > 63 ||
      alignment.getInt() < 1)
    return 1;
  return llvm::PowerOf2Ceil(alignment.getInt());
}

llvm::SmallVector<Type> memplan::BufferAliases::getSeenElementTypes() const {
  llvm::SmallVector<Type> types(calleeElementTypes.begin(),
                                calleeElementTypes.end());
  for (Value alias : aliases)
    if (auto type = dyn_cast<BaseMemRefType>(alias.getType()))
      types.push_back(type.getElementType());
  llvm::sort(types, [](Type lhs, Type rhs) {
    return lhs.getAsOpaquePointer() < rhs.getAsOpaquePointer();
  });
  types.erase(llvm::unique(types), types.end());
  return types;
}

uint64_t memplan::BufferAliases::getAskedAccessAlignment() const {
  uint64_t alignment = calleeAccessAlignment;
  for (Operation *user : users)
    alignment = std::max(alignment, getAccessAlignment(user));
  return alignment;
}
