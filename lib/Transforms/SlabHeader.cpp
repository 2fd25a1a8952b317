//===- SlabHeader.cpp - The slabs' sizes as a C header --------------------===//

#include "SlabHeader.h"

#include "MemorySpaces.h"
#include "SlabRewrite.h"

#include "memplan/Analysis/FunctionNames.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace memplan {

namespace {

/// `text` with what is no letter or digit made an underscore, and a leading
/// underscore where it starts with a digit: a piece of a C identifier.
std::string toIdentifierPart(StringRef text) {
  std::string part;
  for (char c : text)
    part += llvm::isAlnum(c) ? c : '_';
  if (!part.empty() && llvm::isDigit(part.front()))
    part = "_" + part;
  return part;
}

/// The name of a space's slab in the header, before its kind of figure:
/// "mlp", "mlp_space1", "mlp_loop1", "mlp_stack".
std::string getSlabLabel(const SpaceProblem &space) {
  std::string label = toIdentifierPart(space.functionName.empty()
                                           ? StringRef("anonymous")
                                           : StringRef(space.functionName));
  if (std::string memorySpace = getMemorySpaceLabel(space.memorySpace);
      !memorySpace.empty())
    label += "_space" + toIdentifierPart(memorySpace);
  if (space.scopeIndex != 0)
    label += "_loop" + std::to_string(space.scopeIndex);
  if (space.stack)
    label += "_stack";
  return label;
}

/// `size` as a C expression of size_t, its symbols named `names`.
std::string toCExpression(const SizeExpr &size, ArrayRef<std::string> names) {
  if (size.isZero())
    return "(size_t)0";
  SmallVector<std::string> terms;
  for (const SizeExpr::Term &term : size.getTerms()) {
    std::string text = "(size_t)" + std::to_string(term.coefficient) + "u";
    for (SymbolId symbol : term.symbols)
      text += " * " + names[symbol];
    terms.push_back(std::move(text));
  }
  return llvm::join(terms, " + ");
}

/// The globals the function's slabs of `memorySpace` became (slab=global),
/// by the memref.get_global ops the rewrite put at its entry, in the order
/// of their names (each names its object, for shared objects); with
/// `arena`, that arena's only.
SmallVector<std::string> findSlabGlobals(FunctionOpInterface func,
                                         Attribute memorySpace,
                                         StringRef arena = "") {
  SmallVector<std::string> names;
  for (Operation &op : func.getFunctionBody().front()) {
    auto global = dyn_cast<memref::GetGlobalOp>(op);
    if (!global || global.getType().getMemorySpace() != memorySpace)
      continue;
    auto name = dyn_cast<NameLoc>(global.getLoc());
    if (!name || !name.getName().getValue().starts_with("memplan."))
      continue;
    if (!arena.empty() &&
        !name.getName().getValue().ends_with("." + arena.str()))
      continue;
    names.push_back(global.getName().str());
  }
  llvm::sort(names);
  return names;
}

/// Where a space's slab (with `arena`, that arena's slab) lives, for a
/// comment.
std::string describeHome(const SpaceProblem &space, const SpacePlan &plan,
                         std::optional<unsigned> argument,
                         StringRef arena = "") {
  switch (plan.home) {
  case SlabHome::Stack:
    return "a memref.alloca the function makes";
  case SlabHome::PerIteration:
    return "allocated by " + describeScope(space.scope);
  case SlabHome::Entry:
    return "allocated by the function";
  case SlabHome::Global: {
    SmallVector<std::string> globals = findSlabGlobals(
        FunctionOpInterface(space.func), space.memorySpace, arena);
    return "the module's memref.global" +
           std::string(globals.size() > 1 ? "s " : " ") +
           llvm::join(
               llvm::map_range(
                   globals, [](const std::string &name) { return "@" + name; }),
               ", ");
  }
  case SlabHome::Argument:
    return argument ? "passed by the caller as argument " +
                          std::to_string(*argument) + " (from 0)"
                    : "passed by the caller in the trailing arguments";
  }
  llvm_unreachable("unknown slab home");
}

/// The arguments that take arenas, in order: those the rewrite added with
/// their alignment.
SmallVector<unsigned> findArenaArguments(FunctionOpInterface func) {
  SmallVector<unsigned> arguments;
  for (unsigned index = 0, e = func.getNumArguments(); index != e; ++index)
    if (func.getArgAttr(index, kSlabAlignmentAttr))
      arguments.push_back(index);
  return arguments;
}

/// The figures of a space divided into arenas: per arena its bytes and
/// alignment (0 bytes where no buffer went), and where it lives.
void writeArenas(raw_ostream &os, const SpaceProblem &space,
                 const SpacePlan &spacePlan, StringRef label,
                 ArrayRef<unsigned> arenaArguments) {
  const SlabPlan &slabs = spacePlan.plan;
  SmallVector<SmallVector<unsigned>> members = slabs.getMembers();
  for (auto [index, spec] : llvm::enumerate(spacePlan.arenas->specs)) {
    std::string upper =
        llvm::StringRef(label.str() + "_" + toIdentifierPart(spec.name))
            .upper();
    std::string capacity =
        spec.capacity ? llvm::formatv(" of capacity {0}", *spec.capacity).str()
                      : std::string();
    StringRef noun = spacePlan.arenas->parts ? "Part" : "Arena";
    if (members[index].empty()) {
      os << llvm::formatv("/* {0} {1}{2}: no buffer. */\n", noun, spec.name,
                          capacity);
    } else {
      // Only the space the arenas divide has arguments that name them.
      std::optional<unsigned> argument;
      StringRef attrName = spacePlan.arenas->parts ? kPartAttr : kArenaAttr;
      for (unsigned position : arenaArguments)
        if (auto name = FunctionOpInterface(space.func)
                            .getArgAttrOfType<StringAttr>(position, attrName);
            name && name.getValue() == spec.name)
          argument = position;
      os << llvm::formatv("/* {0} {1}{2}: {3}. */\n", noun, spec.name, capacity,
                          describeHome(space, spacePlan, argument, spec.name));
    }
    os << llvm::formatv("#define MEMPLAN_{0}_SLAB_BYTES ((size_t){1}u)\n",
                        upper, slabs.slabs[index].size);
    os << llvm::formatv("#define MEMPLAN_{0}_SLAB_ALIGNMENT ((size_t){1}u)\n",
                        upper, slabs.slabs[index].alignment);
  }
}

} // namespace

