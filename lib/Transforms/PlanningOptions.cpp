//===- PlanningOptions.cpp - What a planning pass was asked to do ---------===//

#include "PlanningOptions.h"

#include "memplan/Planner/Schedule.h"

#include "MemorySpaces.h"

#include "memplan/Planner/Planner.h"
#include "memplan/Planner/SymbolicPlan.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace memplan {

namespace {

/// Every option of every pass, in the order Passes.td gives them: the pass's
/// argument and the option's (generated from Passes.td's records).
constexpr std::pair<StringLiteral, StringLiteral> kPassOptions[] = {
#define MEMPLAN_PASS_OPTION(PASS, NAME) {PASS, NAME},
#include "memplan/Transforms/PassOptionNames.inc"
};

/// The options of the pass whose argument is `passArgument`.
SmallVector<StringRef> getOptionNames(StringRef passArgument) {
  SmallVector<StringRef> names;
  for (auto [pass, name] : kPassOptions)
    if (pass == passArgument)
      names.push_back(name);
  return names;
}

constexpr StringLiteral kSlabKindNames[] = {
#define MEMPLAN_SLAB_KIND(KIND, NAME, DESCRIPTION) NAME,
#include "memplan/Transforms/SlabKinds.def"
};

/// Splits a pass option string at spaces that are outside quotes and braces,
/// the way MLIR's option parser reads it.
SmallVector<StringRef> splitOptionString(StringRef options) {
  SmallVector<StringRef> pieces;
  size_t begin = 0, depth = 0;
  char quote = 0;
  for (size_t i = 0, e = options.size(); i <= e; ++i) {
    char c = i < e ? options[i] : ' ';
    if (quote) {
      quote = c == quote ? 0 : quote;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      depth -= depth > 0;
    } else if (c == ' ' && depth == 0) {
      if (i > begin)
        pieces.push_back(options.slice(begin, i));
      begin = i + 1;
    }
  }
  return pieces;
}

std::string joinNames(ArrayRef<StringRef> names) {
  return llvm::join(names.begin(), names.end(), ", ");
}

/// Reads the `arenas` entries, which MLIR's list option has split at
/// commas, as parseArenaSpecs reads them whole.
llvm::Expected<SmallVector<ArenaSpec>>
parseArenaOption(ArrayRef<std::string> entries) {
  return parseArenaSpecs(llvm::join(entries, ","));
}

/// Reads the `arena-sections` entries into `sections`; what is wrong with
/// them, or "".
std::string parseArenaSections(const PlanningOptions &options,
                               ArrayRef<ArenaSpec> arenas,
                               std::map<std::string, std::string> &sections) {
  for (StringRef entry : options.arenaSections) {
    auto [arena, section] = entry.split(':');
    arena = arena.trim();
    section = section.trim();
    if (section.empty() || !llvm::all_of(section, [](char c) {
          return llvm::isAlnum(c) || c == '.' || c == '_' || c == '$';
        }))
      return llvm::formatv("arena-sections: '{0}' is not ARENA:SECTION, the "
                           "section of letters, digits, '.', '_' and '$'",
                           entry)
          .str();
    if (llvm::none_of(
            arenas, [&](const ArenaSpec &spec) { return spec.name == arena; }))
      return llvm::formatv("arena-sections: '{0}' is no arena of arenas", arena)
          .str();
    if (!sections.emplace(arena.str(), section.str()).second)
      return llvm::formatv("arena-sections: arena '{0}' is given twice", arena)
          .str();
  }
  if (!sections.empty() && options.slab != SlabKind::Global)
    return "arena-sections places the globals of slab=global";
  return "";
}

/// What is wrong with the arena options, or "".
std::string checkArenaOptions(const PlanningOptions &options) {
  if (!parseArenaChoice(options.arenaChoice))
    return llvm::formatv("arena-choice must be best, traffic, accessed or "
                         "fall-through, not '{0}'",
                         options.arenaChoice)
        .str();
  if (options.arenas.empty())
    return options.arenaSections.empty()
               ? ""
               : "arena-sections names the sections of arenas, which are "
                 "not given";
  if (options.kind != PlanKind::Offsets)
    return "arenas: shared objects are not divided into arenas; "
           "memplan-offsets plans arenas";
  llvm::Expected<SmallVector<ArenaSpec>> arenas =
      parseArenaOption(options.arenas);
  if (!arenas)
    return "arenas: " + llvm::toString(arenas.takeError());
  uint64_t space = options.arenaSpace;
  std::map<uint64_t, uint64_t> capacities;
  (void)parseSpaceMap(options.spaceCapacity, "space-capacity", false,
                      capacities);
  if ((space == 0 && options.capacity) || capacities.count(space))
    return llvm::formatv("arenas: memory space {0} has a capacity too; the "
                         "arenas' capacities are its limits",
                         space)
        .str();
  if (llvm::is_contained(options.sharedSpaces, space))
    return llvm::formatv("arenas: memory space {0} is shared by a GPU group, "
                         "whose memory is not divided into arenas",
                         space)
        .str();
  // A plan file gives one slab per space.
  if (!options.applyFile.empty())
    return "apply cannot be used with arenas";
  std::map<std::string, std::string> sections;
  return parseArenaSections(options, *arenas, sections);
}

} // namespace

