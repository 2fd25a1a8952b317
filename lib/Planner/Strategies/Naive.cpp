//===- Naive.cpp - Every buffer back to back ------------------------------===//
//
// The baseline: no buffer shares memory with another, whatever the
// lifetimes. Its slab is what planning saves memory against.
//
//===----------------------------------------------------------------------===//

#include "Strategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace memplan {

namespace {
class NaiveStrategy final : public OffsetStrategy {
public:
  StringRef getName() const override { return "naive"; }

  Expected<Plan> plan(ArrayRef<Buffer> buffers,
                      const PlanRequest &) const override {
    Plan result;
    result.outcome.strategy = getName().str();
    result.offsets.reserve(buffers.size());
    uint64_t end = 0;
    for (auto [index, buffer] : llvm::enumerate(buffers)) {
      std::optional<AlignedPlacement> placed =
          checkedPlaceAbove(end, buffer.alignment, buffer.size);
      if (!placed)
        return createStringError(
            std::make_error_code(std::errc::value_too_large),
            "naive: the end of buffer " + Twine(index) + " overflows 64 bits");
      result.offsets.push_back(placed->offset);
      end = placed->end;
    }
    // Buffers are placed in increasing order, so the last one is the highest.
    result.slabSize = end;
    return result;
  }
};
} // namespace

std::unique_ptr<OffsetStrategy> createNaiveStrategy(const StrategyOptions &) {
  return std::make_unique<NaiveStrategy>();
}

} // namespace memplan
