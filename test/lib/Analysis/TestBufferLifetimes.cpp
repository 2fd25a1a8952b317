//===- TestBufferLifetimes.cpp - Print what the analysis finds ------------===//
//
// Prints, for every function of a module, what analyzeFunctionBuffers says
// about each memref.alloc, so that lit tests can pin the analysis without
// going through a planner and its offsets.
//
//===----------------------------------------------------------------------===//

#include "memplan/Analysis/BufferAliases.h"
#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Analysis/LeftAlone.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerUnion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace memplan;

namespace {

/// Prints a location without the file name, so that output does not depend
/// on where the test runs: the name of a NameLoc in quotes (tests name ops
/// with `loc("name")`), else `line:column`.
void printLocation(Location loc, raw_ostream &os) {
  if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    os << "\"" << nameLoc.getName().getValue() << "\"";
    return;
  }
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc)) {
    os << fileLoc.getLine() << ":" << fileLoc.getColumn();
    return;
  }
  loc.print(os);
}

/// Names an alias by what defines it: a result of an op, or an argument of a
/// block of a region of an op; the op by its name and location.
void printAlias(Value alias, raw_ostream &os) {
  if (auto result = dyn_cast<OpResult>(alias)) {
    os << "result " << result.getResultNumber() << " of "
       << quoteOp(result.getOwner()) << " ";
    printLocation(result.getOwner()->getLoc(), os);
    return;
  }
  auto argument = cast<BlockArgument>(alias);
  Block *block = argument.getOwner();
  Region *region = block->getParent();
  Operation *owner = region->getParentOp();
  unsigned blockIndex = std::distance(region->begin(), block->getIterator());
  os << "argument " << argument.getArgNumber() << " of block " << blockIndex
     << " of region " << region->getRegionNumber() << " of " << quoteOp(owner)
     << " ";
  printLocation(owner->getLoc(), os);
}

/// Positions of ops and blocks in a pre-order walk of a function, the blocks
/// of an op right after it, so that aliases and deallocs print in program
/// order rather than in the order of use lists.
class ProgramPositions {
public:
  explicit ProgramPositions(FunctionOpInterface func) {
    unsigned next = 0;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) {
      positions[op] = next++;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          positions[&block] = next++;
    });
  }

  unsigned get(Operation *op) const { return positions.lookup(op); }

  std::pair<unsigned, unsigned> get(Value value) const {
    if (auto result = dyn_cast<OpResult>(value))
      return {positions.lookup(result.getOwner()), result.getResultNumber()};
    auto argument = cast<BlockArgument>(value);
    return {positions.lookup(argument.getOwner()), argument.getArgNumber()};
  }

private:
  llvm::DenseMap<llvm::PointerUnion<Operation *, Block *>, unsigned> positions;
};

/// The default memory space is null; numbered spaces print as numbers.
void printMemorySpace(Attribute memorySpace, raw_ostream &os) {
  if (!memorySpace)
    os << "default";
  else if (auto number = dyn_cast<IntegerAttr>(memorySpace))
    os << number.getValue();
  else
    memorySpace.print(os);
}

