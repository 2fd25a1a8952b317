//===- PlanExchange.h - Planning problems out, plans back in ----*- C++ -*-===//
//
// `memplan-export` writes the planning problems of a module as one
// memplan-solve CSV file; `memplan-offsets{apply=FILE}` reads a plan of that
// file back (docs/plan-exchange.md). Each (function, memory space) is a group
// with ids `@FUNC/S/N`: the N-th planned buffer of the S-th memory space of
// @FUNC, in the order the pass plans them. Groups are shifted in time so that
// they never overlap: memplan-solve then plans them all at once, as if
// separately.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANEXCHANGE_H
#define MEMPLAN_LIB_TRANSFORMS_PLANEXCHANGE_H

#include "ModuleBuffers.h"

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// A function name that two functions share (say in nested modules), so
/// that their ids would clash; empty when there is none.
std::optional<std::string> findSharedName(llvm::ArrayRef<SpaceProblem> spaces);

/// Writes every space as one problem: `id,lower,upper,size,alignment`,
/// and `accessed` (FunctionBuffer::accessedBytes) with `withAccessedBytes`.
void writeExchangeCsv(llvm::raw_ostream &os,
                      llvm::ArrayRef<SpaceProblem> spaces,
                      bool withAccessedBytes = false);

/// Offsets read from a plan file, by space key.
struct ExchangePlans {
  /// Each group's offsets as the file has them (0 where blank).
  llvm::StringMap<Plan> plans;
  /// Each group's offsets given, where some of its rows leave theirs blank
  /// (a partial plan); absent where every row gives one.
  llvm::StringMap<llvm::SmallVector<std::optional<uint64_t>>> partial;
  /// Each group's buffers as the file has them, lifetimes shifted by the
  /// export, so that errors speak of the file's times and offsets.
  llvm::StringMap<std::vector<Buffer>> fileBuffers;
};

/// Reads a plan written by memplan-solve from an exported problem and checks
/// that it belongs to `spaces`: the same spaces, the same buffers with the
/// same sizes, alignments and lifetimes. Errors name the function and the
/// first mismatch. The plans are neither validated nor moved down here.
llvm::Expected<ExchangePlans>
readExchangePlans(llvm::StringRef text, llvm::StringRef fileName,
                  llvm::ArrayRef<SpaceProblem> spaces);

/// What `apply=FILE` gives a space: its whole plan, or (a partial plan,
/// whose rows leave some offsets blank) the offsets it pins, the rest to be
/// planned around them.
struct AppliedPlan {
  Plan plan;
  /// One per buffer where the plan is partial; empty where it is whole.
  llvm::SmallVector<std::optional<uint64_t>> pins;
};

/// The plans of `apply=FILE` for `spaces`, in their order: reads `path`,
/// checks that it matches the buffers of every space, and validates each
/// whole plan against its space's problem with the independent validator,
/// and the pins of each partial one among themselves (findPinConflict,
/// naming the rows). Each whole plan's outcome names "apply" and its
/// details the file. Errors are the user's (a stale or foreign file) and
/// name the function and the mismatch.
llvm::Expected<std::vector<AppliedPlan>>
loadAppliedPlans(llvm::StringRef path, llvm::ArrayRef<SpaceProblem> spaces);

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANEXCHANGE_H
