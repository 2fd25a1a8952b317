//===- HeapMapOutput.cpp - The passes' heapmap=PATH option ----------------===//

#include "HeapMapOutput.h"

#include "MemorySpaces.h"

#include "memplan/Analysis/LeftAlone.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace memplan {

/// Letters, digits, `_`, `-` and `.` are kept; anything else becomes `_`.
static std::string toFileName(llvm::StringRef text) {
  std::string name;
  for (char c : text)
    name += llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' ? c : '_';
  return name;
}

template <typename T> static std::string printed(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return text;
}

void HeapMapOutput::add(const ModuleBuffers &buffers, const ModulePlan &plan,
                        llvm::StringRef description) {
  for (auto [space, spacePlan] : llvm::zip_equal(buffers.spaces, plan.spaces)) {
    const SlabPlan &slabs = spacePlan.plan;
    bool objects = slabs.kind == PlanKind::Objects;
    HeapMapPicture picture =
        makePlanHeapMap(spacePlan.problem, slabs, spacePlan.lowerBound);
    std::string funcName =
        space.functionName.empty() ? "anonymous" : space.functionName;
    std::string label = getMemorySpaceLabel(space.memorySpace);
    picture.title = "@" + funcName;
    if (!label.empty())
      picture.title += ", memory space " + label;
    picture.title += ": " + description.str();
    if (space.runTimeSizes)
      picture.title += ", sizes known at run time drawn at size-hint";

    // Arenas (or parts) are drawn one above the other, the first lowest:
    // say where each begins, and give each buffer its offset in its own.
    if (const std::optional<SpaceArenas> &arenas = spacePlan.arenas) {
      SmallVector<std::optional<uint64_t>> bases(slabs.slabs.size());
      for (auto [index, slab] : llvm::enumerate(slabs.slabOf))
        if (!bases[slab])
          bases[slab] = picture.offsets[index] - slabs.offsets[index];
      SmallVector<std::string> parts;
      for (auto [spec, slab, base] :
           llvm::zip_equal(arenas->specs, slabs.slabs, bases))
        if (base)
          parts.push_back(llvm::formatv("{0} {1} bytes from {2}", spec.name,
                                        slab.size, *base)
                              .str());
      picture.title += ", " +
                       std::string(arenas->parts ? "parts " : "arenas ") +
                       llvm::join(parts, ", ");
    }
    picture.labels.clear();
    for (auto [index, buffer] : llvm::enumerate(space.buffers)) {
      std::string where =
          objects ? llvm::formatv("object {0}", slabs.slabOf[index]).str()
          : spacePlan.arenas
              ? llvm::formatv("{0}, offset {1}",
                              spacePlan.arenas->specs[slabs.slabOf[index]].name,
                              slabs.offsets[index])
                    .str()
              : llvm::formatv("offset {0}", picture.offsets[index]).str();
      std::string life = buffer->isSplit()
                             ? llvm::formatv(", life {0}", buffer->life).str()
                             : "";
      // In program points, where the picture may count barrier epochs.
      std::string live = formatLiveRanges(getPlannerRecord(*buffer));
      // A size known only at run time is drawn at the hint.
      uint64_t bytes = spacePlan.problem[index].size;
      picture.labels.push_back(
          llvm::formatv("{0}\n{1}{6}\n{2} ({3} bytes), live {4}, {5}",
                        printed(buffer->alloc->getLoc()),
                        printed(buffer->alloc->getResult(0).getType()),
                        formatHeapMapBytes(bytes), bytes, live, where, life)
              .str());
    }
    std::string stem = funcName;
    if (!label.empty())
      stem += "." + label;
    if (space.scopeIndex != 0) {
      stem += ".loop" + std::to_string(space.scopeIndex);
      picture.title += " (" + describeScope(space.scope) + ")";
    }
    // A function's stack slab stands beside its heap slab of the same space.
    if (space.stack)
      stem += ".stack";
    // Where the slab lives, as the report names it.
    picture.title += " (" + getSlabHomeName(spacePlan.home).str() + ")";
    entries.push_back({toFileName(stem), std::move(picture)});
  }
}

/// Writes `pictures` to `fileName`; an empty string, or why it failed.
static std::string writeFile(llvm::StringRef fileName,
                             llvm::ArrayRef<HeapMapPicture> pictures) {
  std::error_code error;
  llvm::ToolOutputFile output(fileName, error, llvm::sys::fs::OF_Text);
  if (!error) {
    writeHeapMapSvg(output.os(), pictures);
    output.os().flush();
    error = output.os().error();
  }
  if (error)
    return "cannot write '" + fileName.str() + "': " + error.message();
  output.keep();
  return "";
}

LogicalResult HeapMapOutput::write(ModuleOp module,
                                   llvm::StringRef passArgument) const {
  if (!isEnabled())
    return success();
  auto fail = [&](const llvm::Twine &message) {
    return module->emitError() << passArgument << ": heapmap: " << message;
  };
  if (llvm::StringRef(path).ends_with(".svg")) {
    SmallVector<HeapMapPicture, 0> pictures;
    for (const Entry &entry : entries)
      pictures.push_back(entry.picture);
    if (std::string problem = writeFile(path, pictures); !problem.empty())
      return fail(problem);
    return success();
  }
  if (std::error_code error = llvm::sys::fs::create_directories(path))
    return fail("cannot create the folder '" + path + "': " + error.message());
  // Two stems can only meet once made safe for file names; keep both.
  llvm::StringSet<> used;
  for (const Entry &entry : entries) {
    std::string stem = entry.fileStem;
    for (unsigned copy = 2; !used.insert(stem).second; ++copy)
      stem = entry.fileStem + "-" + llvm::utostr(copy);
    SmallString<256> fileName(path);
    llvm::sys::path::append(fileName, stem + ".svg");
    if (std::string problem = writeFile(fileName, entry.picture);
        !problem.empty())
      return fail(problem);
  }
  return success();
}

} // namespace memplan
