//===- ModulePlan.cpp - A validated plan for every problem ----------------===//

#include "ModulePlan.h"

#include "MemorySpaces.h"
#include "memplan/Analysis/FunctionNames.h"

#include "memplan/Planner/BarrierEpochs.h"
#include "memplan/Planner/PinnedOffsets.h"
#include "memplan/Planner/Planner.h"
#include "memplan/Planner/Validator.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>

#define DEBUG_TYPE "memplan-planning"

using namespace mlir;

namespace memplan {

StringRef getSlabHomeName(SlabHome home) {
  switch (home) {
  case SlabHome::Stack:
    return "stack";
  case SlabHome::PerIteration:
  case SlabHome::Entry:
    return getSlabKindName(SlabKind::Alloc);
  case SlabHome::Global:
    return getSlabKindName(SlabKind::Global);
  case SlabHome::Argument:
    return getSlabKindName(SlabKind::Argument);
  }
  llvm_unreachable("unknown slab home");
}

PlanFigures ModulePlan::getTotalFigures() const {
  PlanFigures total;
  for (const FunctionPlan &function : functions)
    total += function.figures;
  return total;
}

namespace {

/// The independent checks of a space's plan: the validator on the problem
/// as planned and, for memory a group of work-items shares, that buffers
/// sharing bytes are a barrier apart in program order, counting the
/// barriers that insert-barriers adds. Those are chosen here, into
/// `barriersToInsert`, before the check.
llvm::Error validateSpacePlan(const SpaceProblem &space, const SlabPlan &plan,
                              const std::optional<SymbolicPlan> &runTimePlan,
                              SmallVectorImpl<Operation *> &barriersToInsert) {
  barriersToInsert.clear();
  if (llvm::Error error = validateSlabPlan(space.problem, plan))
    return error;
  // The rewrite computes the offsets at run time from this plan: it must
  // hold for every value, not only at the hint.
  if (space.runTimeSizes)
    if (llvm::Error error =
            validateSymbolicPlan(space.runTimeSizes->problem, *runTimePlan))
      return error;
  if (!space.sharing)
    return llvm::Error::success();
  const SpaceProblem::GroupSharing &sharing = *space.sharing;
  SmallVector<uint64_t> barriers = sharing.barriers;
  if (!sharing.candidates.empty()) {
    llvm::Expected<SmallVector<uint64_t>> chosen = chooseBarriers(
        sharing.programOrder, sharing.barriers, sharing.candidates, plan);
    if (!chosen)
      return chosen.takeError();
    for (uint64_t point : *chosen)
      barriersToInsert.push_back(
          sharing.candidateOps[llvm::lower_bound(sharing.candidates, point) -
                               sharing.candidates.begin()]);
    barriers.append(chosen->begin(), chosen->end());
    llvm::sort(barriers);
  }
  return validateBarrierSeparation(sharing.programOrder, barriers, plan);
}

/// Plans the spaces of one run: the pieces every space needs, made once.
class SpacePlanning {
public:
  SpacePlanning(const PlanningOptions &options, SlabPlacer &placer,
                ArrayRef<AppliedPlan> applied, MLIRContext *context)
      : options(options), limits(SpaceLimits::fromOptions(options)),
        placer(placer), applied(applied) {
    strategyOptions.timeLimitSeconds = options.timeLimitSeconds;
    strategyOptions.deadline = options.deadline;
    strategyOptions.gapTolerance = options.gapTolerance;
    strategyOptions.parallelFromBuffers = options.parallelMinBuffers;
    // best runs its quick strategies at once with MLIR's threads, or one
    // after the other under --mlir-disable-threading.
    if (context && context->isMultithreadingEnabled())
      strategyOptions.parallelFor =
          [context](size_t count, llvm::function_ref<void(size_t)> body) {
            mlir::parallelFor(context, 0, count, body);
          };
    if (!isApplying())
      planner = createPlanner(options.kind, options.strategy, strategyOptions);
  }

  /// Plans every space of `buffers` into `result.spaces` (each with its
  /// problem set), the spaces in parallel where the context allows and
  /// they have PlanningOptions::parallelMinBuffers buffers in all.
  void planSpaces(const ModuleBuffers &buffers, ModulePlan &result,
                  std::vector<llvm::Expected<SlabPlan>> &plans) const;

  /// Checks the plans of the function's spaces and sums them up.
  LogicalResult finishFunction(const ModuleBuffers &buffers,
                               const FunctionBuffers &function,
                               MutableArrayRef<llvm::Expected<SlabPlan>> plans,
                               ModulePlan &result, FunctionPlan &functionPlan);

private:
  bool isApplying() const { return !options.applyFile.empty(); }

  /// Whether `space` is divided into arenas: the function's own slab (not a
  /// stack slab, nor one per iteration of a parallel loop) in the memory
  /// space the arenas divide.
  bool hasArenas(const SpaceProblem &space) const {
    return !space.stack && !space.scope &&
           !limits.getArenas(space.memorySpace).empty();
  }

  /// With `labelDetails` (a function of several slabs), the details the
  /// summary gives of this space say which space they are of.
  LogicalResult finishSpace(const SpaceProblem &space,
                            llvm::Expected<SlabPlan> plan, SpacePlan &spacePlan,
                            FunctionPlan &functionPlan, bool labelDetails);

