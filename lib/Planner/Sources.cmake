# The planner core's sources, relative to lib/Planner. Kept in one list for
# the library (CMakeLists.txt beside this file) and for the libFuzzer build
# (fuzz/CMakeLists.txt), which compiles them with clang's sanitizers and
# without MLIR.
set(MEMPLAN_PLANNER_SOURCES
  Bounds.cpp
  Exact/CapacitySearch.cpp
  Exact/ExactModel.cpp
  Exact/ExactSolver.cpp
  ObjectLayout.cpp
  ObjectStrategies/Best.cpp
  ObjectStrategies/GreedyByBreadth.cpp
  ObjectStrategies/GreedyBySize.cpp
  ObjectStrategies/GreedyBySizeImproved.cpp
  ObjectStrategies/GreedyInOrder.cpp
  ObjectStrategies/MinCostFlow.cpp
  ObjectStrategies/Naive.cpp
  ObjectStrategies/ObjectSet.cpp
  ObjectStrategyRegistry.cpp
  OverlapGraph.cpp
  Planner.cpp
  ProblemCsv.cpp
  SlabPlan.cpp
  Strategies/Best.cpp
  Strategies/Exact.cpp
  Strategies/FromObjects.cpp
  Strategies/GapPlacement.cpp
  Strategies/Gergov.cpp
  Strategies/GreedyByBreadth.cpp
  Strategies/GreedyBySize.cpp
  Strategies/HillClimb.cpp
  Strategies/Naive.cpp
  Strategies/PathCover.cpp
  Strategies/StartBestFit.cpp
  Strategies/StripBestFit.cpp
  StrategyRegistry.cpp
  Validator.cpp
  )
