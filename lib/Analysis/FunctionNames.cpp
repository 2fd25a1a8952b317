//===- FunctionNames.cpp - The one lookup of a function's name ------------===//

#include "memplan/Analysis/FunctionNames.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

llvm::StringRef memplan::getFunctionName(FunctionOpInterface func) {
  auto name = func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  return name ? name.getValue() : "";
}

llvm::StringRef memplan::getFunctionLabel(FunctionOpInterface func) {
  llvm::StringRef name = getFunctionName(func);
  return name.empty() ? "<anonymous>" : name;
}
