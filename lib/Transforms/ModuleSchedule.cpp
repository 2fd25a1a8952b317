//===- ModuleSchedule.cpp - Reorder every block of a module ---------------===//
//
// Each block is one problem for the planner core's schedulers: its ops are
// the steps, with the constraints BlockDependences.h finds, and the
// buffers the planning passes would plan are what costs. A block is
// rewritten only when the order found has a smaller peak.
//
//===----------------------------------------------------------------------===//

#include "ModuleSchedule.h"

#include "memplan/Analysis/BlockDependences.h"
#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Analysis/FunctionNames.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/RegionKindInterface.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace memplan;

namespace {

/// The strategy whose slabs `best` compares: quick, and on the bundled
/// models at the lower bound of its order.
constexpr llvm::StringLiteral kScheduleSlabStrategy = "greedy-size";

/// What scheduling one function did. The peaks and the bound are those of
/// the function's own blocks (the largest over them); a nested block counts
/// within the op that holds it.
struct FunctionSchedule {
  FunctionOpInterface func;
  /// The function has buffers the planning passes would plan.
  bool hasBuffers = false;
  uint64_t peakBefore = 0;
  uint64_t peakAfter = 0;
  /// No order of the function's blocks has a smaller peak.
  uint64_t bound = 0;
  bool provenOptimal = true;
  /// Blocks with buffers, and of those the ones reordered.
  unsigned blocks = 0;
  unsigned reordered = 0;
  /// The strategy that reordered each block reordered.
  llvm::SmallVector<std::string> strategies;
  /// What `best` tried on the function's own blocks; the summary shows it
  /// for a function of one block.
  llvm::SmallVector<std::string> details;
};

/// A buffer the planning passes would plan, and every op that uses it or an
/// alias of it.
struct PlannableBuffer {
  uint64_t size = 0;
  uint64_t alignment = 1;
  llvm::SmallVector<Operation *> users;
};

bool isInGpuCode(Operation *op) {
  for (; op; op = op->getParentOp())
    if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()))
      return true;
  return false;
}

/// The steps of `block`: its ops but a terminator, which stays last.
llvm::SmallVector<Operation *> getSteps(Block &block) {
  llvm::SmallVector<Operation *> steps;
  for (Operation &op : block)
    if (&op != &block.back() || !op.hasTrait<OpTrait::IsTerminator>())
      steps.push_back(&op);
  return steps;
}

/// The ops of one block through which a buffer is used: for each user, its
/// ancestor in the block.
struct BlockUses {
  unsigned buffer = 0;
  llvm::SmallVector<Operation *, 4> ops;
};

/// For every block of the function, the buffers used in it, found from each
/// user up through the ops around it, so that each block sees only its own.
llvm::DenseMap<Block *, llvm::SmallVector<BlockUses>>
findBlockUses(FunctionOpInterface func,
              llvm::ArrayRef<PlannableBuffer> buffers) {
  llvm::DenseMap<Block *, llvm::SmallVector<BlockUses>> uses;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    for (Operation *user : buffer.users) {
      for (Operation *op = user; op && op != func.getOperation();
           op = op->getParentOp()) {
        llvm::SmallVector<BlockUses> &inBlock = uses[op->getBlock()];
        if (inBlock.empty() || inBlock.back().buffer != index)
          inBlock.push_back({static_cast<unsigned>(index), {}});
        inBlock.back().ops.push_back(op);
      }
    }
  }
  return uses;
}

ScheduleProblem buildProblem(llvm::ArrayRef<Operation *> steps,
                             llvm::ArrayRef<BlockUses> uses,
                             llvm::ArrayRef<PlannableBuffer> buffers) {
  ScheduleProblem problem;
  problem.predecessors = computeBlockDependences(steps);
  llvm::DenseMap<Operation *, unsigned> stepOf;
  for (auto [index, op] : llvm::enumerate(steps))
    stepOf[op] = index;
  for (const BlockUses &use : uses) {
    ScheduleProblem::Buffer entry;
    entry.size = buffers[use.buffer].size;
    entry.alignment = buffers[use.buffer].alignment;
    llvm::SetVector<unsigned> users;
    for (Operation *op : use.ops) {
      // The terminator is no step: a buffer it uses lives to the end.
      auto it = stepOf.find(op);
      if (it == stepOf.end())
        entry.liveAtExit = true;
      else
        users.insert(it->second);
    }
    // Used beyond the block too: live all through it, whatever the order.
    if (use.ops.size() < buffers[use.buffer].users.size())
      entry.liveAtEntry = entry.liveAtExit = true;
    entry.users.assign(users.begin(), users.end());
    problem.buffers.push_back(std::move(entry));
  }
  return problem;
}

/// Puts the steps in `order`, then each allocation just before its first
/// use in the block, so that nothing is allocated sooner than it was.
void reorder(Block &block, llvm::ArrayRef<Operation *> steps,
             llvm::ArrayRef<unsigned> order) {
  Block::iterator end = block.end();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    end = Block::iterator(&block.back());
  for (unsigned step : order)
    steps[step]->moveBefore(&block, end);
  // A heap allocation goes right before its first use; a stack allocation
  // stays where the order put it, on its side of the steps that may save or
  // restore the stack.
  for (unsigned step : order) {
    Operation *op = steps[step];
    if (!isa<memref::AllocOp>(op))
      continue;
    Operation *firstUse = nullptr;
    for (Operation *user : op->getResult(0).getUsers()) {
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (ancestor && (!firstUse || ancestor->isBeforeInBlock(firstUse)))
        firstUse = ancestor;
    }
    if (firstUse)
      op->moveBefore(firstUse);
  }
}

