//===- memplan-variants.cpp - Many plans of one program in one module -----===//
//
// Plans one program under many pass pipelines in one process and writes a
// single module that runs every copy: the unplanned program is variant 0, each
// pipeline (then each --planned file) one more. Every defined symbol of copy K
// gets the suffix `__vK`; external declarations are shared. A new entry
// function prints `@@ variant K` before it calls each copy's entry, so one
// mlir-runner run shows every copy's output side by side.
//
// The differential fuzzer (fuzz/differential.py) uses it so that a seed costs
// one planning process, one lowering and one JIT instead of one of each per
// strategy. A copy whose pipeline fails is left out and reported on stderr,
// as is a copy identical to an earlier one ("variant K: same as J").
//
//===----------------------------------------------------------------------===//

#include "memplan/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

namespace {
namespace cl = llvm::cl;

cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<program.mlir>"),
                                   cl::init("-"));
cl::list<std::string> pipelines(
    "pipeline",
    cl::desc("A pass pipeline on builtin.module, without the anchor (e.g. "
             "memplan-offsets{strategy=naive}); one variant each"));
cl::list<std::string> plannedFiles(
    "planned",
    cl::desc("A copy of the program planned elsewhere; one variant each, "
             "after the pipelines"));
cl::opt<std::string> entryName("entry",
                               cl::desc("The program's entry function, "
                                        "taking and returning nothing"),
                               cl::init("main"));
cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                    cl::value_desc("filename"), cl::init("-"));

/// Collects the errors reported while a copy is planned or read.
class ErrorCollector {
public:
  explicit ErrorCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diagnostic) {
          if (diagnostic.getSeverity() == DiagnosticSeverity::Error) {
            if (!message.empty())
              message += "; ";
            message += diagnostic.str();
          }
          return success();
        }) {}
  std::string take() {
    std::string result = message.empty() ? "failed" : message;
    message.clear();
    return result;
  }

private:
  std::string message;
  ScopedDiagnosticHandler handler;
};

/// Renames the copy's defined symbols to NAME__vVARIANT and moves them into
/// `combined`; declarations already there are dropped, being the same
/// external functions.
LogicalResult mergeVariant(ModuleOp copy, unsigned variant, ModuleOp combined) {
  SymbolTable copyTable(copy);
  std::string suffix = "__v" + std::to_string(variant);
  bool hasEntry = false;
  for (Operation &op : copy.getBody()->getOperations()) {
    auto symbol = dyn_cast<SymbolOpInterface>(&op);
    if (!symbol || symbol.isDeclaration())
      continue;
    std::string name = symbol.getName().str();
    hasEntry |= name == entryName;
    if (failed(copyTable.rename(&op, name + suffix)))
      return op.emitError("cannot rename @") << name;
  }
  if (!hasEntry)
    return copy.emitError("no entry function @") << entryName;

  SymbolTable combinedTable(combined);
  for (Operation &op :
       llvm::make_early_inc_range(copy.getBody()->getOperations())) {
    auto symbol = dyn_cast<SymbolOpInterface>(&op);
    if (symbol && symbol.isDeclaration() &&
        combinedTable.lookup(symbol.getName())) {
      op.erase();
      continue;
    }
    op.moveBefore(combined.getBody(), combined.getBody()->end());
  }
  return success();
}

/// Adds the entry that runs every merged copy, each after its marker line.
void addDriver(ModuleOp combined, ArrayRef<unsigned> variants) {
  MLIRContext *context = combined.getContext();
  Location loc = UnknownLoc::get(context);
  OpBuilder builder = OpBuilder::atBlockEnd(combined.getBody());
  auto driver = func::FuncOp::create(builder, loc, entryName,
                                     builder.getFunctionType({}, {}));
  builder.setInsertionPointToStart(driver.addEntryBlock());
  for (unsigned variant : variants) {
    std::string number = std::to_string(variant);
    vector::PrintOp::create(builder, loc, "@@ variant " + number + "\n");
    func::CallOp::create(builder, loc, entryName + "__v" + number, TypeRange());
  }
  func::ReturnOp::create(builder, loc);
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAllPasses();
  memplan::registerMemPlanPasses();
  cl::ParseCommandLineOptions(
      argc, argv,
      "memplan-variants: plan one program under many pipelines and merge "
      "every copy into one runnable module\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);
  context.disableMultithreading();
  // The entry built at the end prints with vector.print.
  context.loadDialect<func::FuncDialect, vector::VectorDialect>();

  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> program;
  {
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    program = parseSourceFile<ModuleOp>(inputFilename, sourceMgr,
                                        ParserConfig(&context));
  }
  if (!program)
    return 1;

  OwningOpRef<ModuleOp> combined = ModuleOp::create(UnknownLoc::get(&context));
  SmallVector<unsigned> merged;
  bool allPlanned = true;
  auto report = [&](unsigned variant, const std::string &what) {
    llvm::errs() << "variant " << variant << ": " << what << "\n";
    allPlanned &= what == "ok";
  };
  // A copy that prints the same as an earlier one behaves the same: it is
  // reported as such and not run again. Strategies often agree on small
  // programs, and the JIT's time grows with every copy.
  llvm::StringMap<unsigned> variantOfText;
  auto merge = [&](OwningOpRef<ModuleOp> copy, unsigned variant) {
    std::string text;
    llvm::raw_string_ostream textStream(text);
    copy->print(textStream);
    auto [earlier, isNew] = variantOfText.try_emplace(text, variant);
    if (!isNew) {
      llvm::errs() << "variant " << variant << ": same as " << earlier->second
                   << "\n";
      return;
    }
    ErrorCollector errors(context);
    if (failed(mergeVariant(*copy, variant, *combined))) {
      report(variant, "failed: " + errors.take());
      return;
    }
    merged.push_back(variant);
    report(variant, "ok");
  };

  unsigned variant = 0;
  merge(OwningOpRef<ModuleOp>(program->clone()), variant++);
  for (const std::string &pipeline : pipelines) {
    OwningOpRef<ModuleOp> copy(program->clone());
    ErrorCollector errors(context);
    PassManager pm(&context);
    std::string parseError;
    llvm::raw_string_ostream parseErrorStream(parseError);
    if (failed(parsePassPipeline(pipeline, pm, parseErrorStream))) {
      report(variant++, "failed: bad pipeline: " + parseError);
      continue;
    }
    if (failed(pm.run(*copy))) {
      report(variant++, "failed: " + errors.take());
      continue;
    }
    merge(std::move(copy), variant++);
  }
  for (const std::string &file : plannedFiles) {
    ErrorCollector errors(context);
    OwningOpRef<ModuleOp> copy =
        parseSourceFile<ModuleOp>(file, ParserConfig(&context));
    if (!copy) {
      report(variant++, "failed: cannot read " + file + ": " + errors.take());
      continue;
    }
    merge(std::move(copy), variant++);
  }

  addDriver(*combined, merged);
  if (failed(verify(*combined)))
    return 1;

  std::string errorMessage;
  auto output = openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  combined->print(output->os());
  output->keep();
  // 3: the module holds only the copies that were planned.
  return allPlanned ? 0 : 3;
}
