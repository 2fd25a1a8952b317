//===- ObjectsMode.cpp - Buffers sharing whole objects --------------------===//
//
// Shared objects (Pisarchyk & Lee, section 4): every buffer is assigned to an
// object, buffers of one object are never live at once, and the cost is the
// sum of the object sizes.
//
// Built only when the planner core provides
// include/memplan/Planner/ObjectStrategy.h (see CMakeLists.txt); written
// against its API: ObjectPlan {objectOf, objectSizes, details,
// getTotalSize()}, ObjectStrategy::plan, getObjectStrategyNames,
// createObjectStrategy, computeObjectLowerBound and validateObjectPlan.
//
// So that the output is also an offsets plan that MiniMalloc-style checkers
// understand, each buffer gets the offset of its object when the objects lie
// back to back in object order, each aligned for all its buffers.
//
//===----------------------------------------------------------------------===//

#include "SolveMode.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/ObjectStrategy.h"
#include "memplan/Planner/Validator.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace llvm;

namespace memplan {

static Error overflow(const Twine &what) {
  return createStringError(std::make_error_code(std::errc::value_too_large),
                           what + " overflows 64 bits");
}

/// The offset of each buffer when the objects of `objectOf` (of
/// `objectSizes` bytes) lie back to back, and the end of the last object.
static Expected<std::pair<SmallVector<uint64_t>, uint64_t>>
layOutObjects(ArrayRef<Buffer> buffers, ArrayRef<unsigned> objectOf,
              ArrayRef<uint64_t> objectSizes) {
  SmallVector<uint64_t> alignments(objectSizes.size(), 1);
  for (auto [buffer, object] : zip_equal(buffers, objectOf))
    if (object < alignments.size())
      alignments[object] = std::max(alignments[object], buffer.alignment);
  SmallVector<uint64_t> objectOffsets;
  uint64_t end = 0;
  for (auto [size, alignment] : zip_equal(objectSizes, alignments)) {
    std::optional<uint64_t> offset =
        checkedMulUnsigned(divideCeil(end, alignment), alignment);
    std::optional<uint64_t> newEnd =
        offset ? checkedAddUnsigned(*offset, size) : std::nullopt;
    if (!newEnd)
      return overflow("the objects laid back to back");
    objectOffsets.push_back(*offset);
    end = *newEnd;
  }
  SmallVector<uint64_t> offsets;
  for (unsigned object : objectOf)
    offsets.push_back(object < objectOffsets.size() ? objectOffsets[object]
                                                    : 0);
  return std::make_pair(std::move(offsets), end);
}

namespace {
class ObjectsMode final : public SolveMode {
public:
  StringRef getName() const override { return "objects"; }
  StringRef getBytesLabel() const override { return "objects"; }

  SmallVector<StringRef> getStrategyNames() const override {
    return SmallVector<StringRef>(getObjectStrategyNames());
  }

  Expected<uint64_t>
  computeLowerBound(ArrayRef<Buffer> buffers) const override {
    return computeObjectLowerBound(buffers);
  }

  /// One object per buffer.
  Expected<uint64_t> computeNaive(ArrayRef<Buffer> buffers) const override {
    uint64_t total = 0;
    for (const Buffer &buffer : buffers) {
      std::optional<uint64_t> sum = checkedAddUnsigned(total, buffer.size);
      if (!sum)
        return overflow("the sum of all sizes");
      total = *sum;
    }
    return total;
  }

  Expected<Solution> solve(StringRef name, ArrayRef<Buffer> buffers,
                           const StrategyOptions &options) const override {
    std::unique_ptr<ObjectStrategy> strategy =
        createObjectStrategy(name, options);
    assert(strategy && "the driver checks strategy names");
    Expected<ObjectPlan> plan = strategy->plan(buffers);
    if (!plan)
      return plan.takeError();
    Solution solution;
    solution.bytes = plan->getTotalSize();
    solution.details = std::move(plan->details);
    solution.objectOf = std::move(plan->objectOf);
    solution.objectSizes = std::move(plan->objectSizes);
    return solution;
  }

  Error validate(ArrayRef<Buffer> buffers,
                 const Solution &solution) const override {
    ObjectPlan plan;
    plan.objectOf = solution.objectOf;
    plan.objectSizes = solution.objectSizes;
    if (Error error = validateObjectPlan(buffers, plan))
      return error;
    // The offsets written out must be a valid plan too.
    Expected<std::pair<SmallVector<uint64_t>, uint64_t>> layout =
        layOutObjects(buffers, solution.objectOf, solution.objectSizes);
    if (!layout)
      return layout.takeError();
    Plan offsets;
    offsets.offsets = std::move(layout->first);
    offsets.slabSize = layout->second;
    return validatePlan(buffers, offsets);
  }

  void write(raw_ostream &os, const CsvProblem &problem,
             const Solution &solution) const override {
    // validate() succeeded on the same solution, so this cannot fail.
    std::pair<SmallVector<uint64_t>, uint64_t> layout = cantFail(layOutObjects(
        problem.buffers, solution.objectOf, solution.objectSizes));
    writeObjectsCsv(os, problem, solution.objectOf, layout.first);
  }
};
} // namespace

std::unique_ptr<SolveMode> createObjectsMode() {
  return std::make_unique<ObjectsMode>();
}

} // namespace memplan
