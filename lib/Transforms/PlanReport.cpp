//===- PlanReport.cpp - The JSON report of a planning pass ----------------===//

#include "memplan/Transforms/PlanReport.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace json = llvm::json;

namespace memplan {

namespace {

template <typename T> std::string printToString(const T &thing) {
  std::string text;
  llvm::raw_string_ostream os(text);
  thing.print(os);
  return text;
}

} // namespace

std::string printMemorySpace(Attribute memorySpace) {
  return memorySpace ? printToString(memorySpace) : "";
}

std::string getWinningStrategy(StringRef asked, StringRef details) {
  // Both best strategies start their details with "best: NAME ".
  if (asked != "best" || !details.consume_front("best: "))
    return asked.str();
  return details.take_until([](char c) { return c == ' ' || c == ';'; }).str();
}

PlanReport::PlanReport(StringRef passArgument, json::Object options)
    : passArgument(passArgument.str()), options(std::move(options)) {}

void PlanReport::addFunction(FunctionOpInterface func, StringRef strategy,
                             ArrayRef<FunctionBuffer> buffers) {
  functionIndex[func] = functions.size();
  FunctionEntry &entry = functions.emplace_back();
  StringAttr name =
      func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  entry.header["name"] = name ? name.getValue().str() : "";
  entry.header["location"] = printToString(func.getLoc());
  entry.header["strategy"] = strategy.str();
  for (const FunctionBuffer &buffer : buffers) {
    bufferIndex[&buffer] = {functions.size() - 1, entry.buffers.size()};
    json::Object &object = entry.buffers.emplace_back();
    memref::AllocOp alloc = buffer.alloc;
    MemRefType type = alloc.getType();
    object["location"] = printToString(alloc.getLoc());
    object["type"] = printToString(type);
    object["memory-space"] = printMemorySpace(type.getMemorySpace());
    if (buffer.leftAlone) {
      object["status"] = "left-alone";
      object["left-alone"] =
          json::Object{{"kind", getLeftAloneKindName(buffer.leftAlone->kind)},
                       {"message", buffer.leftAlone->message}};
      continue;
    }
    object["bytes"] = buffer.size;
    object["alignment"] = buffer.alignment;
    object["start"] = buffer.start;
    object["end"] = buffer.end;
    object["status"] = "planned";
  }
}

void PlanReport::addSpace(FunctionOpInterface func, Attribute memorySpace,
                          ArrayRef<const FunctionBuffer *> buffers,
                          SpaceResult result) {
  FunctionEntry &entry = functions[functionIndex.at(func)];
  json::Object space{{"memory-space", printMemorySpace(memorySpace)},
                     {"strategy", result.strategy},
                     {"lower-bound", result.lowerBound},
                     {"naive", result.naive},
                     {"seconds", result.seconds},
                     {"buffers", static_cast<int64_t>(buffers.size())}};
  if (result.slabBytes)
    space["slab-bytes"] = *result.slabBytes;
  else
    space["object-bytes"] = json::Array(result.objectBytes);
  if (result.slabAlignment)
    space["slab-alignment"] = *result.slabAlignment;
  space["placement"] = result.placement;
  entry.spaces.push_back(std::move(space));
  StringRef key = result.slabBytes ? "offset" : "object";
  for (auto [buffer, placement] : llvm::zip_equal(buffers, result.placements)) {
    json::Object &object = entry.buffers[bufferIndex.at(buffer).second];
    object[key] = placement;
  }
}

json::Value PlanReport::toJson() const {
  json::Array functionArray;
  for (const FunctionEntry &entry : functions) {
    json::Object function = entry.header;
    function["spaces"] = json::Array(entry.spaces);
    json::Array buffers;
    for (const json::Object &buffer : entry.buffers)
      buffers.push_back(json::Object(buffer));
    function["buffers"] = std::move(buffers);
    functionArray.push_back(std::move(function));
  }
  return json::Object{{"schema", "memplan-report"},
                      {"version", kVersion},
                      {"pass", passArgument},
                      {"options", json::Object(options)},
                      {"functions", std::move(functionArray)}};
}

llvm::Error PlanReport::write(StringRef path) const {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
  if (error)
    return llvm::createStringError(error, "cannot write report '" + path +
                                              "': " + error.message());
  os << llvm::formatv("{0:2}", toJson()) << "\n";
  os.close();
  if (os.has_error())
    return llvm::createStringError(os.error(),
                                   "cannot write report '" + path + "'");
  return llvm::Error::success();
}

} // namespace memplan
