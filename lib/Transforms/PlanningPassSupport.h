//===- PlanningPassSupport.h - From generated passes to options -*- C++ -*-===//
//
// Both planning passes have the options and statistics that Passes.td gives
// them by the same names; these read the one and fill the other, so each
// pass is a few lines around runPlanning.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_LIB_TRANSFORMS_PLANNINGPASSSUPPORT_H
#define MEMPLAN_LIB_TRANSFORMS_PLANNINGPASSSUPPORT_H

#include "PlanFigures.h"
#include "PlanningOptions.h"

namespace memplan {

/// The options of a pass generated from Passes.td's planningOptions.
template <typename PassT>
PlanningOptions readPlanningOptions(const PassT &pass, PlanKind kind) {
  PlanningOptions options;
  options.kind = kind;
  options.passArgument = pass.getArgument().str();
  options.strategy = pass.strategy;
  options.alignment = pass.alignment;
  options.remarks = pass.remarks;
  options.summary = pass.summary;
  options.timeLimitSeconds = pass.timeLimit;
  options.gapTolerance = pass.gapTolerance;
  options.parallelMinBuffers = pass.parallelMinBuffers;
  options.slab = pass.slab;
  options.capacity = pass.capacity;
  options.spaceCapacity.assign(pass.spaceCapacity.begin(),
                               pass.spaceCapacity.end());
  options.spaceAlignment.assign(pass.spaceAlignment.begin(),
                                pass.spaceAlignment.end());
  options.sharedSpaces.assign(pass.sharedSpaces.begin(),
                              pass.sharedSpaces.end());
  options.arenas.assign(pass.arenas.begin(), pass.arenas.end());
  options.arenaSpace = pass.arenaSpace;
  options.maxSlabBytes = pass.maxSlabBytes;
  options.arenaSections.assign(pass.arenaSections.begin(),
                               pass.arenaSections.end());
  options.arenaChoice = pass.arenaChoice;
  options.insertBarriers = pass.insertBarriers;
  options.allocas = pass.allocas;
  options.splitLives = pass.splitLives;
  options.schedule = pass.schedule;
  options.reportFile = pass.reportFile;
  options.headerFile = pass.headerFile;
  options.applyFile = pass.applyFile;
  options.heapMapPath = pass.heapmap;
  options.sizeHint = pass.sizeHint;
  options.sizeRange = pass.sizeRange;
  return options;
}

/// Adds `figures` to the statistics of a pass generated from Passes.td's
/// planningStatistics, and prints them where MLIR cannot.
template <typename PassT>
void recordStatistics(PassT &pass, const PlanFigures &figures) {
  pass.numBuffers += figures.buffers;
  pass.numPlanned += figures.planned;
  pass.numLeftAlone += figures.getLeftAlone();
  auto leftAlone = [&](LeftAloneKind kind) {
    return figures.leftAloneByKind[static_cast<unsigned>(kind)];
  };
  pass.numDynamicShape += leftAlone(LeftAloneKind::DynamicShape);
  pass.numLayout += leftAlone(LeftAloneKind::NonIdentityLayout);
  pass.numUnsized += leftAlone(LeftAloneKind::Unsized);
  pass.numReturned += leftAlone(LeftAloneKind::Returned);
  pass.numCaptured += leftAlone(LeftAloneKind::Captured);
  pass.numFreedElsewhere += leftAlone(LeftAloneKind::FreedElsewhere);
  pass.numUnsupportedRegion += leftAlone(LeftAloneKind::UnsupportedRegion);
  pass.numLoopCarried += leftAlone(LeftAloneKind::LoopCarried);
  pass.numSlabs += figures.slabs;
  pass.slabBytes += figures.slabBytes;
  pass.naiveBytes += figures.naiveBytes;
  pass.lowerBoundBytes += figures.lowerBoundBytes;
  pass.numStackPlanned += figures.stackPlanned;
  pass.stackBytes += figures.stackBytes;
  pass.numAtUpperBound += figures.atUpperBound;
  pass.upperBoundBytes += figures.upperBoundBytes;
  pass.numAtRunTimeSize += figures.atRunTimeSize;
  pass.runTimeSizeOps += figures.runTimeSizeOps;
  pass.numGapped += figures.gapped;
  pass.numLaterLives += figures.laterLives;
#if !LLVM_ENABLE_STATS
  if (isStatisticsFallbackEnabled())
    figures.printStatistics(llvm::errs(), pass.getName());
#endif
}

} // namespace memplan

#endif // MEMPLAN_LIB_TRANSFORMS_PLANNINGPASSSUPPORT_H