SlabHeader::SlabHeader(const PlanningOptions &options)
    : passArgument(options.passArgument),
      strategy(options.applyFile.empty() ? options.strategy : "apply") {}

void SlabHeader::add(const ModuleBuffers &buffers, const ModulePlan &plan) {
  for (const FunctionBuffers &function : buffers.functions) {
    if (function.firstSpace == function.endSpace)
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "/* @" << getFunctionLabel(function.func) << " */\n";
    // With slab=argument each space of offsets adds one argument, in order.
    SmallVector<unsigned> arenaArguments = findArenaArguments(function.func);
    unsigned nextArgument = 0;
    for (unsigned index = function.firstSpace; index != function.endSpace;
         ++index) {
      const SpaceProblem &space = buffers.spaces[index];
      const SpacePlan &spacePlan = plan.spaces[index];
      const SlabPlan &slabs = spacePlan.plan;
      std::string label = getSlabLabel(space);
      std::string upper = llvm::StringRef(label).upper();
      if (spacePlan.arenas) {
        os << llvm::formatv(
            "/* {0}, {1}: */\n", describeMemorySpace(space.memorySpace),
            spacePlan.arenas->parts ? "in slabs split by max-slab-bytes"
                                    : "in arenas");
        writeArenas(os, space, spacePlan, label, arenaArguments);
        if (spacePlan.home == SlabHome::Argument)
          nextArgument += llvm::count_if(
              spacePlan.plan.getMembers(),
              [](const auto &members) { return !members.empty(); });
        continue;
      }
      std::optional<unsigned> argument;
      if (spacePlan.home == SlabHome::Argument &&
          slabs.kind == PlanKind::Offsets &&
          nextArgument < arenaArguments.size())
        argument = arenaArguments[nextArgument++];
      os << llvm::formatv("/* {0}: {1}. */\n",
                          describeMemorySpace(space.memorySpace),
                          describeHome(space, spacePlan, argument));
      if (slabs.kind == PlanKind::Objects) {
        for (auto [object, slab] : llvm::enumerate(slabs.slabs)) {
          os << llvm::formatv("#define MEMPLAN_{0}_OBJECT{1}_BYTES "
                              "((size_t){2}u)\n",
                              upper, object, slab.size);
          os << llvm::formatv("#define MEMPLAN_{0}_OBJECT{1}_ALIGNMENT "
                              "((size_t){2}u)\n",
                              upper, object, slab.alignment);
        }
        continue;
      }
      uint64_t alignment = slabs.slabs.empty() ? 1 : slabs.slabs[0].alignment;
      if (!spacePlan.runTimePlan) {
        os << llvm::formatv("#define MEMPLAN_{0}_SLAB_BYTES ((size_t){1}u)\n",
                            upper, slabs.getTotalSize());
        os << llvm::formatv("#define MEMPLAN_{0}_SLAB_ALIGNMENT "
                            "((size_t){1}u)\n",
                            upper, alignment);
        continue;
      }
      // Sized at run time: a function of the run-time sizes, the slab's
      // formula; where the formula would be long, the caller asks the
      // generated function or allocates what the hint's figure shows.
      const SymbolicProblem &problem = space.runTimeSizes->problem;
      const std::optional<SlabFormula> &formula = spacePlan.runTimeFormula;
      os << llvm::formatv("#define MEMPLAN_{0}_SLAB_ALIGNMENT "
                          "((size_t){1}u)\n",
                          upper, alignment);
      if (!formula) {
        os << "/* Its size has no short formula: see the report. */\n";
        continue;
      }
      SmallVector<std::string> parameters;
      for (const std::string &symbol : problem.symbols)
        parameters.push_back("size_t " + symbol);
      os << (formula->exact
                 ? "/* Its size, over the run-time sizes (the report's "
                   "run-time-sizes.symbols). */\n"
                 : "/* At least its size, over the run-time sizes (the "
                   "report's run-time-sizes.symbols): each buffer's alignment "
                   "padding counted in full. */\n");
      std::string expression =
          toCExpression(formula->largestOf.front(), problem.symbols);
      for (const SizeExpr &part : ArrayRef(formula->largestOf).drop_front()) {
        expression = "memplan_max_size(" + expression + ", " +
                     toCExpression(part, problem.symbols) + ")";
        usesMax = true;
      }
      os << llvm::formatv("static inline size_t memplan_{0}_slab_bytes({1}) "
                          "{{\n  return {2};\n}\n",
                          label,
                          parameters.empty() ? std::string("void")
                                             : llvm::join(parameters, ", "),
                          expression);
    }
    // Names made of a function's and an arena's may meet another's.
    SmallVector<StringRef> lines;
    StringRef(text).split(lines, '\n');
    for (StringRef line : lines)
      if (line.consume_front("#define ")) {
        StringRef name = line.take_until([](char c) { return c == ' '; });
        if (!defined.insert(name).second && definedTwice.empty())
          definedTwice = name.str();
      }
    functions.push_back(std::move(text));
  }
}

