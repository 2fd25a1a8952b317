//===- PlanExchange.cpp - Planning problems out, plans back in ------------===//

#include "memplan/Transforms/PlanExchange.h"

#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/Validator.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace mlir;

namespace memplan {

std::string SpaceGroup::getKey() const {
  return "@" + functionName + "/" + std::to_string(spaceIndex);
}

ModuleProblems collectModuleProblems(ModuleOp module, uint64_t minAlignment) {
  // As planModule does: every function analysed before any is planned.
  ModuleProblems result;
  BufferAliasAnalysis aliasAnalysis;
  SmallVector<FunctionOpInterface> functions;
  module->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    functions.push_back(func);
    result.functionBuffers.push_back(
        analyzeFunctionBuffers(func, aliasAnalysis, minAlignment));
  });
  for (auto [func, buffers] :
       llvm::zip_equal(functions, result.functionBuffers)) {
    // As planFunction does: spaces in the order their first buffer appears.
    llvm::MapVector<Attribute, SmallVector<const FunctionBuffer *>> bySpace;
    for (const FunctionBuffer &buffer : buffers)
      if (!buffer.leftAlone)
        bySpace[buffer.memorySpace].push_back(&buffer);
    StringAttr name =
        func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    unsigned spaceIndex = 0;
    for (auto &[memorySpace, spaceBuffers] : bySpace) {
      SpaceGroup &group = result.groups.emplace_back();
      group.func = func;
      group.functionName = name ? name.getValue().str() : "";
      group.spaceIndex = spaceIndex++;
      group.memorySpace = memorySpace;
      group.buffers = spaceBuffers;
      for (const FunctionBuffer *buffer : spaceBuffers)
        group.problem.push_back(
            {buffer->size, buffer->alignment, buffer->start, buffer->end});
    }
  }
  return result;
}

namespace {

uint64_t getFirstStart(ArrayRef<Buffer> problem) {
  uint64_t first = UINT64_MAX;
  for (const Buffer &buffer : problem)
    first = std::min(first, buffer.start);
  return first;
}

llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument), message);
}

} // namespace

std::optional<std::string> findSharedName(ArrayRef<SpaceGroup> groups) {
  llvm::StringMap<Operation *> owners;
  for (const SpaceGroup &group : groups) {
    Operation *func = FunctionOpInterface(group.func).getOperation();
    auto [it, inserted] = owners.try_emplace(group.functionName, func);
    if (!inserted && it->second != func)
      return group.functionName;
  }
  return std::nullopt;
}

void writeExchangeCsv(llvm::raw_ostream &os, ArrayRef<SpaceGroup> groups) {
  os << "id,lower,upper,size,alignment\n";
  // Each group starts where the previous one ended, so no two groups are
  // ever live at once.
  uint64_t base = 0;
  for (const SpaceGroup &group : groups) {
    uint64_t first = getFirstStart(group.problem), last = base;
    for (auto [index, buffer] : llvm::enumerate(group.problem)) {
      uint64_t lower = buffer.start - first + base;
      uint64_t upper = buffer.end - first + base;
      last = std::max(last, upper);
      os << group.getKey() << "/" << index << "," << lower << "," << upper
         << "," << buffer.size << "," << buffer.alignment << "\n";
    }
    base = last;
  }
}

