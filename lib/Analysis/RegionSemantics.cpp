//===- RegionSemantics.cpp - When a region op's body runs -----------------===//

#include "memplan/Analysis/RegionSemantics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memplan {

namespace {

/// Whether `dialect` is one of the dialects MLIR 22 ships (those
/// `registerAllDialects` registers), whose region ops memplan knows.
bool isUpstreamDialect(StringRef dialect) {
  static constexpr StringLiteral kUpstream[] = {
      "acc",     "affine",        "amdgpu",  "amx",
      "arith",   "arm_neon",      "arm_sme", "arm_sve",
      "async",   "bufferization", "builtin", "cf",
      "complex", "dlti",          "emitc",   "func",
      "gpu",     "index",         "irdl",    "linalg",
      "llvm",    "math",          "memref",  "ml_program",
      "mpi",     "nvgpu",         "nvvm",    "omp",
      "pdl",     "pdl_interp",    "ptr",     "quant",
      "rocdl",   "scf",           "shape",   "shard",
      "smt",     "sparse_tensor", "spirv",   "tensor",
      "tosa",    "transform",     "ub",      "vector",
      "wasmssa", "x86vector",     "xegpu",   "xevm"};
  return llvm::is_contained(kUpstream, dialect);
}

} // namespace

bool mayRunAfterReturning(Operation *op) {
  if (op->getNumRegions() == 0)
    return false;
  // Nothing is known of an unregistered op: it may keep its regions and run
  // them later, as a callback.
  if (!op->isRegistered())
    return true;
  // OpenMP tasks run when a thread of the team takes them up, as late as
  // the next taskwait or barrier; a target region may be `nowait`; an
  // OpenACC construct may be `async` (its loops run within it).
  StringRef dialect = op->getName().getDialectNamespace();
  StringRef name = op->getName().getStringRef();
  if (dialect == "async" || (dialect == "acc" && name != "acc.loop") ||
      llvm::is_contained({"omp.task", "omp.taskloop", "omp.target"}, name))
    return true;
  // Registering a dialect tells nothing of when its ops run their regions:
  // one memplan does not know is taken as an unregistered op is, unless
  // its control flow is described (back to the op once the regions end).
  return !isUpstreamDialect(dialect) &&
         !isa<RegionBranchOpInterface, FunctionOpInterface>(op) &&
         !op->hasTrait<OpTrait::SymbolTable>();
}

Operation *getEnclosingAsynchronousOp(Operation *op, Operation *func) {
  Operation *found = nullptr;
  for (Operation *parent = op->getParentOp(); parent && parent != func;
       parent = parent->getParentOp())
    if (mayRunAfterReturning(parent))
      found = parent;
  return found;
}

bool mayRunRegionsConcurrently(Operation *op) {
  if (op->getNumRegions() == 0 || op->hasTrait<OpTrait::SymbolTable>())
    return false;
  if (isParallelLoop(op) || mayRunAfterReturning(op))
    return true;
  // No interface says that an op's regions run on many threads or
  // work-items: OpenMP, OpenACC and GPU ops are known by their dialects
  // (acc.loop's gangs, workers and vector lanes, say).
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "omp" || dialect == "acc" || dialect == "gpu")
    return true;
  return !isa<FunctionOpInterface, RegionBranchOpInterface>(op);
}

bool isParallelLoop(Operation *op) {
  return op->hasTrait<OpTrait::HasParallelRegion>() ||
         isa<affine::AffineParallelOp>(op);
}

bool startsConcurrentCall(Operation *op) {
  return op->getName().getStringRef() == "async.call";
}

Operation *getEnclosingConcurrentOp(Operation *op, Operation *root) {
  for (Operation *parent = op->getParentOp(); parent && parent != root;
       parent = parent->getParentOp())
    if (mayRunRegionsConcurrently(parent))
      return parent;
  return nullptr;
}

} // namespace memplan
