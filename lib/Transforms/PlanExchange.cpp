//===- PlanExchange.cpp - Planning problems out, plans back in ------------===//

#include "PlanExchange.h"

#include "memplan/Planner/PinnedOffsets.h"
#include "memplan/Planner/ProblemCsv.h"
#include "memplan/Planner/Validator.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace mlir;

namespace memplan {

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

/// Moves a group's buffers down together until the lowest one starts below
/// their largest alignment, which keeps every offset aligned and every two
/// buffers as far apart, and sizes the slab to the highest end. memplan-solve
/// plans all groups of a file as one problem, and a strategy may put a later
/// group above an earlier one (no two are live at once): here each gets a
/// slab of its own.
void shiftToTheBottom(ArrayRef<Buffer> buffers, Plan &plan) {
  uint64_t lowest = UINT64_MAX, alignment = 1;
  for (auto [buffer, offset] : llvm::zip_equal(buffers, plan.offsets))
    if (buffer.size != 0) {
      lowest = std::min(lowest, offset);
      alignment = std::max(alignment, buffer.alignment);
    }
  uint64_t shift = lowest == UINT64_MAX ? 0 : lowest - lowest % alignment;
  plan.slabSize = 0;
  for (auto [buffer, offset] : llvm::zip_equal(buffers, plan.offsets)) {
    // A buffer of no bytes may lie anywhere: at 0 below the others.
    offset = offset >= shift ? offset - shift : 0;
    plan.slabSize = std::max(plan.slabSize, offset + buffer.size);
  }
}

} // namespace

std::optional<std::string> findSharedName(ArrayRef<SpaceProblem> spaces) {
  llvm::StringMap<Operation *> owners;
  for (const SpaceProblem &space : spaces) {
    Operation *func = FunctionOpInterface(space.func).getOperation();
    auto [it, inserted] = owners.try_emplace(space.functionName, func);
    if (!inserted && it->second != func)
      return space.functionName;
  }
  return std::nullopt;
}

/// "mlp_" for @mlp: the function's name with what is no letter, digit or
/// underscore made an underscore, and "f_" before one that starts with a
/// digit, so that symbols read as names in a CSV size.
static std::string getExchangeSymbolPrefix(StringRef functionName) {
  std::string prefix;
  for (char c : functionName)
    prefix += llvm::isAlnum(c) ? c : '_';
  if (prefix.empty() || llvm::isDigit(prefix.front()))
    prefix = "f_" + prefix;
  return prefix + "_";
}

void writeExchangeCsv(llvm::raw_ostream &os, ArrayRef<SpaceProblem> spaces,
                      bool withAccessedBytes) {
  os << "id,lower,upper,size,alignment"
     << (withAccessedBytes ? ",accessed" : "") << "\n";
  // Each space starts where the previous one ended, so no two spaces are
  // ever live at once.
  uint64_t base = 0;
  for (const SpaceProblem &space : spaces) {
    uint64_t first = getFirstStart(space.problem), last = base;
    // Sizes known only at run time, over symbols named after their
    // function: one problem holds every function's.
    SmallVector<std::string> names;
    if (space.runTimeSizes)
      for (const std::string &symbol : space.runTimeSizes->problem.symbols)
        names.push_back(getExchangeSymbolPrefix(space.functionName) + symbol);
    // A gapped lifetime takes a row per interval, under one id.
    for (auto [index, buffer] : llvm::enumerate(space.problem))
      buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
        uint64_t lower = start - first + base;
        uint64_t upper = end - first + base;
        last = std::max(last, upper);
        os << space.getKey() << "/" << index << "," << lower << "," << upper
           << ",";
        if (names.empty())
          os << buffer.size;
        else
          space.runTimeSizes->problem.sizes[index].print(os, names);
        os << "," << buffer.alignment;
        if (withAccessedBytes)
          os << "," << space.buffers[index]->accessedBytes;
        os << "\n";
      });
    base = last;
  }
}