  // The steps of finishSpace.
  /// Warns where a quick strategy's deadline left buffers stacked.
  void warnIfStacked(FunctionOpInterface func, const SlabPlan &plan,
                     size_t numBuffers) const;
  /// Where `plan` exceeds the capacity of its memory space, asks exact for
  /// one that fits and replaces `plan` with it, or fails saying why.
  LogicalResult fitCapacity(const SpaceProblem &space, SpacePlan &spacePlan,
                            uint64_t lowerBound, SlabPlan &plan) const;
  /// The naive size of the space's allocations (the first life of each).
  llvm::Expected<uint64_t>
  computeAllocationsNaive(const SpaceProblem &space,
                          ArrayRef<Buffer> problem) const;
  /// Fails where a slab or an object is too large for a memref.
  LogicalResult checkSlabSizes(FunctionOpInterface func,
                               const SlabPlan &plan) const;
  /// Adds the space's plan to its function's figures; with `labelDetails`
  /// its details say which space they are of.
  void addFigures(const SpaceProblem &space, const SlabPlan &plan,
                  bool labelDetails, uint64_t lowerBound, uint64_t naive,
                  uint64_t provenBound, PlanFigures &figures) const;

  LogicalResult fail(FunctionOpInterface func, const Twine &what,
                     llvm::Error error) const {
    emitError(func.getLoc()) << options.passArgument << ": " << what << ": "
                             << llvm::toString(std::move(error));
    return failure();
  }

  LogicalResult emitCapacityError(const SpaceProblem &space, uint64_t capacity,
                                  uint64_t bestSize, uint64_t lowerBound,
                                  StringRef exactAnswer) const;

  void emitSummary(FunctionOpInterface func, const PlanFigures &figures) const;

  /// Plans a space divided into arenas: each buffer into one, each arena a
  /// slab of the plan, by the options' choice and compared with the
  /// fall-through rule and the bound in `spacePlan.arenas`; `pins` (empty,
  /// or one per buffer) fixes some offsets.
  llvm::Expected<SlabPlan>
  planArenas(const SpaceProblem &space, SpacePlan &spacePlan,
             ArrayRef<std::optional<uint64_t>> pins) const;

  /// The offsets `memplan.offset` pins in `space`, one per buffer, or none
  /// when no buffer has one; fails, naming the buffers, where pins cannot
  /// be honoured: outside a function's slab planned by offsets, apart from
  /// an arena, overlapping while live, misaligned or beyond a capacity.
  llvm::Expected<SmallVector<std::optional<uint64_t>>>
  readPins(const SpaceProblem &space) const;

  /// Plans a space into the fewest slabs of at most max-slab-bytes each.
  llvm::Expected<SlabPlan> planParts(const SpaceProblem &space,
                                     SpacePlan &spacePlan) const;

  /// Fails where `buffer` names an arena (kArenaAttr) that `arenas` does
  /// not, or where its space is not divided into arenas.
  llvm::Error checkArenaName(const SpaceProblem &space,
                             const FunctionBuffer &buffer) const;

  /// Plans a space (not divided into arenas) around its `pins`.
  llvm::Expected<SlabPlan>
  planAroundPinsOf(const SpacePlan &spacePlan,
                   ArrayRef<std::optional<uint64_t>> pins) const;

  /// Plans a space with RunTimeSizes for every value of them into
  /// `spacePlan.runTimePlan`, and gives that plan at the hint.
  llvm::Expected<SlabPlan> planRunTimeSizes(const SpaceProblem &space,
                                            SpacePlan &spacePlan) const;

