//===- PlanReport.cpp - The JSON report of a planning pass ----------------===//

#include "PlanReport.h"

#include "MemorySpaces.h"

#include "memplan/Analysis/FunctionNames.h"
#include "memplan/Analysis/LeftAlone.h"

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

json::Object describeBuffer(const FunctionBuffer &buffer) {
  json::Object object;
  Operation *alloc = buffer.alloc;
  MemRefType type = buffer.getType();
  object["location"] = printToString(alloc->getLoc());
  object["type"] = printToString(type);
  object["memory-space"] = printMemorySpace(type.getMemorySpace());
  if (buffer.leftAlone) {
    object["status"] = "left-alone";
    object["left-alone"] =
        json::Object{{"kind", getLeftAloneKindName(buffer.leftAlone->kind)},
                     {"message", buffer.leftAlone->message}};
    return object;
  }
  object["bytes"] = buffer.size;
  // Of a size known only at run time, the static accesses alone: left out.
  if (!buffer.symbolicSize)
    object["accessed-bytes"] = buffer.accessedBytes;
  object["alignment"] = buffer.alignment;
  object["start"] = buffer.start;
  object["end"] = buffer.end;
  if (buffer.atUpperBound)
    object["at-upper-bound"] = true;
  if (buffer.isSplit()) {
    object["life"] = buffer.life;
    if (Operation *overwrite = buffer.getLifeOverwrite())
      object["life-begins-at"] = printToString(overwrite->getLoc());
  }
  if (buffer.iterationBegin)
    object["life-begins-each-iteration-at"] =
        printToString(buffer.iterationBegin->getLoc());
  if (!buffer.liveRanges.empty()) {
    json::Array ranges;
    for (auto [start, end] : buffer.liveRanges)
      ranges.push_back(json::Array{start, end});
    object["live-ranges"] = std::move(ranges);
  }
  object["status"] = "planned";
  return object;
}

/// What a space whose sizes are known only at run time adds: its symbols,
/// where its figures were taken, its slab for every value and how far from
/// the bound that is over the range.
json::Object describeRunTimeSizes(const SpaceProblem::RunTimeSizes &sizes,
                                  const SpacePlan &spacePlan,
                                  StringRef sizeRange) {
  const SymbolicPlan &plan = *spacePlan.runTimePlan;
  const SymbolicProblem &problem = sizes.problem;
  json::Array symbols, hint;
  for (auto [name, value] : llvm::zip_equal(problem.symbols, sizes.hint)) {
    symbols.push_back(name);
    hint.push_back(value);
  }
  json::Object object{{"symbols", std::move(symbols)},
                      {"size-hint", std::move(hint)},
                      {"edges", static_cast<int64_t>(plan.getNumEdges())}};
  if (plan.worstRatio) {
    object["worst-ratio"] = *plan.worstRatio;
    object["size-range"] = sizeRange;
  }
  if (const std::optional<SlabFormula> &formula = spacePlan.runTimeFormula) {
    object["slab"] = formula->toString(problem.symbols);
    object["slab-exact"] = formula->exact;
  }
  return object;
}

/// What a space divided into arenas adds: each arena's figures, and what
/// the other choice and the bound keep in it.
json::Array describeArenas(const SpacePlan &spacePlan) {
  const SpaceArenas &arenas = *spacePlan.arenas;
  const ArenaComparison &comparison = arenas.comparison;
  const SlabPlan &slabs = spacePlan.plan;
  json::Array result;
  for (auto [index, spec] : llvm::enumerate(arenas.specs)) {
    json::Object object{
        {"name", spec.name},
        {"slab-bytes", slabs.slabs[index].size},
        {"slab-alignment", slabs.slabs[index].alignment},
        {"buffers",
         static_cast<int64_t>(comparison.chosen.members[index].size())},
        {"accessed-bytes", comparison.chosen.traffic[index]},
        {"fall-through-accessed-bytes", comparison.fallThroughTraffic[index]}};
    if (spec.capacity)
      object["capacity"] = *spec.capacity;
    if (comparison.bound[index])
      object["accessed-bytes-bound"] = *comparison.bound[index];
    result.push_back(std::move(object));
  }
  return result;
}

} // namespace

PlanReport::PlanReport(const PlanningOptions &options)
    : passArgument(options.passArgument),
      strategy(options.applyFile.empty() ? options.strategy : "apply"),
      options(json::Object{{"strategy", options.strategy},
                           {"alignment", options.alignment},
                           {"time-limit", options.timeLimitSeconds},
                           {"gap-tolerance", options.gapTolerance}}),
      sizeRange(options.sizeRange) {}

