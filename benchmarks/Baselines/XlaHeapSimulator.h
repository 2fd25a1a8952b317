//===- XlaHeapSimulator.h - XLA's decreasing-size best-fit heap -*- C++ -*-===//
//
// A labelled baseline for comparisons, not a strategy: the rule by which
// XLA's buffer assignment lays out one heap when nothing constrains it
// (GlobalDecreasingSizeBestFitHeap in xla/service/heap_simulator, run once
// in the spatial order and once in the temporal order, keeping the smaller
// heap; ChooseBestHeapAlgorithm), written here from what that code does.
//
// Buffers are taken in one order and never moved. Each goes into the finite
// gap between the buffers placed so far that overlap it in time whose size,
// counted from its aligned start, is smallest among those that hold it (the
// lowest of equal ones), at that start; if none holds it, above the highest
// of them. A heap has one alignment, to which the end of every buffer below
// a gap is rounded: here the largest of the buffers' alignments. The
// orders:
//
//  * spatial: larger size first, then longer lifetime, then lower index;
//  * temporal: longer lifetime first, then larger size, then lower index.
//
// XLA counts lifetimes in allocation and free events, of which a schedule
// step may hold several, so where lifetimes tie in steps it may order
// buffers otherwise; the gaps and the choice among them are the same. Read
// at openxla/xla 0e06ac82 (heap_simulator.cc) and bfbc776e
// (buffer_assignment.cc).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_BENCHMARKS_BASELINES_XLAHEAPSIMULATOR_H
#define MEMPLAN_BENCHMARKS_BASELINES_XLAHEAPSIMULATOR_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace memplan::benchmarks {

enum class XlaHeapOrder { Spatial, Temporal };

/// The offset of each buffer in the heap of `order`; the slab is the largest
/// end. A buffer that occupies no memory goes to 0.
std::vector<uint64_t> planByXlaHeap(llvm::ArrayRef<Buffer> buffers,
                                    XlaHeapOrder order);

/// The smaller of the two heaps, the spatial one on a tie, as XLA's buffer
/// assignment keeps by default.
std::vector<uint64_t> planByXlaBestHeap(llvm::ArrayRef<Buffer> buffers);

} // namespace memplan::benchmarks

#endif // MEMPLAN_BENCHMARKS_BASELINES_XLAHEAPSIMULATOR_H
