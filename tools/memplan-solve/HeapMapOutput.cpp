//===- HeapMapOutput.cpp - memplan-solve's --heapmap ----------------------===//

#include "HeapMapOutput.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace memplan {

HeapMapPicture makeSolutionHeapMap(const CsvProblem &problem,
                                   const Solution &solution,
                                   uint64_t lowerBound, StringRef title) {
  bool objects = !solution.objectOf.empty();
  HeapMapPicture picture;
  if (objects) {
    picture = makeObjectsHeapMap(problem.buffers, solution.objectOf,
                                 solution.objectSizes, lowerBound);
  } else {
    picture.buffers = problem.buffers;
    picture.offsets = solution.offsets;
    picture.lowerBound = lowerBound;
    picture.peak = solution.bytes;
  }
  picture.title = title.str();
  for (auto [index, buffer] : enumerate(problem.buffers)) {
    std::string where =
        objects ? formatv("object {0}", solution.objectOf[index]).str()
                : formatv("offset {0}", solution.offsets[index]).str();
    picture.names.push_back(problem.ids[index]);
    picture.labels.push_back(
        formatv("id {0}: {1} ({2} bytes), live [{3}, {4}), {5}",
                problem.ids[index], formatHeapMapBytes(buffer.size),
                buffer.size, buffer.start, buffer.end, where)
            .str());
  }
  return picture;
}

} // namespace memplan
