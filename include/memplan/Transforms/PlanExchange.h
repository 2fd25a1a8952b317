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

#ifndef MEMPLAN_TRANSFORMS_PLANEXCHANGE_H
#define MEMPLAN_TRANSFORMS_PLANEXCHANGE_H

#include "memplan/Analysis/BufferLifetimes.h"
#include "memplan/Planner/Problem.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// The planned buffers of one memory space of one function, grouped exactly
/// as the planning passes group them.
struct SpaceGroup {
  mlir::FunctionOpInterface func;
  std::string functionName;
  unsigned spaceIndex = 0;
  mlir::Attribute memorySpace;
  llvm::SmallVector<const FunctionBuffer *> buffers;
  llvm::SmallVector<Buffer> problem;

  /// "@FUNC/S", the prefix of the group's ids.
  std::string getKey() const;
};

/// The buffers of every function of a module, analysed as the planning
/// passes analyse them, and their groups.
struct ModuleProblems {
  std::vector<std::vector<FunctionBuffer>> functionBuffers;
  std::vector<SpaceGroup> groups;
};
ModuleProblems collectModuleProblems(mlir::ModuleOp module,
                                     uint64_t minAlignment);

/// A function name that two functions share (say in nested modules), so
/// that their ids would clash; empty when there is none.
std::optional<std::string> findSharedName(llvm::ArrayRef<SpaceGroup> groups);

/// Writes every group as one problem: `id,lower,upper,size,alignment`.
void writeExchangeCsv(llvm::raw_ostream &os, llvm::ArrayRef<SpaceGroup> groups);

/// Offsets read from a plan file, by group key.
struct ExchangePlans {
  llvm::StringMap<Plan> plans;
};

/// Reads a plan written by memplan-solve from an exported problem and checks
/// that it belongs to `groups`: the same groups, the same buffers with the
/// same sizes, alignments and lifetimes. Errors name the function and the
/// first mismatch. The plans are not validated here.
llvm::Expected<ExchangePlans>
readExchangePlans(llvm::StringRef text, llvm::StringRef fileName,
                  llvm::ArrayRef<SpaceGroup> groups);

/// The plans of `apply=FILE`, checked against the module before anything
/// is rewritten.
class AppliedPlans {
public:
  /// Reads `path`, checks that it matches the current buffers of every
  /// function of `module` (analysed with `minAlignment`) and validates every
  /// plan with the independent validator.
  static llvm::Expected<AppliedPlans>
  load(llvm::StringRef path, mlir::ModuleOp module, uint64_t minAlignment);

  /// The plan of `memorySpace` of `func`.
  llvm::Expected<Plan> get(mlir::FunctionOpInterface func,
                           mlir::Attribute memorySpace) const;

private:
  llvm::DenseMap<std::pair<mlir::Operation *, mlir::Attribute>, Plan> plans;
};

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PLANEXCHANGE_H