llvm::Expected<ExchangePlans> readExchangePlans(StringRef text,
                                                StringRef fileName,
                                                ArrayRef<SpaceProblem> spaces) {
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
  if (lines.size() != csv->getNumRows() + 1)
    return makeError(fileName + ": rows do not match the problem read");

  // Rows by id: which space, which buffer, and its offset.
  struct Row {
    Buffer buffer;
    std::optional<uint64_t> offset;
  };
  llvm::StringMap<llvm::MapVector<unsigned, Row>> rowsBySpace;
  // The offset of each buffer, from its first row: the rows of the
  // intervals of a gapped lifetime must agree.
  SmallVector<std::optional<uint64_t>> offsetOf(csv->buffers.size());
  SmallVector<bool> seen(csv->buffers.size(), false);
  for (size_t row = 0, e = csv->getNumRows(); row != e; ++row) {
    unsigned index = csv->getBufferOfRow(row);
    StringRef id = csv->getId(index);
    SmallVector<StringRef> fields;
    lines[row + 1].rtrim("\r").split(fields, ',');
    // A blank offset leaves the buffer to be planned (a partial plan).
    std::optional<uint64_t> offset;
    StringRef field =
        *offsetField < fields.size() ? fields[*offsetField].trim(" \t") : "";
    uint64_t value;
    if (*offsetField < fields.size() && !field.empty()) {
      if (field.getAsInteger(10, value))
        return makeError(fileName + ": row '" + id + "': malformed offset");
      offset = value;
    } else if (*offsetField >= fields.size()) {
      return makeError(fileName + ": row '" + id + "': missing offset");
    }
    if (seen[index]) {
      if (offsetOf[index] != offset) {
        auto show = [](std::optional<uint64_t> given) {
          return given ? std::to_string(*given) : std::string("none");
        };
        return makeError(fileName + ": the rows of '" + id +
                         "' give the offsets " + show(offsetOf[index]) +
                         " and " + show(offset) + " (one buffer, one offset)");
      }
      continue;
    }
    seen[index] = true;
    offsetOf[index] = offset;
    StringRef key, number;
    std::tie(key, number) = id.rsplit('/');
    unsigned bufferIndex;
    if (!key.starts_with("@") || !key.contains('/') ||
        number.getAsInteger(10, bufferIndex))
      return makeError(fileName + ": id '" + id +
                       "' is not of the form @FUNC/SPACE/BUFFER of an "
                       "exported problem");
    rowsBySpace[key][bufferIndex] = {csv->buffers[index], offset};
  }

  ExchangePlans result;
  for (const SpaceProblem &space : spaces) {
    std::string key = space.getKey();
    std::string where = fileName.str() + ": function @" + space.functionName +
                        ", group " + std::to_string(space.spaceIndex);
    auto rows = rowsBySpace.find(key);
    if (rows == rowsBySpace.end())
      return makeError(where + ": no rows '" + key +
                       "/...' in the plan (stale file?)");
    if (rows->second.size() != space.problem.size())
      return makeError(where + ": " + Twine(space.problem.size()) +
                       " buffers, but the plan has " +
                       Twine(rows->second.size()));
    uint64_t fileFirst = UINT64_MAX;
    for (auto &entry : rows->second)
      fileFirst = std::min(fileFirst, entry.second.buffer.start);
    uint64_t first = getFirstStart(space.problem);
    Plan &plan = result.plans[key];
    std::vector<Buffer> &fileBuffers = result.fileBuffers[key];
    for (auto [index, buffer] : llvm::enumerate(space.problem)) {
      auto row = rows->second.find(index);
      if (row == rows->second.end())
        return makeError(where + ": no row '" + key + "/" + Twine(index) +
                         "' in the plan");
      const Buffer &saved = row->second.buffer;
      // Lifetimes are compared from the space's first start: export shifted
      // them.
      auto mismatch = [&](StringRef what, uint64_t inFile, uint64_t now,
                          StringRef guess = "stale file?") {
        return makeError(where + ": buffer " + Twine(index) + " (" + key + "/" +
                         Twine(index) + "): " + what + " is " + Twine(now) +
                         " but the plan has " + Twine(inFile) + " (" + guess +
                         ")");
      };
      if (saved.size != buffer.size)
        return mismatch("size", saved.size, buffer.size);
      if (saved.alignment != buffer.alignment)
        return mismatch("alignment", saved.alignment, buffer.alignment,
                        "stale file, or exported with other alignment "
                        "options?");
      if (saved.start - fileFirst != buffer.start - first)
        return mismatch("lifetime start", saved.start - fileFirst,
                        buffer.start - first);
      if (saved.end - fileFirst != buffer.end - first)
        return mismatch("lifetime end", saved.end - fileFirst,
                        buffer.end - first);
      auto countIntervals = [](const Buffer &record) -> uint64_t {
        return record.hasGaps() ? record.ranges.size() : 1;
      };
      if (countIntervals(saved) != countIntervals(buffer))
        return mismatch("the number of live intervals", countIntervals(saved),
                        countIntervals(buffer));
      for (auto [inFile, now] : llvm::zip_equal(saved.ranges, buffer.ranges)) {
        if (inFile.start - fileFirst != now.start - first)
          return mismatch("a live interval's start", inFile.start - fileFirst,
                          now.start - first);
        if (inFile.end - fileFirst != now.end - first)
          return mismatch("a live interval's end", inFile.end - fileFirst,
                          now.end - first);
      }
      std::optional<uint64_t> offset = row->second.offset;
      if (offset && *offset > UINT64_MAX - buffer.size)
        return makeError(where + ": buffer " + Twine(index) +
                         ": offset overflows 64 bits");
      if (!offset && !result.partial.count(key))
        result.partial[key].assign(plan.offsets.begin(), plan.offsets.end());
      if (result.partial.count(key))
        result.partial[key].push_back(offset);
      plan.offsets.push_back(offset.value_or(0));
      if (offset)
        plan.slabSize = std::max(plan.slabSize, *offset + buffer.size);
      fileBuffers.push_back(saved);
    }
    rowsBySpace.erase(rows);
  }
  if (!rowsBySpace.empty())
    return makeError(fileName + ": rows '" + rowsBySpace.begin()->first() +
                     "/...' match no group of a function in the "
                     "module (stale file?)");
  return result;
}