std::string parseSpaceMap(ArrayRef<std::string> entries, StringRef optionName,
                          bool powersOfTwo,
                          std::map<uint64_t, uint64_t> &into) {
  into.clear();
  for (StringRef entry : entries) {
    entry = entry.trim();
    if (entry.empty())
      continue;
    auto [spaceText, valueText] = entry.split(':');
    uint64_t space, value;
    if (spaceText.trim().getAsInteger(10, space) ||
        valueText.trim().getAsInteger(10, value))
      return llvm::formatv("{0}: '{1}' is not SPACE:VALUE", optionName, entry)
          .str();
    if (space == 0)
      return llvm::formatv("{0}: memory space 0 is the default space, which "
                           "the option without 'space-' sets",
                           optionName)
          .str();
    if (powersOfTwo && !llvm::isPowerOf2_64(value))
      return llvm::formatv("{0}: {1} for memory space {2} is not a power of "
                           "two",
                           optionName, value, space)
          .str();
    if (!into.emplace(space, value).second)
      return llvm::formatv("{0}: memory space {1} is given twice", optionName,
                           space)
          .str();
  }
  return "";
}

std::string checkPlanningOptions(const PlanningOptions &options) {
  ArrayRef<StringRef> names = getStrategyNames(options.kind);
  if (!llvm::is_contained(names, StringRef(options.strategy)))
    return llvm::formatv("unknown strategy '{0}' for {1}; valid strategies "
                         "are: {2}",
                         options.strategy, options.passArgument,
                         joinNames(names))
        .str();
  if (!llvm::isPowerOf2_64(options.alignment))
    return llvm::formatv("{0}: alignment must be a power of two, not {1}",
                         options.passArgument, options.alignment)
        .str();
  if (!(options.timeLimitSeconds >= 0))
    return llvm::formatv("{0}: time-limit must be a number of seconds >= 0",
                         options.passArgument)
        .str();
  if (!(options.gapTolerance >= 0))
    return llvm::formatv("{0}: gap-tolerance must be a number >= 0",
                         options.passArgument)
        .str();
  std::optional<OrderKind> order = parseOrderKind(options.schedule);
  if (!order)
    return llvm::formatv("{0}: unknown schedule '{1}' ({2})",
                         options.passArgument, options.schedule,
                         kOrderKindNames)
        .str();
  // A plan file holds the lifetimes of the program as exported.
  if (*order != OrderKind::Keep && !options.applyFile.empty())
    return options.passArgument + ": apply cannot be used with schedule";
  std::map<uint64_t, uint64_t> spaces;
  if (std::string problem =
          parseSpaceMap(options.spaceCapacity, "space-capacity",
                        /*powersOfTwo=*/false, spaces);
      !problem.empty())
    return options.passArgument + ": " + problem;
  if (std::string problem =
          parseSpaceMap(options.spaceAlignment, "space-alignment",
                        /*powersOfTwo=*/true, spaces);
      !problem.empty())
    return options.passArgument + ": " + problem;
  if (llvm::Expected<std::pair<uint64_t, uint64_t>> range =
          parseSizeRange(options.sizeRange);
      !range)
    return options.passArgument +
           ": size-range: " + llvm::toString(range.takeError());
  if (llvm::is_contained(options.sharedSpaces, 0))
    return options.passArgument +
           ": shared-spaces: memory space 0 is the default space, which "
           "every work-item has its own of";
  if (std::string problem = checkArenaOptions(options); !problem.empty())
    return options.passArgument + ": " + problem;
  if (options.maxSlabBytes) {
    if (options.kind != PlanKind::Offsets)
      return options.passArgument +
             ": max-slab-bytes: shared objects are one slab each, each as "
             "large as its largest buffer; memplan-offsets splits slabs";
    if (!options.arenas.empty())
      return options.passArgument +
             ": max-slab-bytes cannot be used with arenas, whose capacities "
             "bound their slabs";
    if (options.capacity || !options.spaceCapacity.empty())
      return options.passArgument +
             ": max-slab-bytes cannot be used with a capacity";
    if (!options.applyFile.empty())
      return options.passArgument +
             ": apply cannot be used with max-slab-bytes";
  }
  return "";
}

