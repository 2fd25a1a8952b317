//===- SolutionHeapMap.cpp - memplan-solve's --heapmap --------------------===//

#include "SolutionHeapMap.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace memplan {

HeapMapPicture makeSolutionHeapMap(const CsvProblem &problem,
                                   const SlabPlan &plan, uint64_t lowerBound,
                                   StringRef title) {
  bool objects = plan.kind == PlanKind::Objects;
  HeapMapPicture picture = makePlanHeapMap(problem.buffers, plan, lowerBound);
  picture.title = title.str();
  for (auto [index, buffer] : enumerate(problem.buffers)) {
    std::string where = objects
                            ? formatv("object {0}", plan.slabOf[index]).str()
                            : formatv("offset {0}", plan.offsets[index]).str();
    picture.names.push_back(problem.getId(index).str());
    picture.labels.push_back(
        formatv("id {0}: {1} ({2} bytes), live {3}, {4}", problem.getId(index),
                formatHeapMapBytes(buffer.size), buffer.size,
                formatLiveRanges(buffer), where)
            .str());
  }
  return picture;
}

} // namespace memplan
