//===- memplan-opt.cpp - mlir-opt with memplan's passes -------------------===//
//
// Every upstream dialect, extension and pass is registered, so memplan's
// passes can be placed anywhere in an upstream pipeline.
//
//===----------------------------------------------------------------------===//

#include "memplan/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringRef.h"

#ifdef MEMPLAN_INCLUDE_TESTS
namespace memplan::test {
void registerTestPasses();
} // namespace memplan::test
#endif

int main(int argc, char **argv) {
  // With an MLIR built without statistics, memplan prints its own figures
  // for -mlir-pass-statistics rather than an empty report.
  for (int i = 1; i < argc; ++i)
    if (llvm::StringRef(argv[i]).ltrim('-').starts_with("mlir-pass-statistics"))
      memplan::enableStatisticsFallback();

  mlir::registerAllPasses();
  memplan::registerMemPlanPasses();
#ifdef MEMPLAN_INCLUDE_TESTS
  memplan::test::registerTestPasses();
#endif

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "memplan: static memory planning for MLIR\n", registry));
}
