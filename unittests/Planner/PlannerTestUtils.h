//===- PlannerTestUtils.h - Helpers shared by the planner tests -*- C++ -*-===//

#ifndef MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H
#define MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/Strategy.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// A buffer of `size` bytes live on [start, end), aligned to `alignment`.
inline Buffer makeBuffer(uint64_t size, uint64_t start, uint64_t end,
                         uint64_t alignment = 1) {
  Buffer buffer;
  buffer.size = size;
  buffer.alignment = alignment;
  buffer.start = start;
  buffer.end = end;
  return buffer;
}

/// The message of `error`, or the empty string on success.
inline std::string errorMessage(llvm::Error error) {
  if (!error)
    return "";
  return llvm::toString(std::move(error));
}

/// Runs the strategy called `name`; records a test failure and returns
/// nullopt if it does not exist or fails.
inline std::optional<Plan> runStrategy(llvm::StringRef name,
                                       llvm::ArrayRef<Buffer> buffers) {
  std::unique_ptr<OffsetStrategy> strategy = createOffsetStrategy(name);
  if (!strategy) {
    ADD_FAILURE() << "no strategy called " << name.str();
    return std::nullopt;
  }
  llvm::Expected<Plan> plan = strategy->plan(buffers);
  if (!plan) {
    ADD_FAILURE() << name.str()
                  << " failed: " << errorMessage(plan.takeError());
    return std::nullopt;
  }
  return std::move(*plan);
}

/// The offsets of `plan` in a form that gtest prints.
inline std::vector<uint64_t> offsetsOf(const Plan &plan) {
  return std::vector<uint64_t>(plan.offsets.begin(), plan.offsets.end());
}

} // namespace memplan

#endif // MEMPLAN_UNITTESTS_PLANNER_PLANNERTESTUTILS_H
