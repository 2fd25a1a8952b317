//===- plan-records.cpp - The planner core on plain records ---------------===//
//
// What a runtime or an offline tool does with memplan's planner core alone:
// read buffers as records of lifetime, size and alignment, plan them with a
// few strategies, check each plan with the validator and keep the smallest.
// No MLIR.
//
//   memplan-example-plan-records PROBLEM.csv [STRATEGY...]
//
// PROBLEM.csv is MiniMalloc's format (id,lower,upper,size[,alignment]); the
// strategies default to greedy-size, greedy-breadth and strip-best-fit.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/Planner.h"
#include "memplan/Planner/ProblemCsv.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace memplan;

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: " << argv[0] << " PROBLEM.csv [STRATEGY...]\n";
    return 2;
  }
  llvm::StringRef fileName = argv[1];
  llvm::SmallVector<llvm::StringRef> strategies;
  for (int i = 2; i < argc; ++i)
    strategies.push_back(argv[i]);
  if (strategies.empty())
    strategies = {"greedy-size", "greedy-breadth", "strip-best-fit"};

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text =
      llvm::MemoryBuffer::getFile(fileName);
  if (!text) {
    llvm::errs() << fileName << ": " << text.getError().message() << "\n";
    return 1;
  }
  llvm::Expected<CsvProblem> problem =
      readProblemCsv((*text)->getBuffer(), fileName);
  if (!problem) {
    llvm::errs() << llvm::toString(problem.takeError()) << "\n";
    return 2;
  }
  llvm::ArrayRef<Buffer> buffers = problem->buffers;

  llvm::Expected<uint64_t> lowerBound =
      computeLowerBound(PlanKind::Offsets, buffers);
  llvm::Expected<uint64_t> naive = computeNaiveSize(PlanKind::Offsets, buffers);
  if (!lowerBound || !naive) {
    llvm::consumeError(lowerBound.takeError());
    llvm::consumeError(naive.takeError());
    llvm::errs() << fileName << ": the sizes overflow 64 bits\n";
    return 2;
  }
  llvm::outs() << fileName << ": " << buffers.size() << " buffers, lower bound "
               << *lowerBound << " bytes, naive " << *naive << " bytes\n";

  std::optional<SlabPlan> smallest;
  for (llvm::StringRef name : strategies) {
    std::unique_ptr<Planner> planner = createPlanner(PlanKind::Offsets, name);
    if (!planner) {
      llvm::errs() << "unknown strategy '" << name << "'\n";
      return 2;
    }
    llvm::Expected<SlabPlan> plan = planner->plan(buffers);
    if (!plan) {
      llvm::errs() << name << ": " << llvm::toString(plan.takeError()) << "\n";
      return 1;
    }
    // A plan is trusted only once the validator, which shares no code with
    // the strategies, has checked it.
    if (llvm::Error invalid = validateSlabPlan(buffers, *plan)) {
      llvm::errs() << name
                   << ": invalid plan: " << llvm::toString(std::move(invalid))
                   << "\n";
      return 3;
    }
    uint64_t size = plan->getTotalSize();
    llvm::outs() << "  " << name << ": " << size << " bytes";
    llvm::outs() << llvm::format(", %.3f x the lower bound\n",
                                 double(size) / double(*lowerBound));
    if (!smallest || size < smallest->getTotalSize())
      smallest = std::move(*plan);
  }

  llvm::outs() << "smallest: " << smallest->outcome.strategy << ", "
               << smallest->getTotalSize() << " bytes; offsets:\n";
  writeOffsetsCsv(llvm::outs(), *problem, smallest->offsets);
  return 0;
}
