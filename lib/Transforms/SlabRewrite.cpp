//===- SlabRewrite.cpp - Turns planned buffers into views of a slab -------===//

#include "memplan/Transforms/SlabRewrite.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <map>

using namespace mlir;

namespace memplan {

void rewriteIntoSlab(FunctionOpInterface func, Attribute memorySpace,
                     uint64_t slabSize, uint64_t slabAlignment,
                     ArrayRef<PlacedBuffer> placed, StringRef slabName) {
  MLIRContext *context = func->getContext();
  Region &body = func.getFunctionBody();
  OpBuilder builder = OpBuilder::atBlockBegin(&body.front());
  Location slabLoc =
      NameLoc::get(StringAttr::get(context, slabName), func.getLoc());
  auto slabType =
      MemRefType::get({static_cast<int64_t>(slabSize)}, builder.getI8Type(),
                      MemRefLayoutAttrInterface(), memorySpace);
  Value slab = memref::AllocOp::create(
      builder, slabLoc, slabType,
      builder.getI64IntegerAttr(static_cast<int64_t>(slabAlignment)));

  // One constant per distinct offset, in increasing order right after the
  // slab, so that the plan reads at the top of the function.
  std::map<uint64_t, Value> offsets;
  for (const PlacedBuffer &entry : placed)
    offsets[entry.offset];
  for (auto &[offset, value] : offsets)
    value = arith::ConstantIndexOp::create(builder, slabLoc,
                                           static_cast<int64_t>(offset));

  for (const PlacedBuffer &entry : placed) {
    memref::AllocOp alloc = entry.buffer->alloc;
    builder.setInsertionPoint(alloc);
    Value view =
        memref::ViewOp::create(builder, alloc.getLoc(), alloc.getType(), slab,
                               offsets[entry.offset], ValueRange());
    for (Operation *dealloc : entry.buffer->deallocs)
      dealloc->erase();
    alloc.getResult().replaceAllUsesWith(view);
    alloc->erase();
  }

  // The slab lives as long as the function: free it on every way out.
  for (Block &block : body) {
    if (block.empty())
      continue;
    Operation *terminator = &block.back();
    if (!terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    builder.setInsertionPoint(terminator);
    memref::DeallocOp::create(builder, slabLoc, slab);
  }
}

} // namespace memplan
