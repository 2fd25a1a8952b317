//===- Passes.h - memplan passes --------------------------------*- C++ -*-===//

#ifndef MEMPLAN_TRANSFORMS_PASSES_H
#define MEMPLAN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace memplan {

#define GEN_PASS_DECL
#include "memplan/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "memplan/Transforms/Passes.h.inc"

} // namespace memplan

#endif // MEMPLAN_TRANSFORMS_PASSES_H