llvm::Error SlabHeader::write(StringRef path) const {
  if (!definedTwice.empty())
    return llvm::createStringError(
        "cannot write the header: it would define " + definedTwice +
        " twice (an arena named like a slab's label, such as stack or "
        "loop1, or like a function's); rename the arena");
  std::string guard =
      llvm::StringRef(toIdentifierPart(llvm::sys::path::filename(path)))
          .upper();
  llvm::Error error = llvm::writeToOutput(path, [&](raw_ostream &os) {
    os << "/* Generated by " << passArgument << " (strategy " << strategy
       << "): the memory each planned function needs, for the code that "
          "gives it. Do not edit. */\n";
    os << "#ifndef " << guard << "\n#define " << guard << "\n\n";
    os << "#include <stddef.h>\n\n";
    // Several headers may define it.
    if (usesMax)
      os << "#ifndef MEMPLAN_MAX_SIZE_DEFINED\n"
            "#define MEMPLAN_MAX_SIZE_DEFINED\n"
            "static inline size_t memplan_max_size(size_t a, size_t b) {\n"
            "  return a > b ? a : b;\n}\n#endif\n\n";
    for (const std::string &function : functions)
      os << function << "\n";
    os << "#endif /* " << guard << " */\n";
    return llvm::Error::success();
  });
  if (error)
    return llvm::createStringError("cannot write the header: " +
                                   toString(std::move(error)));
  return llvm::Error::success();
}

} // namespace memplan