struct TestBufferLifetimesPass
    : public PassWrapper<TestBufferLifetimesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestBufferLifetimesPass)

  TestBufferLifetimesPass() = default;
  TestBufferLifetimesPass(const TestBufferLifetimesPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final {
    return "test-memplan-buffer-lifetimes";
  }
  StringRef getDescription() const final {
    return "Print every memref.alloc of every function as memplan's analysis "
           "sees it: planned with its interval, size, alignment, memory "
           "space, aliases and deallocs, or left alone and why";
  }

  void runOnOperation() override {
    if (!llvm::isPowerOf2_64(alignment)) {
      getOperation().emitError()
          << getArgument() << ": alignment must be a power of two, not "
          << alignment.getValue();
      return signalPassFailure();
    }
    // One alias analysis for the module, as the planning passes have, so
    // that callee facts are cached the same way.
    BufferAliasAnalysis aliasAnalysis;
    raw_ostream &os = llvm::outs();
    getOperation()->walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      std::vector<FunctionBuffer> buffers =
          analyzeFunctionBuffers(func, aliasAnalysis, alignment,
                                 /*withAllocas=*/true, splitLives);
      os << "@" << func.getName() << ": " << buffers.size()
         << (buffers.size() == 1 ? " buffer\n" : " buffers\n");
      ProgramPositions positions(func);
      for (const FunctionBuffer &buffer : buffers)
        printBuffer(buffer, func, aliasAnalysis, positions, os);
    });
    os.flush();
  }

  void printBuffer(const FunctionBuffer &buffer, FunctionOpInterface func,
                   BufferAliasAnalysis &aliasAnalysis,
                   const ProgramPositions &positions, raw_ostream &os) {
    // Ops are handles: a copy can call the non-const accessors.
    Operation *alloc = buffer.alloc;
    os << "  ";
    printLocation(alloc->getLoc(), os);
    os << " " << (buffer.onStack ? "alloca " : "") << buffer.getType() << ": ";
    if (buffer.leftAlone) {
      os << "left alone (" << getLeftAloneKindName(buffer.leftAlone->kind)
         << "): " << buffer.leftAlone->message << "\n";
      return;
    }
    // FunctionBuffer keeps no aliases; ask the analysis that produced it.
    BufferAliases aliases =
        aliasAnalysis.analyzeBuffer(buffer.getMemRef(), func);
    // The buffer itself comes first and is not counted.
    SmallVector<Value> others(llvm::drop_begin(aliases.aliases));
    llvm::sort(others, [&](Value lhs, Value rhs) {
      return positions.get(lhs) < positions.get(rhs);
    });
    SmallVector<Operation *> deallocs;
    for (OpOperand *free : buffer.frees)
      deallocs.push_back(free->getOwner());
    llvm::sort(deallocs, [&](Operation *lhs, Operation *rhs) {
      return positions.get(lhs) < positions.get(rhs);
    });

    os << "planned [" << buffer.start << ", " << buffer.end << ")";
    if (!buffer.liveRanges.empty()) {
      os << " (live on";
      for (auto [start, end] : buffer.liveRanges)
        os << " [" << start << ", " << end << ")";
      os << ")";
    }
    if (buffer.isSplit()) {
      os << ", life " << buffer.life;
      if (Operation *overwrite = buffer.getLifeOverwrite()) {
        os << " begun by " << quoteOp(overwrite) << " ";
        printLocation(overwrite->getLoc(), os);
      }
      if (buffer.lifeRegion)
        os << " in blocks";
      if (!buffer.lifeBegin && !buffer.remadeViews.empty())
        os << ", " << buffer.remadeViews.size()
           << " views later lives may make again";
    }
    if (buffer.iterationBegin) {
      os << ", each iteration from " << quoteOp(buffer.iterationBegin) << " ";
      printLocation(buffer.iterationBegin->getLoc(), os);
    }
    os << ", " << buffer.size
       << (buffer.atUpperBound ? " bytes at an upper bound" : " bytes")
       << ", align " << buffer.alignment << ", space ";
    printMemorySpace(buffer.memorySpace, os);
    if (buffer.scope)
      os << ", " << describeScope(buffer.scope);
    os << ", " << others.size() << (others.size() == 1 ? " alias" : " aliases")
       << ", " << deallocs.size()
       << (deallocs.size() == 1 ? " dealloc\n" : " deallocs\n");
    for (Value alias : others) {
      os << "    alias: ";
      printAlias(alias, os);
      os << "\n";
    }
    for (Operation *dealloc : deallocs) {
      os << "    dealloc: " << quoteOp(dealloc) << " ";
      printLocation(dealloc->getLoc(), os);
      os << "\n";
    }
  }

  Option<uint64_t> alignment{
      *this, "alignment",
      llvm::cl::desc("Minimum alignment in bytes of every planned buffer (a "
                     "power of two), as for the planning passes"),
      llvm::cl::init(16)};
  Option<bool> splitLives{
      *this, "split-lives",
      llvm::cl::desc("Split buffers into the lives that overwrites begin, as "
                     "the planning passes' split-lives does"),
      llvm::cl::init(false)};
};

} // namespace

namespace memplan::test {
void registerTestPasses() { PassRegistration<TestBufferLifetimesPass>(); }
} // namespace memplan::test
