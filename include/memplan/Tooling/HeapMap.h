//===- HeapMap.h - Pictures of plans as SVG ---------------------*- C++ -*-===//
//
// A heap map draws a plan with time across and addresses down: each buffer is
// a rectangle [start, end) x [offset, offset + size) with a tooltip, under
// lines at the lower bound and at the peak. The pictures scale to a fixed
// canvas so that they stay readable from ten to thousands of buffers.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_TOOLING_HEAPMAP_H
#define MEMPLAN_TOOLING_HEAPMAP_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SlabPlan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace memplan {

/// One shared object drawn as a band of addresses behind its buffers.
struct HeapMapBand {
  uint64_t offset = 0;
  uint64_t size = 0;
  std::string label;
};

/// One picture: a plan of `buffers` at `offsets` in `peak` bytes.
struct HeapMapPicture {
  std::string title;
  llvm::SmallVector<Buffer> buffers;
  llvm::SmallVector<uint64_t> offsets;
  /// Tooltip of each buffer; buffers without one get describeBuffer's.
  llvm::SmallVector<std::string> labels;
  /// Short name of each buffer, drawn inside its rectangle when it fits;
  /// buffers without one are called `#<index>`.
  llvm::SmallVector<std::string> names;
  uint64_t lowerBound = 0;
  /// The slab size, or the total of the objects.
  uint64_t peak = 0;
  /// Shared objects only: the objects, stacked in address order.
  llvm::SmallVector<HeapMapBand> bands;
};

/// "1.5 MiB", "512 B": bytes in the largest binary unit that keeps a whole
/// number before the point, with at most two decimals.
std::string formatHeapMapBytes(uint64_t bytes);

/// When `buffer` is live, for a label: "[3, 7)", or "[3, 5) [6, 7)" for a
/// gapped lifetime.
std::string formatLiveRanges(const Buffer &buffer);

/// "buffer #3: 256 B, live [2, 7), offset 512".
std::string describeBuffer(unsigned index, const Buffer &buffer,
                           uint64_t offset);

/// A picture of a shared-objects plan: objects laid back to back in index
/// order, each buffer at the start of its object, one band per object.
HeapMapPicture makeObjectsHeapMap(llvm::ArrayRef<Buffer> buffers,
                                  llvm::ArrayRef<unsigned> objectOf,
                                  llvm::ArrayRef<uint64_t> objectSizes,
                                  uint64_t lowerBound);

/// The picture of `plan` of `buffers`, without title, names or labels: for
/// shared objects one band per object (makeObjectsHeapMap), else each
/// buffer at its offset in the slab. Both memplan-solve and the planning
/// passes draw their plans through it.
HeapMapPicture makePlanHeapMap(llvm::ArrayRef<Buffer> buffers,
                               const SlabPlan &plan, uint64_t lowerBound);

/// Writes one SVG document with `pictures` stacked top to bottom, each under
/// its title.
void writeHeapMapSvg(llvm::raw_ostream &os,
                     llvm::ArrayRef<HeapMapPicture> pictures);

} // namespace memplan

#endif // MEMPLAN_TOOLING_HEAPMAP_H
