//===- compiler.cpp - A compiler driver that links memplan's passes -------===//
//
// What an edge compiler with a driver of its own does to plan memory with
// memplan: parse a linalg-on-tensors module, bufferize it with upstream MLIR,
// run memplan-offsets with its options set in C++, and print each slab with
// the buffers placed in it.
//
//   memplan-example-compiler [MODEL.mlir] [-o PLANNED.mlir] [--print-pipeline]
//
// --print-pipeline prints the pipeline built here in mlir-opt's textual form
// instead, so that `memplan-opt --pass-pipeline=...` can run the same.
//
//===----------------------------------------------------------------------===//

#include "memplan/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<model.mlir>"),
                                            llvm::cl::init("-"));
static llvm::cl::opt<std::string>
    outputFile("o", llvm::cl::desc("Write the planned module to this file"),
               llvm::cl::value_desc("file"), llvm::cl::init(""));
static llvm::cl::opt<bool> printPipeline(
    "print-pipeline",
    llvm::cl::desc("Print the pipeline as text instead of running it"));

/// Bufferization as scripts/plan-model.sh does it, then memplan. Every option
/// is a field of the passes' generated option structs.
static void buildPipeline(PassManager &pm) {
  pm.addPass(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // An edge target with no heap and 256 KiB of fast SRAM beside slower
  // PSRAM: each function's buffers go to two arenas, the busiest in SRAM,
  // each arena a global of known size, its buffers 64-byte aligned for the
  // vector unit.
  memplan::MemPlanOffsetsOptions plan;
  plan.strategy = "greedy-size";
  plan.alignment = 64;
  plan.slab = memplan::SlabKind::Global;
  plan.arenas = {"sram:262144", "psram"};
  plan.summary = true;
  pm.addPass(memplan::createMemPlanOffsets(plan));
}

/// How `slab` reaches the function: a global, an allocation or an argument.
static std::string describeSlab(Value slab) {
  if (auto global = slab.getDefiningOp<memref::GetGlobalOp>())
    return ("global @" + global.getName()).str();
  if (slab.getDefiningOp<memref::AllocOp>())
    return "memref.alloc";
  if (auto argument = dyn_cast<BlockArgument>(slab))
    return "argument #" + std::to_string(argument.getArgNumber());
  return "value";
}

/// Prints every slab of every function: its bytes and, by offset, the
/// memref.views of it memplan made: one per buffer, and one per later life
/// of a buffer that overwrites split (split-lives).
static void printSlabs(ModuleOp module, llvm::raw_ostream &os) {
  module.walk([&](func::FuncOp func) {
    llvm::MapVector<Value, SmallVector<memref::ViewOp>> viewsOfSlab;
    func.walk([&](memref::ViewOp view) {
      viewsOfSlab[view.getSource()].push_back(view);
    });
    for (auto &[slab, views] : viewsOfSlab) {
      auto slabType = cast<MemRefType>(slab.getType());
      os << "@" << func.getSymName() << ": slab " << describeSlab(slab) << ", "
         << slabType.getNumElements() << " bytes, " << views.size()
         << " views\n";
      llvm::stable_sort(views, [](memref::ViewOp a, memref::ViewOp b) {
        return getConstantIntValue(a.getByteShift()).value_or(-1) <
               getConstantIntValue(b.getByteShift()).value_or(-1);
      });
      for (memref::ViewOp view : views) {
        std::optional<int64_t> offset =
            getConstantIntValue(view.getByteShift());
        os << "  offset ";
        if (offset)
          os << *offset;
        else
          os << "(dynamic)";
        os << ": " << view.getType() << "\n";
      }
    }
  });
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "memplan example: a compiler driver\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);

  PassManager pm(&context);
  buildPipeline(pm);
  if (printPipeline) {
    pm.printAsTextualPipeline(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  if (failed(pm.run(*module)))
    return 1;
  printSlabs(*module, llvm::outs());

  if (!outputFile.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> output =
        openOutputFile(outputFile, &error);
    if (!output) {
      llvm::errs() << error << "\n";
      return 1;
    }
    module->print(output->os());
    output->os() << "\n";
    output->keep();
  }
  return 0;
}
