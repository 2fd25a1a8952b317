//===- LeftAlone.cpp - Why a buffer is left as it was ---------------------===//

#include "memplan/Analysis/LeftAlone.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/ErrorHandling.h"

namespace memplan {

llvm::StringRef getLeftAloneKindName(LeftAloneKind kind) {
  switch (kind) {
  case LeftAloneKind::DynamicShape:
    return "dynamic-shape";
  case LeftAloneKind::NonIdentityLayout:
    return "layout";
  case LeftAloneKind::Unsized:
    return "unsized";
  case LeftAloneKind::Returned:
    return "returned";
  case LeftAloneKind::Captured:
    return "captured";
  case LeftAloneKind::FreedElsewhere:
    return "freed-elsewhere";
  case LeftAloneKind::UnsupportedRegion:
    return "region";
  case LeftAloneKind::LoopCarried:
    return "loop-carried";
  }
  llvm_unreachable("unknown LeftAloneKind");
}

std::string quoteOp(mlir::Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

} // namespace memplan