llvm::Expected<ExchangePlans> readExchangePlans(StringRef text,
                                                StringRef fileName,
                                                ArrayRef<SpaceGroup> groups) {
  llvm::Expected<CsvProblem> csv = readProblemCsv(text, fileName);
  if (!csv)
    return csv.takeError();

  // readProblemCsv ignores the `offset` column; read it from the same rows
  // (the non-blank lines after the header, in order).
  SmallVector<StringRef> lines;
  text.consume_front("\xEF\xBB\xBF");
  text.split(lines, '\n');
  llvm::erase_if(lines, [](StringRef line) { return line.trim().empty(); });
  std::optional<unsigned> offsetField;
  if (!lines.empty()) {
    SmallVector<StringRef> header;
    lines.front().rtrim("\r").split(header, ',');
    for (auto [index, name] : llvm::enumerate(header))
      if (name.trim(" \t") == "offset")
        offsetField = index;
  }
  if (!offsetField)
    return makeError(fileName + ": no 'offset' column: not a plan (plan the "
                                "exported problem with memplan-solve first)");
  if (lines.size() != csv->buffers.size() + 1)
    return makeError(fileName + ": rows do not match the problem read");

  // Rows by id: which group, which buffer, and its offset.
  struct Row {
    Buffer buffer;
    uint64_t offset;
  };
  llvm::StringMap<llvm::MapVector<unsigned, Row>> rowsByGroup;
  for (auto [index, id] : llvm::enumerate(csv->ids)) {
    SmallVector<StringRef> fields;
    lines[index + 1].rtrim("\r").split(fields, ',');
    uint64_t offset;
    if (*offsetField >= fields.size() ||
        fields[*offsetField].trim(" \t").getAsInteger(10, offset))
      return makeError(fileName + ": row '" + id +
                       "': missing or malformed offset");
    StringRef key, number;
    std::tie(key, number) = StringRef(id).rsplit('/');
    unsigned bufferIndex;
    if (!key.starts_with("@") || !key.contains('/') ||
        number.getAsInteger(10, bufferIndex))
      return makeError(fileName + ": id '" + id +
                       "' is not of the form @FUNC/SPACE/BUFFER of an "
                       "exported problem");
    rowsByGroup[key][bufferIndex] = {csv->buffers[index], offset};
  }

  ExchangePlans result;
  for (const SpaceGroup &group : groups) {
    std::string key = group.getKey();
    std::string where = fileName.str() + ": function @" + group.functionName +
                        ", memory space " + std::to_string(group.spaceIndex);
    auto rows = rowsByGroup.find(key);
    if (rows == rowsByGroup.end())
      return makeError(where + ": no rows '" + key +
                       "/...' in the plan (stale file?)");
    if (rows->second.size() != group.problem.size())
      return makeError(where + ": " + Twine(group.problem.size()) +
                       " buffers, but the plan has " +
                       Twine(rows->second.size()));
    uint64_t fileFirst = UINT64_MAX;
    for (auto &entry : rows->second)
      fileFirst = std::min(fileFirst, entry.second.buffer.start);
    uint64_t first = getFirstStart(group.problem);
    Plan &plan = result.plans[key];
    for (auto [index, buffer] : llvm::enumerate(group.problem)) {
      auto row = rows->second.find(index);
      if (row == rows->second.end())
        return makeError(where + ": no row '" + key + "/" + Twine(index) +
                         "' in the plan");
      const Buffer &saved = row->second.buffer;
      // Lifetimes are compared from the group's first start: export shifted
      // them.
      auto mismatch = [&](StringRef what, uint64_t inFile, uint64_t now) {
        return makeError(where + ": buffer " + Twine(index) + " (" + key + "/" +
                         Twine(index) + "): " + what + " is " + Twine(now) +
                         " but the plan has " + Twine(inFile) +
                         " (stale file?)");
      };
      if (saved.size != buffer.size)
        return mismatch("size", saved.size, buffer.size);
      if (saved.alignment != buffer.alignment)
        return mismatch("alignment", saved.alignment, buffer.alignment);
      if (saved.start - fileFirst != buffer.start - first)
        return mismatch("lifetime start", saved.start - fileFirst,
                        buffer.start - first);
      if (saved.end - fileFirst != buffer.end - first)
        return mismatch("lifetime end", saved.end - fileFirst,
                        buffer.end - first);
      uint64_t offset = row->second.offset;
      if (offset > UINT64_MAX - buffer.size)
        return makeError(where + ": buffer " + Twine(index) +
                         ": offset overflows 64 bits");
      plan.offsets.push_back(offset);
      plan.slabSize = std::max(plan.slabSize, offset + buffer.size);
    }
    rowsByGroup.erase(rows);
  }
  if (!rowsByGroup.empty())
    return makeError(fileName + ": rows '" + rowsByGroup.begin()->first() +
                     "/...' match no memory space of a function in the "
                     "module (stale file?)");
  return result;
}

llvm::Expected<AppliedPlans> AppliedPlans::load(StringRef path, ModuleOp module,
                                                uint64_t minAlignment) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return makeError("cannot read plan '" + path +
                     "': " + file.getError().message());
  ModuleProblems problems = collectModuleProblems(module, minAlignment);
  if (std::optional<std::string> name = findSharedName(problems.groups))
    return makeError("two functions are named @" + *name +
                     "; their plans cannot be told apart");
  llvm::Expected<ExchangePlans> read =
      readExchangePlans((*file)->getBuffer(), path, problems.groups);
  if (!read)
    return read.takeError();
  AppliedPlans result;
  for (const SpaceGroup &group : problems.groups) {
    Plan &plan = read->plans[group.getKey()];
    if (llvm::Error error = validatePlan(group.problem, plan))
      return makeError(path + ": function @" + group.functionName +
                       ", memory space " + Twine(group.spaceIndex) +
                       ": invalid plan: " + llvm::toString(std::move(error)));
    plan.details = ("applied from " + path).str();
    result.plans[{group.func, group.memorySpace}] = std::move(plan);
  }
  return result;
}

llvm::Expected<Plan> AppliedPlans::get(FunctionOpInterface func,
                                       Attribute memorySpace) const {
  auto it = plans.find({func.getOperation(), memorySpace});
  if (it == plans.end())
    return makeError("no plan for this memory space in the applied file");
  return it->second;
}

} // namespace memplan