void PlanReport::add(const ModuleBuffers &buffers, const ModulePlan &plan) {
  for (const FunctionBuffers &function : buffers.functions) {
    FunctionOpInterface func = function.func;
    json::Object entry{{"name", getFunctionName(func).str()},
                       {"location", printToString(func.getLoc())},
                       {"strategy", strategy}};

    std::vector<json::Object> bufferObjects;
    llvm::DenseMap<const FunctionBuffer *, size_t> indexOf;
    for (const FunctionBuffer &buffer : function.buffers) {
      indexOf[&buffer] = bufferObjects.size();
      bufferObjects.push_back(describeBuffer(buffer));
    }

    json::Array spaces;
    for (unsigned index = function.firstSpace; index != function.endSpace;
         ++index) {
      const SpaceProblem &space = buffers.spaces[index];
      const SpacePlan &spacePlan = plan.spaces[index];
      const SlabPlan &slabs = spacePlan.plan;
      bool offsets = slabs.kind == PlanKind::Offsets;
      json::Object object{
          {"memory-space", printMemorySpace(space.memorySpace)},
          {"scope", static_cast<int64_t>(space.scopeIndex)},
          {"strategy", slabs.outcome.strategy},
          {"lower-bound", spacePlan.lowerBound},
          {"proven-bound", spacePlan.provenBound},
          {"naive", spacePlan.naive},
          {"seconds", spacePlan.seconds},
          {"buffers", static_cast<int64_t>(space.buffers.size())}};
      if (space.gapped)
        object["lifetimes-gapped"] = static_cast<int64_t>(space.gapped);
      if (offsets) {
        object["slab-bytes"] = slabs.getTotalSize();
        if (!slabs.slabs.empty())
          object["slab-alignment"] = slabs.slabs.front().alignment;
      } else {
        json::Array sizes;
        for (const Slab &slab : slabs.slabs)
          sizes.push_back(slab.size);
        object["object-bytes"] = std::move(sizes);
      }
      object["placement"] = getSlabHomeName(spacePlan.home);
      if (space.scope)
        object["scope-op"] = (quoteOp(space.scope) + " at " +
                              printToString(space.scope->getLoc()));
      if (space.stack)
        object["stack"] = true;
      if (spacePlan.runTimePlan)
        object["run-time-sizes"] =
            describeRunTimeSizes(*space.runTimeSizes, spacePlan, sizeRange);
      if (spacePlan.arenas) {
        object["arenas"] = describeArenas(spacePlan);
        if (spacePlan.arenas->parts)
          object["max-slab-bytes"] = *spacePlan.arenas->specs.front().capacity;
        else
          object["arena-choice"] =
              getArenaChoiceName(spacePlan.arenas->comparison.choice);
      }
      spaces.push_back(std::move(object));
      for (auto [index, buffer, slab, offset] :
           llvm::enumerate(space.buffers, slabs.slabOf, slabs.offsets)) {
        json::Object &object = bufferObjects[indexOf.at(buffer)];
        // A size known only at run time: its formula, and at the hint.
        if (space.runTimeSizes && buffer->symbolicSize) {
          const SymbolicProblem &problem = space.runTimeSizes->problem;
          object["bytes"] = spacePlan.problem[index].size;
          object["run-time-bytes"] =
              problem.sizes[index].toString(problem.symbols);
        }
        object[offsets ? "offset" : "object"] =
            offsets ? offset : uint64_t(slab);
        if (spacePlan.arenas)
          object["arena"] = spacePlan.arenas->specs[slab].name;
        if (!spacePlan.pins.empty() && spacePlan.pins[index])
          object["pinned"] = true;
        object["scope"] = static_cast<int64_t>(space.scopeIndex);
        if (space.stack)
          object["stack"] = true;
      }
    }
    entry["spaces"] = std::move(spaces);
    json::Array bufferArray;
    for (json::Object &object : bufferObjects)
      bufferArray.push_back(std::move(object));
    entry["buffers"] = std::move(bufferArray);
    functions.push_back(std::move(entry));
  }
}

json::Value PlanReport::toJson() const {
  return json::Object{{"schema", "memplan-report"},
                      {"version", kVersion},
                      {"pass", passArgument},
                      {"options", json::Object(options)},
                      {"functions", json::Array(functions)}};
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