llvm::Expected<std::vector<AppliedPlan>>
loadAppliedPlans(StringRef path, ArrayRef<SpaceProblem> spaces) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return makeError("cannot read plan '" + path +
                     "': " + file.getError().message());
  if (std::optional<std::string> name = findSharedName(spaces))
    return makeError("two functions are named @" + *name +
                     "; their plans cannot be told apart");
  llvm::Expected<ExchangePlans> read =
      readExchangePlans((*file)->getBuffer(), path, spaces);
  if (!read)
    return read.takeError();
  std::vector<AppliedPlan> plans;
  for (const SpaceProblem &space : spaces) {
    Plan &plan = read->plans[space.getKey()];
    auto partial = read->partial.find(space.getKey());
    if (partial != read->partial.end()) {
      // The pins, as the file has them: the offsets are the slab's, kept.
      const std::vector<Buffer> &fileBuffers =
          read->fileBuffers[space.getKey()];
      if (std::optional<PinConflict> conflict =
              findPinConflict(fileBuffers, partial->second)) {
        std::string first =
            space.getKey() + "/" + std::to_string(conflict->first);
        std::string what =
            conflict->kind == PinConflict::Overlap
                ? "rows '" + first + "' and '" + space.getKey() + "/" +
                      std::to_string(conflict->second) +
                      "' are live at the same time and overlap"
            : conflict->kind == PinConflict::Misaligned
                ? "row '" + first + "' is not aligned for its buffer"
                : "row '" + first + "' ends beyond 64 bits";
        return makeError(path + ": function @" + space.functionName +
                         ", group " + Twine(space.spaceIndex) +
                         ": invalid partial plan: " + what);
      }
      plans.push_back({Plan(), std::move(partial->second)});
      continue;
    }
    // The file's lifetimes and offsets, which the module's differ from by a
    // shift of each: the validator's verdict is the same, and its message
    // names what the file says.
    if (llvm::Error error =
            validatePlan(read->fileBuffers[space.getKey()], plan))
      return makeError(path + ": function @" + space.functionName + ", group " +
                       Twine(space.spaceIndex) +
                       ": invalid plan: " + llvm::toString(std::move(error)));
    shiftToTheBottom(space.problem, plan);
    plan.outcome.strategy = "apply";
    plan.details = ("applied from " + path).str();
    plans.push_back({std::move(plan), {}});
  }
  return plans;
}

} // namespace memplan