SpaceLimits SpaceLimits::fromOptions(const PlanningOptions &options) {
  SpaceLimits limits;
  limits.defaultCapacity = options.capacity;
  limits.defaultAlignment = options.alignment;
  (void)parseSpaceMap(options.spaceCapacity, "space-capacity", false,
                      limits.capacities);
  (void)parseSpaceMap(options.spaceAlignment, "space-alignment", true,
                      limits.alignments);
  limits.sharedSpaces.insert(options.sharedSpaces.begin(),
                             options.sharedSpaces.end());
  limits.insertBarriers = options.insertBarriers;
  limits.allocas = options.allocas;
  limits.splitLives = options.splitLives;
  // (Where each function's slabs live, which may refuse them too, is the
  // driver's to say: SlabPlacer.)
  if (options.kind != PlanKind::Offsets)
    limits.whyNotRunTimeSizes =
        options.passArgument + " plans sizes known at compile time only";
  else if (!options.applyFile.empty())
    limits.whyNotRunTimeSizes = "apply takes sizes known at compile time only";
  limits.sizeHint = options.sizeHint;
  if (!options.arenas.empty()) {
    limits.arenas = llvm::cantFail(parseArenaOption(options.arenas));
    (void)parseArenaSections(options, limits.arenas, limits.arenaSections);
  }
  limits.arenaSpace = options.arenaSpace;
  limits.maxSlabBytes = options.maxSlabBytes;
  limits.arenaChoice =
      parseArenaChoice(options.arenaChoice).value_or(ArenaChoice::Best);
  return limits;
}

ArrayRef<ArenaSpec> SpaceLimits::getArenas(Attribute memorySpace) const {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (!number || *number != arenaSpace)
    return {};
  return arenas;
}

std::optional<uint64_t> SpaceLimits::getCapacity(Attribute memorySpace) const {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (!number)
    return std::nullopt;
  uint64_t capacity = defaultCapacity;
  if (*number != 0) {
    auto it = capacities.find(*number);
    capacity = it == capacities.end() ? 0 : it->second;
  }
  if (capacity == 0)
    return std::nullopt;
  return capacity;
}

bool SpaceLimits::isSharedByGroup(Attribute memorySpace) const {
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(memorySpace))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  return number && sharedSpaces.count(*number);
}

uint64_t SpaceLimits::getAlignment(Attribute memorySpace) const {
  std::optional<uint64_t> number = getMemorySpaceNumber(memorySpace);
  if (number && *number != 0) {
    auto it = alignments.find(*number);
    if (it != alignments.end())
      return std::max(it->second, defaultAlignment);
  }
  return defaultAlignment;
}

FailureOr<std::string> normalizePlanningOptions(
    StringRef options, StringRef passArgument,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  SmallVector<StringRef> optionNames = getOptionNames(passArgument);
  SmallVector<std::string> normalized;
  for (auto [index, piece] : llvm::enumerate(splitOptionString(options))) {
    auto [key, value] = piece.split('=');
    // `--memplan-offsets=greedy-size`, `{greedy-size slab=global}`: a bare
    // first word that is no option names the strategy.
    if (index == 0 && !piece.contains('=') &&
        !llvm::is_contained(optionNames, key)) {
      normalized.push_back(("strategy=" + piece).str());
      continue;
    }
    if (!llvm::is_contained(optionNames, key)) {
      (void)errorHandler(
          llvm::formatv("unknown option '{0}' for {1}; valid options are: {2}",
                        key, passArgument, joinNames(optionNames)));
      return failure();
    }
    // MLIR's own message for a bad enum value does not name the choices.
    if (key == "slab" && piece.contains('=') &&
        !llvm::is_contained(kSlabKindNames, value)) {
      SmallVector<StringRef> kinds(std::begin(kSlabKindNames),
                                   std::end(kSlabKindNames));
      std::string choices =
          joinNames(ArrayRef(kinds).drop_back()) + " or " + kinds.back().str();
      (void)errorHandler(llvm::formatv("{0}: slab must be {1}, not '{2}'",
                                       passArgument, choices, value));
      return failure();
    }
    normalized.push_back(piece.str());
  }
  return llvm::join(normalized, " ");
}

LogicalResult initializePlanningOptions(
    StringRef options, StringRef passArgument,
    function_ref<LogicalResult(const Twine &)> errorHandler,
    function_ref<LogicalResult(StringRef)> parse,
    function_ref<PlanningOptions()> read) {
  FailureOr<std::string> normalized =
      normalizePlanningOptions(options, passArgument, errorHandler);
  if (failed(normalized) || failed(parse(*normalized)))
    return failure();
  if (std::string problem = checkPlanningOptions(read()); !problem.empty())
    return errorHandler(problem);
  return success();
}

} // namespace memplan
