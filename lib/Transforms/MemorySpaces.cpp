//===- MemorySpaces.cpp - How memory spaces read --------------------------===//

#include "MemorySpaces.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace memplan {

std::optional<uint64_t> getMemorySpaceNumber(Attribute memorySpace) {
  if (!memorySpace)
    return 0;
  if (auto integer = dyn_cast<IntegerAttr>(memorySpace))
    return integer.getValue().getZExtValue();
  return std::nullopt;
}

std::string printMemorySpace(Attribute memorySpace) {
  if (!memorySpace)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  memorySpace.print(os);
  return text;
}

std::string getMemorySpaceLabel(Attribute memorySpace) {
  // Signed, as the attribute holds it: a space is never negative in practice.
  if (auto integer = dyn_cast_or_null<IntegerAttr>(memorySpace))
    return std::to_string(integer.getInt());
  return printMemorySpace(memorySpace);
}

std::string describeMemorySpace(Attribute memorySpace) {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (number && *number == 0)
    return "the default memory space";
  if (number)
    return "memory space " + std::to_string(*number);
  return "memory space " + printMemorySpace(memorySpace);
}

} // namespace memplan
