//===- MemPlanSetSections.cpp - Arenas' globals into linker sections ------===//
//
// Upstream's lowering of memref.global to llvm.mlir.global keeps no
// section, so the planning pass records the section of each arena's global
// in a module attribute, which survives the lowering; this sets them.
//
//===----------------------------------------------------------------------===//

#include "ModulePlan.h"

#include "memplan/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace memplan {
#define GEN_PASS_DEF_MEMPLANSETSECTIONS
#include "memplan/Transforms/Passes.h.inc"
} // namespace memplan

using namespace mlir;

namespace {

struct MemPlanSetSectionsPass
    : public memplan::impl::MemPlanSetSectionsBase<MemPlanSetSectionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto sections =
        module->getAttrOfType<DictionaryAttr>(memplan::kSectionsAttr);
    if (!sections)
      return;
    SymbolTable symbols(module);
    bool failedAny = false;
    for (NamedAttribute entry : sections) {
      auto section = dyn_cast<StringAttr>(entry.getValue());
      Operation *global = symbols.lookup(entry.getName());
      auto llvmGlobal = dyn_cast_if_present<LLVM::GlobalOp>(global);
      if (section && llvmGlobal) {
        llvmGlobal.setSection(section.getValue());
        continue;
      }
      failedAny = true;
      if (!section)
        module.emitError() << "memplan-set-sections: the section of @"
                           << entry.getName().getValue() << " is not a string";
      else if (isa_and_present<memref::GlobalOp>(global))
        global->emitError()
            << "memplan-set-sections: @" << entry.getName().getValue()
            << " is still a memref.global: run this pass after the "
               "conversion to the LLVM dialect (finalize-memref-to-llvm)";
      else
        module.emitError() << "memplan-set-sections: no LLVM global @"
                           << entry.getName().getValue() << " to put in "
                           << section.getValue();
    }
    if (failedAny)
      return signalPassFailure();
    module->removeAttr(memplan::kSectionsAttr);
  }
};

} // namespace
