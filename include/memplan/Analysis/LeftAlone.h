//===- LeftAlone.h - Why a buffer is left as it was -------------*- C++ -*-===//

#ifndef MEMPLAN_ANALYSIS_LEFTALONE_H
#define MEMPLAN_ANALYSIS_LEFTALONE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace memplan {

/// The kinds of reason, each counted by its own pass statistic.
enum class LeftAloneKind {
  DynamicShape,
  NonIdentityLayout,
  Unsized,
  Returned,
  Captured,
  FreedElsewhere,
  UnsupportedRegion,
  LoopCarried,
};

constexpr unsigned kNumLeftAloneKinds =
    static_cast<unsigned>(LeftAloneKind::LoopCarried) + 1;

/// A short name for reports, e.g. "returned".
llvm::StringRef getLeftAloneKindName(LeftAloneKind kind);

/// A reason to leave a buffer alone: its kind and a message for people.
struct LeftAlone {
  LeftAloneKind kind;
  std::string message;
};

/// How reasons name an op: its name in quotes, e.g. "'scf.forall'".
std::string quoteOp(mlir::Operation *op);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_LEFTALONE_H