  const PlanningOptions &options;
  SpaceLimits limits;
  SlabPlacer &placer;
  ArrayRef<AppliedPlan> applied;
  StrategyOptions strategyOptions;
  std::unique_ptr<Planner> planner;
};

llvm::Expected<SlabPlan>
SpacePlanning::planRunTimeSizes(const SpaceProblem &space,
                                SpacePlan &spacePlan) const {
  const SpaceProblem::RunTimeSizes &sizes = *space.runTimeSizes;
  // checkPlanningOptions accepted the range.
  auto [lowest, highest] = llvm::cantFail(parseSizeRange(options.sizeRange));
  SmallVector<SmallVector<uint64_t>> samples =
      getSamplePoints(sizes.symbols.size(), lowest, highest);
  SmallVector<SmallVector<uint64_t>> candidates =
      getCandidatePoints(sizes.hint, samples);
  // The strategy plans once per candidate: each gets a share of the limit.
  StrategyOptions each = strategyOptions;
  each.timeLimitSeconds /= static_cast<double>(candidates.size());
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(options.strategy, each);
  assert(strategy && "checkPlanningOptions accepted the name");
  llvm::Expected<SymbolicPlan> plan =
      planSymbolically(sizes.problem, *strategy, candidates, samples);
  if (!plan)
    return plan.takeError();
  llvm::Expected<Plan> atHint =
      evaluateSymbolicPlan(sizes.problem, *plan, sizes.hint);
  if (!atHint)
    return atHint.takeError();
  SlabPlan slabs = toSlabPlan(space.problem, std::move(*atHint));
  slabs.outcome = plan->outcome;
  spacePlan.runTimeFormula = getSlabFormula(sizes.problem, *plan);
  std::string slab =
      spacePlan.runTimeFormula
          ? spacePlan.runTimeFormula->describeBytes(sizes.problem.symbols)
          : std::string("no short formula");
  slabs.details =
      llvm::formatv("slab for every run-time size: {0}; worst "
                    "ratio {1:F3} to the lower bound over {2}; {3}",
                    slab, *plan->worstRatio, options.sizeRange, plan->details)
          .str();
  spacePlan.runTimePlan = std::move(*plan);
  return slabs;
}

/// The bytes live at once in `problem`, each buffer unpadded: what no
/// division of it into slabs apart (arenas, parts) goes below, where the
/// live bound of one slab counts padding between its buffers.
static llvm::Expected<uint64_t>
computeUnpaddedLowerBound(ArrayRef<Buffer> problem) {
  SmallVector<Buffer> unpadded(problem.begin(), problem.end());
  for (Buffer &buffer : unpadded)
    buffer.alignment = 1;
  return computeLowerBound(PlanKind::Offsets, unpadded);
}

/// "the allocation at LOC", for messages.
static std::string describeAllocation(const FunctionBuffer &buffer) {
  std::string text = "the allocation at ";
  llvm::raw_string_ostream os(text);
  os << buffer.alloc->getLoc();
  return text;
}

llvm::Error SpacePlanning::checkArenaName(const SpaceProblem &space,
                                          const FunctionBuffer &buffer) const {
  auto name = buffer.alloc->getAttrOfType<StringAttr>(kArenaAttr);
  // Without arenas, as for another compiler's options, it is ignored.
  if (!name || limits.arenas.empty())
    return llvm::Error::success();
  if (llvm::none_of(limits.arenas, [&](const ArenaSpec &spec) {
        return spec.name == name.getValue();
      }))
    return llvm::createStringError(
        llvm::formatv("{0} asks for arena '{1}', which arenas does not name",
                      describeAllocation(buffer), name.getValue()));
  if (!hasArenas(space))
    return llvm::createStringError(llvm::formatv(
        "{0} asks for arena '{1}', but arenas divide the function's slab of "
        "memory space {2} only, and it is {3}",
        describeAllocation(buffer), name.getValue(), limits.arenaSpace,
        space.stack   ? "an alloca, planned into a stack slab"
        : space.scope ? "in the slab of each iteration of a parallel loop"
        : space.runTimeSizes ? "in a slab sized at run time"
                             : "of another memory space"));
  return llvm::Error::success();
}

llvm::Expected<SmallVector<std::optional<uint64_t>>>
SpacePlanning::readPins(const SpaceProblem &space) const {
  SmallVector<std::optional<uint64_t>> pins;
  const FunctionBuffer *first = nullptr;
  for (const FunctionBuffer *buffer : space.buffers) {
    if (llvm::Error error = checkArenaName(space, *buffer))
      return std::move(error);
    Attribute attr = buffer->alloc->getAttr(kOffsetAttr);
    if (!attr) {
      pins.push_back(std::nullopt);
      continue;
    }
    auto offset = dyn_cast<IntegerAttr>(attr);
    if (!offset || !isa<IntegerType>(offset.getType()))
      return llvm::createStringError(describeAllocation(*buffer) +
                                     " pins an offset that is not an integer");
    const llvm::APInt &value = offset.getValue();
    if (!offset.getType().isUnsignedInteger() && value.isNegative())
      return llvm::createStringError(describeAllocation(*buffer) +
                                     " pins a negative offset");
    if (value.getActiveBits() > 64)
      return llvm::createStringError(describeAllocation(*buffer) +
                                     " pins an offset beyond 64 bits");
    pins.push_back(value.getZExtValue());
    if (!first)
      first = buffer;
  }
  if (!first)
    return SmallVector<std::optional<uint64_t>>();
  const char *whyNot =
      options.kind != PlanKind::Offsets ? "shared objects have no offsets"
      : space.stack ? "its buffers are allocas, planned into a stack slab"
      : space.scope ? "its slab is one per iteration of a parallel loop"
      : space.runTimeSizes ? "its slab has sizes known only at run time"
                           : nullptr;
  if (whyNot)
    return llvm::createStringError(describeAllocation(*first) +
                                   " pins an offset, which is honoured only "
                                   "in a function's slab planned by "
                                   "memplan-offsets; here " +
                                   whyNot);
  ArrayRef<ArenaSpec> specs = limits.getArenas(space.memorySpace);
  // Pins conflict only within one slab: per arena, or the space's.
  SmallVector<std::pair<std::string, std::optional<uint64_t>>> slabs;
  SmallVector<int> slabOf(space.buffers.size(), 0);
  if (specs.empty()) {
    slabs.push_back(
        {"its memory space", limits.getCapacity(space.memorySpace)});
  } else {
    for (const ArenaSpec &spec : specs)
      slabs.push_back({"arena '" + spec.name + "'", spec.capacity});
    for (auto [index, buffer] : llvm::enumerate(space.buffers)) {
      auto arena = buffer->alloc->getAttrOfType<StringAttr>(kArenaAttr);
      const ArenaSpec *spec = specs.end();
      if (arena)
        spec = llvm::find_if(specs, [&](const ArenaSpec &spec) {
          return spec.name == arena.getValue();
        });
      if (pins[index] && spec == specs.end())
        return llvm::createStringError(
            describeAllocation(*buffer) +
            " pins an offset but names no arena of arenas in `memplan.arena`");
      slabOf[index] = spec == specs.end() ? -1 : int(spec - specs.begin());
    }
  }
  for (auto [slab, entry] : llvm::enumerate(slabs)) {
    SmallVector<Buffer> members;
    SmallVector<std::optional<uint64_t>> memberPins;
    SmallVector<unsigned> indices;
    for (auto [index, pin] : llvm::enumerate(pins))
      if (pin && slabOf[index] == int(slab)) {
        members.push_back(space.problem[index]);
        memberPins.push_back(pin);
        indices.push_back(index);
      }
    std::optional<PinConflict> conflict =
        findPinConflict(members, memberPins, entry.second);
    if (!conflict)
      continue;
    const FunctionBuffer &a = *space.buffers[indices[conflict->first]];
    const Buffer &aRecord = members[conflict->first];
    uint64_t aOffset = *memberPins[conflict->first];
    switch (conflict->kind) {
    case PinConflict::Misaligned:
      return llvm::createStringError(llvm::formatv(
          "{0} pins offset {1}, which is not a multiple of its alignment {2}",
          describeAllocation(a), aOffset, aRecord.alignment));
    case PinConflict::Overflows:
    case PinConflict::BeyondCapacity:
      return llvm::createStringError(llvm::formatv(
          "{0} pins offset {1}: its {2} bytes end beyond the capacity of {3}",
          describeAllocation(a), aOffset, aRecord.size, entry.first));
    case PinConflict::Overlap: {
      const FunctionBuffer &b = *space.buffers[indices[conflict->second]];
      const Buffer &bRecord = members[conflict->second];
      return llvm::createStringError(llvm::formatv(
          "{0} (pinned at offset {1}, {2} bytes) and {3} (pinned at offset "
          "{4}, {5} bytes) are live at the same time and overlap in {6}",
          describeAllocation(a), aOffset, aRecord.size, describeAllocation(b),
          *memberPins[conflict->second], bRecord.size, entry.first));
    }
    }
  }
  return pins;
}

llvm::Expected<SlabPlan>
SpacePlanning::planAroundPinsOf(const SpacePlan &spacePlan,
                                ArrayRef<std::optional<uint64_t>> pins) const {
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(options.strategy, strategyOptions);
  assert(strategy && "checkPlanningOptions accepted the name");
  llvm::Expected<Plan> plan =
      planAroundPins(spacePlan.problem, pins, *strategy);
  if (!plan)
    return plan.takeError();
  unsigned pinned = llvm::count_if(
      pins, [](const std::optional<uint64_t> &pin) { return pin.has_value(); });
  plan->details = llvm::formatv("around {0} pinned offset{1}", pinned,
                                pinned == 1 ? "" : "s")
                      .str();
  return toSlabPlan(spacePlan.problem, std::move(*plan));
}

llvm::Expected<SlabPlan> SpacePlanning::planParts(const SpaceProblem &space,
                                                  SpacePlan &spacePlan) const {
  uint64_t cap = limits.maxSlabBytes;
  ArrayRef<Buffer> problem = spacePlan.problem;
  for (auto [buffer, record] : llvm::zip_equal(space.buffers, problem))
    if (record.size > cap)
      return llvm::createStringError(
          llvm::formatv("{0} takes {1} bytes, above max-slab-bytes={2}",
                        describeAllocation(*buffer), record.size, cap));
  // Parts pad apart: no fewer than the unpadded bytes live at once need.
  llvm::Expected<uint64_t> lowerBound = computeUnpaddedLowerBound(problem);
  if (!lowerBound)
    return lowerBound.takeError();
  // Each part is filled before the next, largest buffers first (first fit
  // decreasing): from as many parts as the live bytes need, one more each
  // time the last cannot hold what is left.
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(options.strategy, strategyOptions);
  assert(strategy && "checkPlanningOptions accepted the name");
  SmallVector<uint64_t> sizes = llvm::map_to_vector(
      problem, [](const Buffer &record) { return record.size; });
  size_t count = std::max<uint64_t>(1, llvm::divideCeil(*lowerBound, cap));
  for (;; ++count) {
    SmallVector<ArenaSpec> parts;
    for (size_t index = 0; index != count; ++index)
      parts.push_back({"part" + std::to_string(index), cap});
    llvm::Expected<ArenaAssignment> assignment = assignArenas(
        problem, sizes, parts, *strategy, ArenaChoice::FallThrough);
    // Each buffer fits a part alone, so as many parts as buffers always do.
    if (!assignment) {
      if (count >= problem.size())
        return assignment.takeError();
      llvm::consumeError(assignment.takeError());
      continue;
    }
    SlabPlan slabs = toSlabPlan(problem, *assignment);
    SmallVector<std::string> bytes;
    for (const Slab &slab : slabs.slabs)
      bytes.push_back(std::to_string(slab.size));
    slabs.details = llvm::formatv("split under max-slab-bytes={0} into {1} "
                                  "slabs of {2} bytes",
                                  cap, count, llvm::join(bytes, ", "))
                        .str();
    ArenaComparison comparison;
    comparison.choice = ArenaChoice::FallThrough;
    comparison.fallThroughTraffic = assignment->traffic;
    comparison.bound.assign(count, std::nullopt);
    comparison.chosen = std::move(*assignment);
    spacePlan.arenas =
        SpaceArenas{std::move(parts), SmallVector<std::string>(count),
                    std::move(comparison), /*parts=*/true};
    return slabs;
  }
}

llvm::Expected<SlabPlan>
SpacePlanning::planArenas(const SpaceProblem &space, SpacePlan &spacePlan,
                          ArrayRef<std::optional<uint64_t>> pins) const {
  ArrayRef<ArenaSpec> specs = limits.getArenas(space.memorySpace);
  SmallVector<uint64_t> traffic;
  SmallVector<std::optional<unsigned>> required;
  bool anyRequired = false;
  for (const FunctionBuffer *buffer : space.buffers) {
    traffic.push_back(buffer->accessedBytes);
    std::optional<unsigned> arena;
    auto name = buffer->alloc->getAttrOfType<StringAttr>(kArenaAttr);
    if (!name)
      name = buffer->alloc->getAttrOfType<StringAttr>(kCalleeArenaAttr);
    if (name) {
      const ArenaSpec *spec = llvm::find_if(
          specs, [&](const ArenaSpec &spec) { return spec.name == name; });
      if (spec == specs.end())
        return llvm::createStringError(llvm::formatv(
            "{0} asks for arena '{1}', which arenas does not name",
            describeAllocation(*buffer), name.getValue()));
      arena = spec - specs.begin();
      anyRequired = true;
    }
    required.push_back(arena);
  }
  // Each arena's plan, and the other choice's, may shrink: they share the
  // space's time.
  StrategyOptions each = strategyOptions;
  each.timeLimitSeconds /= static_cast<double>(2 * specs.size());
  std::unique_ptr<OffsetStrategy> strategy =
      createOffsetStrategy(options.strategy, each);
  assert(strategy && "checkPlanningOptions accepted the name");
  llvm::Expected<ArenaComparison> comparison = compareArenaChoices(
      spacePlan.problem, traffic, specs, *strategy, limits.arenaChoice,
      anyRequired ? ArrayRef(required) : ArrayRef<std::optional<unsigned>>(),
      pins);
  if (!comparison)
    return comparison.takeError();
  SlabPlan slabs = toSlabPlan(spacePlan.problem, comparison->chosen);
  SmallVector<std::string> parts;
  for (auto [index, spec] : llvm::enumerate(specs))
    parts.push_back(llvm::formatv(
        "{0} {1} bytes{2}, {3} buffers, accessed "
        "{4} bytes",
        spec.name, slabs.slabs[index].size,
        spec.capacity ? llvm::formatv(" of {0}", *spec.capacity).str()
                      : std::string(),
        comparison->chosen.members[index].size(),
        comparison->chosen.traffic[index]));
  slabs.details = llvm::formatv("arenas by {0}: {1}",
                                getArenaChoiceName(limits.arenaChoice),
                                llvm::join(parts, "; "))
                      .str();
  if (specs.size() > 1 && specs.front().capacity)
    slabs.details += llvm::formatv(
        "; {0} keeps {1} accessed bytes, {2} by fall-through, at most {3} by "
        "any choice",
        specs.front().name, comparison->chosen.traffic.front(),
        comparison->fallThroughTraffic.front(), *comparison->bound.front());
  SmallVector<std::string> sections;
  for (const ArenaSpec &spec : specs) {
    auto section = limits.arenaSections.find(spec.name);
    sections.push_back(section == limits.arenaSections.end() ? ""
                                                             : section->second);
  }
  spacePlan.arenas = SpaceArenas{SmallVector<ArenaSpec>(specs),
                                 std::move(sections), std::move(*comparison)};
  return slabs;
}

LogicalResult SpacePlanning::emitCapacityError(const SpaceProblem &space,
                                               uint64_t capacity,
                                               uint64_t bestSize,
                                               uint64_t lowerBound,
                                               StringRef exactAnswer) const {
  // The objects pass's figure is the sum of its objects.
  std::string best =
      options.kind == PlanKind::Offsets
          ? llvm::formatv("the best slab found takes {0} bytes", bestSize).str()
          : llvm::formatv("the best objects found take {0} bytes in all",
                          bestSize)
                .str();
  std::string answer = !exactAnswer.empty() ? "; " + exactAnswer.str()
                       : lowerBound > capacity
                           ? std::string("; no plan fits below it")
                           : std::string();
  emitError(FunctionOpInterface(space.func).getLoc()) << llvm::formatv(
      "{0}: @{1}: {2} does not fit its capacity of {3} bytes: {4}, the lower "
      "bound is {5} bytes{6}",
      options.passArgument, getFunctionLabel(space.func),
      describeMemorySpace(space.memorySpace), capacity, best, lowerBound,
      answer);
  return failure();
}

void SpacePlanning::emitSummary(FunctionOpInterface func,
                                const PlanFigures &figures) const {
  StringRef noun = getSlabNoun(options.kind);
  std::string leftAlone = figures.describeLeftAlone();
  std::string atUpperBound =
      figures.atUpperBound
          ? llvm::formatv("; {0} of dynamic size at an upper bound, {1} bytes",
                          figures.atUpperBound, figures.upperBoundBytes)
                .str()
          : "";
  std::string runTime =
      figures.atRunTimeSize
          ? llvm::formatv("; {0} of run-time size", figures.atRunTimeSize).str()
          : "";
  std::string lives =
      figures.laterLives
          ? llvm::formatv(" as {0} lives", figures.planned + figures.laterLives)
                .str()
          : "";
  std::string planned =
      llvm::formatv(
          "{0}: @{1}: planned {2} of {3} buffers{4} ({5} left "
          "alone{6}{7}{8})",
          options.passArgument, getFunctionLabel(func), figures.planned,
          figures.buffers, lives, figures.getLeftAlone(),
          leftAlone.empty() ? "" : ": " + leftAlone, atUpperBound, runTime)
          .str();
  // Nothing planned makes no slab, and nothing to prove.
  if (figures.slabs == 0) {
    emitRemark(func.getLoc()) << planned << ": no " << noun;
    return;
  }
  std::string allocated =
      figures.slabs > 1
          ? llvm::formatv("{0} {1}s of {2} bytes in all", figures.slabs, noun,
                          figures.slabBytes)
                .str()
          : llvm::formatv("a {0}-byte {1}", figures.slabBytes, noun).str();
  // Sizes known only at run time are figured at the hint.
  if (figures.atRunTimeSize)
    allocated += llvm::formatv(" at size-hint={0}", options.sizeHint).str();
  std::string stack =
      figures.stackPlanned
          ? llvm::formatv(", {0} of them allocas in {1} stack {2}{3} of {4} "
                          "bytes",
                          figures.stackPlanned, figures.stackSlabs, noun,
                          figures.stackSlabs > 1 ? "s" : "", figures.stackBytes)
                .str()
          : "";
  // Only a proof makes a plan optimal; otherwise say how far from the
  // optimum it is proven to be.
  uint64_t gap = figures.slabBytes - figures.provenBytes;
  std::string proven =
      gap == 0 ? std::string("proven optimal")
               : llvm::formatv("proven within {0} bytes ({1:f2}%) of optimal",
                               gap, 100.0 * gap / figures.slabBytes)
                     .str();
  emitRemark(func.getLoc()) << llvm::formatv(
      "{0} into {1}{2} using {3}; naive {4} bytes, lower bound {5} bytes{6}; "
      "{7}",
      planned, allocated, stack,
      isApplying() ? StringRef("apply") : StringRef(options.strategy),
      figures.naiveBytes, figures.lowerBoundBytes,
      figures.details.empty() ? "" : " (" + figures.details + ")", proven);
}

void SpacePlanning::planSpaces(
    const ModuleBuffers &buffers, ModulePlan &result,
    std::vector<llvm::Expected<SlabPlan>> &plans) const {
  using Clock = std::chrono::steady_clock;
  unsigned count = buffers.spaces.size();
  for (unsigned i = 0; i != count; ++i)
    // The buffers carry the space's alignment already (analyzeModule).
    result.spaces[i].problem = buffers.spaces[i].problem;
  if (isApplying()) {
    // A partial plan's pins are honoured, the rest planned around them; a
    // plan file gives every offset, so pins in the IR are refused.
    for (unsigned i = 0; i != count; ++i) {
      llvm::Expected<SmallVector<std::optional<uint64_t>>> pins =
          readPins(buffers.spaces[i]);
      if (pins && !pins->empty())
        pins = llvm::createStringError(
            "memplan.offset pins offsets in the IR, which apply does not "
            "take: a plan file pins offsets by the rows it gives");
      if (!pins) {
        plans.push_back(pins.takeError());
        continue;
      }
      result.spaces[i].pins = applied[i].pins;
      result.spaces[i].pinned = !applied[i].pins.empty();
      plans.push_back(
          applied[i].pins.empty()
              ? llvm::Expected<SlabPlan>(
                    toSlabPlan(result.spaces[i].problem, applied[i].plan))
              : planAroundPinsOf(result.spaces[i], applied[i].pins));
    }
    return;
  }
  if (count == 0)
    return;
  MLIRContext *context = buffers.spaces.front().func->getContext();

  // First the quick strategies of every space, then the searches of the
  // spaces whose plans may still shrink. Each search gets a share of the
  // limit by its number of buffers, a figure that does not depend on the
  // machine or the threads, so neither do searches that count steps; the
  // deadline stops them all at the end of the limit.
  std::vector<std::unique_ptr<StagedPlan>> staged(count);
  // Set at the first step when it fails, else at the second.
  std::vector<std::optional<llvm::Expected<SlabPlan>>> finished(count);
  SmallVector<double> seconds(count, 0);
  // Spaces at once only where there is enough to plan; the plans are the
  // same either way.
  uint64_t totalBuffers = 0;
  for (unsigned i = 0; i != count; ++i)
    totalBuffers += result.spaces[i].problem.size();
  bool atOnce = totalBuffers >= options.parallelMinBuffers;
  auto forEachSpace = [&](llvm::function_ref<void(size_t)> body) {
    if (atOnce)
      mlir::parallelFor(context, 0, count, body);
    else
      for (size_t i = 0; i != count; ++i)
        body(i);
  };
  forEachSpace([&](size_t i) {
    Clock::time_point start = Clock::now();
    // Pins are checked first: where they cannot be honoured, that is an
    // error whatever plans the space.
    llvm::Expected<SmallVector<std::optional<uint64_t>>> pins =
        readPins(buffers.spaces[i]);
    if (!pins) {
      finished[i].emplace(pins.takeError());
      return;
    }
    result.spaces[i].pins = *pins;
    if (buffers.spaces[i].runTimeSizes) {
      finished[i].emplace(
          planRunTimeSizes(buffers.spaces[i], result.spaces[i]));
      seconds[i] = std::chrono::duration<double>(Clock::now() - start).count();
      return;
    }
    if (limits.maxSlabBytes) {
      if (!pins->empty()) {
        finished[i].emplace(llvm::createStringError(
            "pinned offsets cannot be combined with max-slab-bytes"));
        return;
      }
      finished[i].emplace(planParts(buffers.spaces[i], result.spaces[i]));
      seconds[i] = std::chrono::duration<double>(Clock::now() - start).count();
      return;
    }
    if (hasArenas(buffers.spaces[i]) || !pins->empty()) {
      result.spaces[i].pinned = !pins->empty();
      finished[i].emplace(
          hasArenas(buffers.spaces[i])
              ? planArenas(buffers.spaces[i], result.spaces[i], *pins)
              : planAroundPinsOf(result.spaces[i], *pins));
      seconds[i] = std::chrono::duration<double>(Clock::now() - start).count();
      return;
    }
    llvm::Expected<std::unique_ptr<StagedPlan>> first =
        planner->startPlan(result.spaces[i].problem);
    if (first)
      staged[i] = std::move(*first);
    else
      finished[i].emplace(first.takeError());
    seconds[i] = std::chrono::duration<double>(Clock::now() - start).count();
  });
  uint64_t searchedBuffers = 0;
  for (unsigned i = 0; i != count; ++i)
    if (staged[i] && staged[i]->wantsSearch())
      searchedBuffers += result.spaces[i].problem.size();
  forEachSpace([&](size_t i) {
    if (!staged[i])
      return;
    Clock::time_point start = Clock::now();
    double share = 0;
    if (staged[i]->wantsSearch() && options.timeLimitSeconds > 0)
      share = options.timeLimitSeconds *
              static_cast<double>(result.spaces[i].problem.size()) /
              static_cast<double>(std::max<uint64_t>(searchedBuffers, 1));
    finished[i].emplace(staged[i]->finish(share));
    seconds[i] += std::chrono::duration<double>(Clock::now() - start).count();
  });
  for (unsigned i = 0; i != count; ++i) {
    result.spaces[i].seconds = seconds[i];
    plans.push_back(std::move(*finished[i]));
  }
}

LogicalResult
SpacePlanning::finishFunction(const ModuleBuffers &buffers,
                              const FunctionBuffers &function,
                              MutableArrayRef<llvm::Expected<SlabPlan>> plans,
                              ModulePlan &result, FunctionPlan &functionPlan) {
  PlanFigures &figures = functionPlan.figures;
  figures.buffers =
      llvm::count_if(function.buffers, [](const FunctionBuffer &buffer) {
        return buffer.life == 0;
      });
  for (const FunctionBuffer &buffer : function.buffers) {
    // An allocation is counted and remarked on once, however many lives it
    // was split into before it was left alone.
    if (!buffer.leftAlone || buffer.life != 0)
      continue;
    figures.addLeftAlone(buffer.leftAlone->kind);
    if (options.remarks)
      emitRemark(buffer.alloc->getLoc())
          << options.passArgument
          << ": left alone: " << buffer.leftAlone->message;
  }
  for (unsigned index = function.firstSpace; index != function.endSpace;
       ++index)
    if (failed(finishSpace(buffers.spaces[index], std::move(plans[index]),
                           result.spaces[index], functionPlan,
                           function.endSpace - function.firstSpace > 1))) {
      // The plans of the spaces not checked still hold their errors.
      for (unsigned rest = index + 1; rest != function.endSpace; ++rest)
        if (!plans[rest])
          llvm::consumeError(plans[rest].takeError());
      return failure();
    }
  // A function that allocates nothing has nothing to sum up.
  if (options.summary && figures.buffers)
    emitSummary(function.func, figures);
  return success();
}

LogicalResult SpacePlanning::finishSpace(const SpaceProblem &space,
                                         llvm::Expected<SlabPlan> plan,
                                         SpacePlan &spacePlan,
                                         FunctionPlan &functionPlan,
                                         bool labelDetails) {
  FunctionOpInterface func = space.func;
  ArrayRef<Buffer> problem = spacePlan.problem;
  if (!plan)
    return fail(func, "planning failed", plan.takeError());
  // `best` has swept the problem for its live bound already. Slabs apart
  // (arenas, parts) pad apart: their bound is the bytes live at once, each
  // buffer unpadded, which no division into slabs goes below.
  llvm::Expected<uint64_t> lowerBound =
      spacePlan.arenas ? computeUnpaddedLowerBound(problem)
      : options.kind == PlanKind::Offsets && plan->outcome.liveBound
          ? llvm::Expected<uint64_t>(*plan->outcome.liveBound)
          : computeLowerBound(options.kind, problem);
  if (!lowerBound)
    return fail(func, "lower bound", lowerBound.takeError());
  // A plan that breaks an invariant is a bug in a strategy; it must never
  // reach the IR.
  if (llvm::Error error = validateSpacePlan(space, *plan, spacePlan.runTimePlan,
                                            spacePlan.barriersToInsert))
    return fail(func,
                "strategy " + (isApplying() ? "apply" : planner->getName()) +
                    " gave an invalid plan",
                std::move(error));
  // The arenas' capacities, checked apart from the choice that met them.
  if (spacePlan.arenas)
    for (auto [spec, slab] :
         llvm::zip_equal(spacePlan.arenas->specs, plan->slabs))
      if (spec.capacity && slab.size > *spec.capacity)
        return fail(func, "arenas gave an invalid plan",
                    llvm::createStringError(llvm::formatv(
                        "arena '{0}' takes {1} bytes, above its capacity of "
                        "{2}",
                        spec.name, slab.size, *spec.capacity)));
  warnIfStacked(func, *plan, problem.size());
  if (failed(fitCapacity(space, spacePlan, *lowerBound, *plan)))
    return failure();
  llvm::Expected<uint64_t> naive = computeAllocationsNaive(space, problem);
  if (!naive)
    return fail(func, "naive size", naive.takeError());
  if (failed(checkSlabSizes(func, *plan)))
    return failure();

  // A stack slab, or one per iteration of a parallel loop, lives where its
  // scope does; the others as the function's placement says.
  SlabKind placement = placer.getPlacement(func);
  spacePlan.home = space.stack                       ? SlabHome::Stack
                   : space.scope                     ? SlabHome::PerIteration
                   : placement == SlabKind::Global   ? SlabHome::Global
                   : placement == SlabKind::Argument ? SlabHome::Argument
                                                     : SlabHome::Entry;
  uint64_t provenBound = std::min(
      plan->getTotalSize(), std::max(*lowerBound, plan->outcome.provenBound));
  addFigures(space, *plan, labelDetails, *lowerBound, *naive, provenBound,
             functionPlan.figures);
  LLVM_DEBUG(llvm::dbgs() << "memplan: " << space.getKey() << ": "
                          << plan->outcome.strategy << " planned "
                          << plan->slabs.size() << " "
                          << getSlabNoun(options.kind) << "s of "
                          << plan->getTotalSize() << " bytes, lower bound "
                          << *lowerBound << "\n");
  if (options.remarks)
    for (Operation *op : spacePlan.barriersToInsert)
      emitRemark(op->getLoc())
          << options.passArgument
          << ": insert-barriers: a gpu.barrier goes before this op, so that "
             "buffers of "
          << describeMemorySpace(space.memorySpace) << " can share bytes";
  spacePlan.plan = std::move(*plan);
  spacePlan.lowerBound = *lowerBound;
  spacePlan.provenBound = provenBound;
  spacePlan.naive = *naive;
  return success();
}

void SpacePlanning::warnIfStacked(FunctionOpInterface func,
                                  const SlabPlan &plan,
                                  size_t numBuffers) const {
  // Unlike a search cut short, a quick strategy cut short leaves buffers
  // without reuse: far from what the strategy would give, so say it aloud.
  if (size_t stacked = plan.outcome.stackedByClock)
    emitWarning(func.getLoc()) << llvm::formatv(
        "{0}: @{1}: the time limit ran out before {2} had placed every "
        "buffer; {3} of {4} share memory with no other (a larger "
        "time-limit, or 0, gives the full plan)",
        options.passArgument, getFunctionLabel(func), plan.outcome.strategy,
        stacked, numBuffers);
}

LogicalResult SpacePlanning::fitCapacity(const SpaceProblem &space,
                                         SpacePlan &spacePlan,
                                         uint64_t lowerBound,
                                         SlabPlan &plan) const {
  std::optional<uint64_t> capacity = limits.getCapacity(space.memorySpace);
  if (!capacity || plan.getTotalSize() <= *capacity)
    return success();
  FunctionOpInterface func = space.func;
  uint64_t bestSize = plan.getTotalSize();
  // exact knows nothing of pins.
  if (spacePlan.pinned)
    return emitCapacityError(space, *capacity, bestSize, lowerBound,
                             "the plan is around pinned offsets, which "
                             "exact does not search with");
  llvm::Expected<CapacityFit> fit = memplan::fitCapacity(
      spacePlan.problem, options.kind, std::move(plan), *capacity,
      options.timeLimitSeconds, options.deadline);
  if (!fit)
    return fail(func, "exact with a capacity", fit.takeError());
  if (fit->answer != CapacityAnswer::Fits) {
    StringRef exactAnswer;
    if (fit->searched)
      exactAnswer = fit->answer != CapacityAnswer::DoesNotFit
                        ? "exact found no plan that fits within the time limit"
                        : "exact proved that no plan fits";
    return emitCapacityError(space, *capacity, bestSize,
                             std::max(lowerBound, fit->lowerBound),
                             exactAnswer);
  }
  if (llvm::Error error = validateSpacePlan(
          space, *fit->plan, spacePlan.runTimePlan, spacePlan.barriersToInsert))
    return fail(func, "exact gave an invalid plan", std::move(error));
  plan = std::move(*fit->plan);
  plan.details = "fits the capacity of " + std::to_string(*capacity) +
                 " bytes thanks to exact";
  return success();
}

llvm::Expected<uint64_t>
SpacePlanning::computeAllocationsNaive(const SpaceProblem &space,
                                       ArrayRef<Buffer> problem) const {
  // Without reuse the program holds one buffer per allocation, however
  // many lives split it into.
  SmallVector<Buffer> allocations;
  for (auto [buffer, record] : llvm::zip_equal(space.buffers, problem))
    if (buffer->life == 0)
      allocations.push_back(record);
  return computeNaiveSize(options.kind, allocations);
}

LogicalResult SpacePlanning::checkSlabSizes(FunctionOpInterface func,
                                            const SlabPlan &plan) const {
  StringRef noun = getSlabNoun(options.kind);
  for (const Slab &slab : plan.slabs)
    if (slab.size > static_cast<uint64_t>(INT64_MAX))
      return fail(func, noun + " too large",
                  llvm::createStringError((options.kind == PlanKind::Offsets
                                               ? "slab of "
                                               : "an object of ") +
                                          std::to_string(slab.size) +
                                          " bytes does not fit a memref"));
  return success();
}

void SpacePlanning::addFigures(const SpaceProblem &space, const SlabPlan &plan,
                               bool labelDetails, uint64_t lowerBound,
                               uint64_t naive, uint64_t provenBound,
                               PlanFigures &figures) const {
  std::string details = plan.details;
  // Several spaces' details are joined with the ';' they use inside.
  if (labelDetails && !details.empty()) {
    std::string label = describeMemorySpace(space.memorySpace);
    if (space.stack)
      label += ", stack";
    if (space.scope)
      label += ", " + describeScope(space.scope);
    details = "[" + label + "] " + details;
  }
  figures.addDetails(details);
  figures.gapped += space.gapped;
  size_t numBuffers = space.buffers.size();
  unsigned laterLives = llvm::count_if(
      space.buffers, [](const FunctionBuffer *buffer) { return buffer->life; });
  figures.laterLives += laterLives;
  if (space.stack) {
    figures.stackPlanned += numBuffers - laterLives;
    figures.stackSlabs += plan.slabs.size();
    figures.stackBytes += plan.getTotalSize();
  }
  for (const FunctionBuffer *buffer : space.buffers) {
    if (buffer->atUpperBound && buffer->life == 0) {
      ++figures.atUpperBound;
      figures.upperBoundBytes += buffer->size;
    }
    if (buffer->symbolicSize && buffer->life == 0)
      ++figures.atRunTimeSize;
  }
  figures.planned += numBuffers - laterLives;
  // An arena no buffer went to is no slab.
  llvm::BitVector used(plan.slabs.size());
  for (unsigned slab : plan.slabOf)
    used.set(slab);
  figures.slabs += used.count();
  figures.slabBytes += plan.getTotalSize();
  figures.naiveBytes += naive;
  figures.lowerBoundBytes += lowerBound;
  figures.provenBytes += provenBound;
}

} // namespace

FailureOr<ModulePlan> planModule(const ModuleBuffers &buffers,
                                 const PlanningOptions &options,
                                 SlabPlacer &placer,
                                 ArrayRef<AppliedPlan> applied) {
  assert(
      (options.applyFile.empty() || applied.size() == buffers.spaces.size()) &&
      "one applied plan per space");
  MLIRContext *context = buffers.functions.empty()
                             ? nullptr
                             : buffers.functions.front().func->getContext();
  SpacePlanning planning(options, placer, applied, context);
  ModulePlan result;
  result.spaces.resize(buffers.spaces.size());
  result.functions.resize(buffers.functions.size());
  std::vector<llvm::Expected<SlabPlan>> plans;
  plans.reserve(buffers.spaces.size());
  planning.planSpaces(buffers, result, plans);
  // Checked, rewritten in figures and reported in the module's order, so
  // that the output does not depend on the threads.
  bool failedAny = false;
  for (auto [function, functionPlan] :
       llvm::zip_equal(buffers.functions, result.functions))
    failedAny |= failed(planning.finishFunction(buffers, function, plans,
                                                result, functionPlan));
  if (failedAny)
    return failure();
  return result;
}

} // namespace memplan
