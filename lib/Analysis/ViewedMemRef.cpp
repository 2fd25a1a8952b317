//===- ViewedMemRef.cpp - The memref a view reads through -----------------===//

#include "memplan/Analysis/ViewedMemRef.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value memplan::getViewedMemRef(Value value) {
  while (auto view =
             dyn_cast_if_present<ViewLikeOpInterface>(value.getDefiningOp()))
    value = view.getViewSource();
  return value;
}
