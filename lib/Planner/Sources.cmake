# The planner core's sources, relative to lib/Planner. Kept in one list for
# the library (CMakeLists.txt beside this file) and for the libFuzzer build
# (fuzz/CMakeLists.txt), which compiles them with clang's sanitizers and
# without MLIR.
#
# The strategies are globbed, one file each, so that adding one means adding
# its file and its row in include/memplan/Planner/Strategies.def;
# CONFIGURE_DEPENDS makes the build notice a new file.
file(GLOB MEMPLAN_PLANNER_STRATEGY_SOURCES CONFIGURE_DEPENDS
  RELATIVE ${CMAKE_CURRENT_LIST_DIR}
  ${CMAKE_CURRENT_LIST_DIR}/Strategies/*.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ObjectStrategies/*.cpp
  )
list(SORT MEMPLAN_PLANNER_STRATEGY_SOURCES)

set(MEMPLAN_PLANNER_SOURCES
  ArenaAssignment.cpp
  BarrierEpochs.cpp
  Best.cpp
  Bounds.cpp
  Exact/CapacitySearch.cpp
  Exact/ExactModel.cpp
  Exact/ExactSolver.cpp
  LiveRanges.cpp
  ObjectLayout.cpp
  OverlapGraph.cpp
  PinnedOffsets.cpp
  Planner.cpp
  ProblemCsv.cpp
  Schedule/DepthFirstSchedule.cpp
  Schedule/ExactSchedule.cpp
  Schedule/ListSchedule.cpp
  Schedule/ScheduleProblem.cpp
  Schedule/ScheduleSteps.cpp
  Schedule/StepBuffers.cpp
  SizeExpr.cpp
  SlabPlan.cpp
  StrategyRegistry.cpp
  SymbolicPlan.cpp
  TimeEvents.cpp
  TimeSections.cpp
  Validator.cpp
  ${MEMPLAN_PLANNER_STRATEGY_SOURCES}
  )