FunctionSchedule scheduleFunction(FunctionOpInterface func,
                                  llvm::ArrayRef<PlannableBuffer> buffers,
                                  const ScheduleOptions &options) {
  FunctionSchedule figures;
  figures.func = func;
  figures.hasBuffers = !buffers.empty();
  llvm::DenseMap<Block *, llvm::SmallVector<BlockUses>> blockUses =
      findBlockUses(func, buffers);
  llvm::SmallVector<Block *> blocks;
  func->walk([&](Block *block) {
    Region *region = block->getParent();
    if (blockUses.contains(block) && !mayBeGraphRegion(*region) &&
        !isInGpuCode(region->getParentOp()))
      blocks.push_back(block);
  });
  for (Block *block : blocks) {
    llvm::SmallVector<Operation *> steps = getSteps(*block);
    if (steps.size() < 2)
      continue;
    ScheduleProblem problem = buildProblem(steps, blockUses[block], buffers);
    ++figures.blocks;
    Schedule schedule = scheduleSteps(problem, options);
    // The function's own blocks give its figures; nested blocks are
    // counted within the ops that hold them.
    if (block->getParent() == &func.getFunctionBody()) {
      figures.peakBefore = std::max(figures.peakBefore, schedule.originalPeak);
      figures.peakAfter = std::max(figures.peakAfter, schedule.peak);
      figures.bound = std::max(figures.bound, schedule.bound);
      figures.provenOptimal &= schedule.provenOptimal;
      if (!schedule.details.empty())
        figures.details.push_back(schedule.details);
    }
    // No order won: the program's stays.
    if (schedule.strategy == "keep")
      continue;
    reorder(*block, steps, schedule.order);
    ++figures.reordered;
    figures.strategies.push_back(schedule.strategy);
  }
  return figures;
}

/// Emits `figures` as a remark at its function, naming `passArgument`.
void emitScheduleSummary(StringRef passArgument,
                         const FunctionSchedule &figures) {
  FunctionOpInterface func = figures.func;
  StringRef name = getFunctionLabel(func);
  std::string text = llvm::formatv(
      "{0}: @{1}: peak of live plannable bytes {2} -> {3}; no order goes "
      "below {4}{5}; {6} of {7} blocks reordered",
      passArgument, name, figures.peakBefore, figures.peakAfter, figures.bound,
      figures.provenOptimal ? " (proven optimal)" : "", figures.reordered,
      figures.blocks);
  if (!figures.strategies.empty())
    text += " (by " + llvm::join(figures.strategies, ", ") + ")";
  // What best tried, for a function of one block; with more, a line each
  // would drown the figures.
  if (figures.details.size() == 1)
    text += " (best: " + figures.details.front() + ")";
  // At the function's location only: the remark is about it, not a dump.
  emitRemark(func.getLoc()) << text;
}

} // namespace

bool memplan::scheduleModule(ModuleOp module, const ScheduleRequest &request) {
  llvm::SmallVector<FunctionOpInterface> functions;
  module->walk([&](FunctionOpInterface func) {
    if (!func.isExternal() && !isInGpuCode(func))
      functions.push_back(func);
  });
  // All functions are analysed before any is changed: what the alias
  // analysis learns of callees comes from the program as written.
  BufferAliasAnalysis aliasAnalysis;
  std::vector<llvm::SmallVector<PlannableBuffer>> buffersOf;
  for (FunctionOpInterface func : functions) {
    llvm::SmallVector<PlannableBuffer> &buffers = buffersOf.emplace_back();
    // The lives of one allocation share its users: found once for them.
    Operation *usersOf = nullptr;
    BufferAliases aliases;
    for (const FunctionBuffer &buffer : analyzeFunctionBuffers(
             func, aliasAnalysis, request.limits.defaultAlignment,
             /*withAllocas=*/true, request.splitLives)) {
      if (buffer.leftAlone)
        continue;
      if (buffer.alloc != usersOf) {
        aliases = aliasAnalysis.analyzeBuffer(buffer.getMemRef(), func);
        usersOf = buffer.alloc;
      }
      PlannableBuffer &planned = buffers.emplace_back(PlannableBuffer{
          buffer.size, std::max(buffer.alignment, request.limits.getAlignment(
                                                      buffer.memorySpace))});
      for (Operation *user : aliases.users)
        if (buffer.isInLife(user))
          planned.users.push_back(user);
    }
  }
  ScheduleOptions options = request.options;
  options.slabStrategy = kScheduleSlabStrategy.str();
  bool changed = false;
  for (auto [func, buffers] : llvm::zip_equal(functions, buffersOf)) {
    FunctionSchedule schedule = scheduleFunction(func, buffers, options);
    changed |= schedule.reordered != 0;
    // Functions with nothing to plan have nothing to say.
    if (request.summary && schedule.hasBuffers)
      emitScheduleSummary(request.passArgument, schedule);
  }
  return changed;
}
